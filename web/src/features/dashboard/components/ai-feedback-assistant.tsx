import { SparkIcon, TemplateIcon, WaveIcon } from '@/components/icons';
import { Panel } from '@/components/panel';
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
    <Panel title="AI Feedback Assistant" titleId="ai-title" testId="ai-feedback-assistant" headed>
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
    </Panel>
  );
}
