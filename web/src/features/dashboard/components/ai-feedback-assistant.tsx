import type { ReactNode } from 'react';
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
];

/**
 * The AI Feedback Assistant panel: two Coming Soon cards, and Technical Analysis, which shows `analysis` (the
 * tracks to rate with their figures) when given.
 */
export function AiFeedbackAssistant({ analysis }: { analysis?: ReactNode }) {
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
        <article className="soon-card" data-testid="technical-analysis">
          <div className="soon-card-top">
            <span className="soon-icon">
              <WaveIcon />
            </span>
          </div>
          <h3>Technical Analysis</h3>
          <p>Each track's loudness, true peak and range, measured when it was uploaded: open a request for the whole report.</p>
          {analysis}
        </article>
      </div>
    </Panel>
  );
}
