import { SparkIcon, TemplateIcon, WaveIcon } from '@/components/icons';
import { ComingSoonBadge } from './coming-soon';

const CARDS = [
  {
    title: 'Smart Suggestions',
    text: 'Comment ideas drafted from what you hear, ready to accept or discard.',
    Icon: SparkIcon,
  },
  {
    title: 'Feedback Templates',
    text: 'Reusable structures for thorough, consistent reviews.',
    Icon: TemplateIcon,
  },
  {
    title: 'Technical Analysis',
    text: 'Loudness, dynamics and frequency balance at a glance.',
    Icon: WaveIcon,
  },
];

/** The AI Feedback Assistant panel with its three Coming Soon cards. */
export function AiFeedbackAssistant() {
  return (
    <section className="panel" aria-labelledby="ai-title" data-testid="ai-feedback-assistant">
      <div className="panel-head">
        <h2 id="ai-title" className="panel-title">
          AI Feedback Assistant
        </h2>
      </div>
      <div className="soon-grid">
        {CARDS.map(({ title, text, Icon }) => (
          <article key={title} className="soon-card">
            <div className="soon-card-top">
              <span className="soon-icon">
                <Icon />
              </span>
              <ComingSoonBadge />
            </div>
            <h3>{title}</h3>
            <p>{text}</p>
          </article>
        ))}
      </div>
    </section>
  );
}
