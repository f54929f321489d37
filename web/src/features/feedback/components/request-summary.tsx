import type { ShareView } from '@shared/schemas/shares';
import { CategoryTags } from './category-toggles';
import { contextLabel, purposeLabel } from '@/features/feedback/utils/share';

/** What the musician asked for: notes, context, purpose, reference track and focus categories. */
export function RequestSummary({ share }: { share: ShareView }) {
  const o = share.shareOptions;
  const reference = o.referenceTrack?.trim();
  const isLink = !!reference && /^https?:\/\//i.test(reference);
  return (
    <dl className="request-summary" data-testid="request-summary">
      <div>
        <dt>Feedback notes</dt>
        <dd data-testid="request-notes">{o.feedbackNotes}</dd>
      </div>
      <div>
        <dt>Context</dt>
        <dd data-testid="request-context">{contextLabel(o.context)}</dd>
      </div>
      {o.trackPurpose && (
        <div>
          <dt>Track purpose</dt>
          <dd>{purposeLabel(o.trackPurpose)}</dd>
        </div>
      )}
      {reference && (
        <div>
          <dt>Reference track</dt>
          <dd>
            {isLink ? (
              <a href={reference} target="_blank" rel="noreferrer noopener">
                {reference}
              </a>
            ) : (
              reference
            )}
          </dd>
        </div>
      )}
      {o.categories && o.categories.length > 0 && (
        <div>
          <dt>Focus</dt>
          <dd className="comment-tags">
            <CategoryTags tags={o.categories} />
          </dd>
        </div>
      )}
    </dl>
  );
}
