import { commentPlace } from '@shared/clock';
import type { ShareDetail } from '@shared/schemas/shares';
import { formatDate } from '@/lib/dates';
import { useShareDetail } from '@/features/feedback/api/shares';
import type { Criteria } from '@/features/feedback/utils/ratings';
import { CriteriaBars } from './criteria';

/** The reviewer's comments of a review as it was submitted, in the track's time order (general ones last). */
function reviewComments({ share, feedback, comments }: ShareDetail) {
  const mine = comments.filter((c) => c.userId === share.sharedWithUserId && (!feedback || c.createdAt <= feedback.createdAt));
  return [...mine].sort((a, b) => (a.timestamp ?? Infinity) - (b.timestamp ?? Infinity) || a.createdAt.localeCompare(b.createdAt));
}

/** One review in a column: its version, when, the scores, the general comment and each comment at its moment. */
function ReviewColumn({ heading, detail }: { heading: string; detail: ShareDetail }) {
  const { share, feedback } = detail;
  const comments = reviewComments(detail);
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
      {comments.length > 0 && (
        <ol className="review-column-comments" aria-label={`${heading}: comments`}>
          {comments.map((c) => (
            <li key={c.id} data-testid="review-column-comment">
              <span className="review-column-place">{commentPlace(c) ?? 'General'}</span> {c.text}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** A completed re-check beside the review it checked: the same reviewer's scores, words and moments on both versions. */
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
