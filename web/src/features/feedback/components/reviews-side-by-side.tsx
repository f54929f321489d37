import type { ShareDetail } from '@shared/schemas/shares';
import { formatDate } from '@/lib/dates';
import { useShareDetail } from '@/features/feedback/api/shares';
import type { Criteria } from '@/features/feedback/utils/ratings';
import { CriteriaBars } from './criteria';

/** One review in a column: its version, when, the scores and the general comment. */
function ReviewColumn({ heading, detail }: { heading: string; detail: ShareDetail }) {
  const { share, feedback } = detail;
  return (
    <section className="review-column" aria-label={heading} data-testid="review-column">
      <h5 className="review-column-title">{heading}</h5>
      <p className="muted small">
        {share.trackTitle}, {formatDate(feedback?.createdAt ?? share.updatedAt)}
      </p>
      {feedback && Object.keys(feedback.criteria).length > 0 ? (
        <CriteriaBars criteria={feedback.criteria as Criteria} />
      ) : (
        <p className="muted small">No criteria were rated.</p>
      )}
      {feedback?.comment && <p className="general-feedback-text">{feedback.comment}</p>}
    </section>
  );
}

/** A completed re-check beside the review it checked: the same reviewer's scores and words on both versions. */
export function ReviewsSideBySide({ detail }: { detail: ShareDetail }) {
  const first = useShareDetail(detail.share.recheckOf ?? '', Boolean(detail.share.recheckOf));
  return (
    <details className="form-block reviews-side-by-side" data-testid="reviews-side-by-side">
      <summary className="block-title">Both reviews side by side</summary>
      {first.data ? (
        <div className="review-columns">
          <ReviewColumn heading="First review" detail={first.data} />
          <ReviewColumn heading="Re-check" detail={detail} />
        </div>
      ) : (
        <p className="muted small">{first.isError ? 'The first review is no longer there.' : 'Loading the first review...'}</p>
      )}
    </details>
  );
}
