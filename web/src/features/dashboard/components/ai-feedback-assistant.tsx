import type { ReactNode } from 'react';
import { WaveIcon } from '@/components/icons';
import { SparkIcon, TemplateIcon } from '@/components/icons-extra';
import { Panel } from '@/components/panel';
import { formatDate } from '@/lib/dates';
import { useSuggestionUsage } from '@/features/dashboard/api/assistant';
import { TemplatesManager } from './templates-manager';
import '@/features/dashboard/assistant.css';

/** 'You have used AI Suggest 3 times, last on 4 Mar 2025.' */
export function usageText(used: number, lastUsedAt: string | null): string {
  if (used === 0) return 'You have not used AI Suggest yet.';
  const times = used === 1 ? 'once' : used === 2 ? 'twice' : `${used} times`;
  return `You have used AI Suggest ${times}${lastUsedAt ? `, last on ${formatDate(lastUsedAt)}` : ''}.`;
}

function SmartSuggestions() {
  const usage = useSuggestionUsage();
  return (
    <article className="soon-card" data-testid="smart-suggestions">
      <div className="soon-card-top">
        <span className="soon-icon">
          <SparkIcon />
        </span>
      </div>
      <h3>Smart Suggestions</h3>
      <p>
        While reviewing, write your comment, then choose AI Suggest under the comment box: it rewrites your draft into a more specific
        comment. Accept copies it into the box to edit or submit; Discard keeps yours.
      </p>
      <p className="assistant-usage" role="status" data-testid="suggestion-usage">
        {usage.data
          ? usageText(usage.data.used, usage.data.lastUsedAt)
          : usage.isError
            ? 'How often you used it could not be loaded.'
            : 'Loading...'}
      </p>
    </article>
  );
}

/**
 * The AI Feedback Assistant panel: how to use AI Suggest and how often the reviewer has, their comment
 * templates, and Technical Analysis, which shows `analysis` (the tracks to rate with their figures) when given.
 */
export function AiFeedbackAssistant({ analysis }: { analysis?: ReactNode }) {
  return (
    <Panel title="AI Feedback Assistant" titleId="ai-title" testId="ai-feedback-assistant" headed>
      <div className="soon-grid">
        <SmartSuggestions />
        <article className="soon-card" data-testid="feedback-templates">
          <div className="soon-card-top">
            <span className="soon-icon">
              <TemplateIcon />
            </span>
          </div>
          <h3>Feedback Templates</h3>
          <p>Your own comments, saved once and inserted under the comment box with 'Insert template'.</p>
          <TemplatesManager />
        </article>
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
