import { ReceiptCard } from '@/components/receipt-card';
import { checkReceipt } from '@/features/feedback/api/share-actions';
import { CLOSED_STATUSES } from '@shared/feedback';
import { formatCents } from '@shared/money';
import { declineReasonLabel } from '@shared/review';
import type { ShareDetail } from '@shared/schemas/shares';
import { ReputationLine } from '@/components/reputation-line';
import { WorldClassBadge } from '@/components/world-class-badge';
import { StarScore } from '@/components/star-score';
import { useAddComment } from '@/features/feedback/api/share-actions';
import { useShareTimeline } from '@/features/feedback/hooks/use-share-timeline';
import { TimelinePlayer } from './timeline-player';
import { canChangeComments, isOpenForComments, type Viewer } from '@/features/feedback/utils/share';
import { useStickyPlayer } from '@/features/feedback/hooks/use-sticky-player';
import { answerPlaceholder, CommentComposer, commentPlaceholder } from './comment-composer';
import { CommentList } from './comment-list';
import { CoverageStrip } from './coverage-strip';
import { CriteriaBars, NotApplicableNote } from './criteria';
import { RatingForm, RatingThanks } from './rating-form';
import { ReviewReport } from './review-report';
import { RecheckChecklist } from './recheck-checklist';
import { RequestRecheck } from './recheck-dialog';
import { PublicLink } from './public-link';
import { ReviewsSideBySide } from './reviews-side-by-side';
import { BlockTitle } from './block-title';

function waitingText(detail: ShareDetail, isAuthor: boolean): string | null {
  const { share } = detail;
  const other = isAuthor ? share.sharedWithName : share.sharedByName;
  switch (share.status) {
    case 'pending':
      return isAuthor ? `Waiting for ${other} to accept your request.` : 'You have not answered this request yet.';
    case 'accepted':
      return isAuthor ? `In progress: ${other} is listening. The review appears here, all of it at once, when it is submitted.` : null;
    case 'declined': {
      const why = share.decline
        ? ` (${declineReasonLabel(share.decline.reason)}${share.decline.text ? `: ${share.decline.text}` : ''})`
        : '';
      const refund = share.paid ? ` You are refunded ${formatCents(share.paid.amountCents)} in full.` : '';
      return isAuthor ? `${other} declined this request${why}.${refund}` : `You declined this request${why}.`;
    }
    default:
      return null;
  }
}

/**
 * The feedback on a shared track: the player with a marker per comment, the criteria bars, the timeline
 * comments in time order (the one near the playhead highlighted; a click seeks there), the general
 * feedback, then the box to ask (or answer) a question, and for the musician who asked, the rating form
 * once it is complete.
 */
export function FeedbackView({ detail, viewer }: { detail: ShareDetail; viewer: Viewer }) {
  const { share, feedback, comments, ranking } = detail;
  const timeline = useShareTimeline(share, comments, detail.checklist);
  const add = useAddComment(share.id);
  const isAuthor = viewer.id === share.sharedByUserId;
  // The other side deleted their account: the request stays, nobody is there to answer.
  const otherLeft = share.leftBy === (isAuthor ? 'reviewer' : 'author');
  const open = !otherLeft && isOpenForComments(share.status, isAuthor);
  const waiting = waitingText(detail, isAuthor);
  const canRate = isAuthor && viewer.type === 'musician' && share.status === 'completed' && !!feedback && !ranking;
  const composerTitle = isAuthor ? `Ask ${share.sharedWithName} a question` : `Reply to ${share.sharedByName}`;
  // A closed request no longer shares its audio with the reviewer (the server refuses the link).
  // Nor does a track deleted with its musician's account.
  const mayListen = share.leftBy !== 'author' && (isAuthor || !CLOSED_STATUSES.includes(share.status));
  const detailRef = useStickyPlayer<HTMLDivElement>(mayListen);
  const coverage = detail.listening && share.status === 'completed' && (
    <CoverageStrip listening={detail.listening} duration={share.trackDuration} />
  );

  return (
    <div className="feedback-detail" data-testid="feedback-detail" ref={detailRef}>
      {isAuthor && detail.reviewerReputation && (
        <div className="reviewer-line" data-testid="reviewer-line">
          <span className="small">{share.sharedWithName}</span>
          {share.reviewerWorldClass && <WorldClassBadge />}
          <ReputationLine reputation={detail.reviewerReputation} />
        </div>
      )}
      {mayListen ? (
        <TimelinePlayer timeline={timeline}>{coverage}</TimelinePlayer>
      ) : (
        <p className="muted small" data-testid="audio-closed">
          {share.leftBy === 'author'
            ? 'The musician deleted their account, and this track with it.'
            : 'This request is closed: its track is no longer shared with you.'}
        </p>
      )}
      {!mayListen && coverage}
      {detail.receipt && <ReceiptCard receipt={detail.receipt} onCheck={() => checkReceipt(detail.receipt!)} />}

      {detail.checklist && <RecheckChecklist share={share} items={detail.checklist} isReviewer={!isAuthor} onSeek={timeline.seek} />}

      {waiting && (
        <p className="muted small" data-testid="feedback-waiting">
          {waiting}
        </p>
      )}

      {feedback && (
        <section className="form-block">
          <BlockTitle>Ratings</BlockTitle>
          {Object.keys(feedback.criteria).length > 0 ? (
            <CriteriaBars criteria={feedback.criteria} />
          ) : (
            <p className="muted small">No criteria were rated.</p>
          )}
          <NotApplicableNote keys={feedback.notApplicable} />
        </section>
      )}

      {(comments.length > 0 || open) && (
        <section className="form-block">
          <BlockTitle>Timeline comments</BlockTitle>
          <CommentList
            share={share}
            comments={comments}
            viewerId={viewer.id}
            activeIds={timeline.activeIds}
            onSeek={timeline.seek}
            editable={canChangeComments(share.status, isAuthor)}
          />
        </section>
      )}

      {feedback?.comment && (
        <section className="form-block" data-testid="general-feedback">
          <BlockTitle>General feedback</BlockTitle>
          <p className="general-feedback-text" data-testid="general-feedback-text">
            {feedback.comment}
          </p>
          <p className="muted small">— {share.sharedWithName}</p>
        </section>
      )}

      {otherLeft && (
        <p className="muted small" data-testid="participant-left">
          The {isAuthor ? 'reviewer' : 'musician'} deleted their account: this conversation is closed.
        </p>
      )}
      {/* After everything the reviewer wrote, so the feedback reads in one piece before the reply box. */}
      {open && (
        <section className="form-block" data-testid="feedback-reply">
          <BlockTitle>{composerTitle}</BlockTitle>
          <CommentComposer
            mode="new"
            getPlayhead={timeline.getPlayhead}
            duration={share.trackDuration}
            placeholder={isAuthor ? commentPlaceholder(viewer.type, isAuthor) : answerPlaceholder(share.sharedByName)}
            onSubmit={(draft) => add.mutateAsync(draft)}
          />
        </section>
      )}

      {share.recheckOf && share.status === 'completed' && <ReviewsSideBySide detail={detail} />}
      {isAuthor && share.status === 'completed' && feedback && (
        <div className="button-row">
          <RequestRecheck share={share} />
          <PublicLink shareId={share.id} />
        </div>
      )}

      <ReviewReport detail={detail} viewer={viewer} />
      {canRate && <RatingForm shareId={share.id} />}
      {ranking && isAuthor && <RatingThanks rating={ranking.rating} comment={ranking.comment} />}
      {ranking && !isAuthor && (
        <div data-testid="rating-received">
          <p className="muted small rating-given">
            {share.sharedByName} rated this feedback <StarScore value={ranking.rating} />
          </p>
          {ranking.comment && <p className="muted small rating-given-comment">“{ranking.comment}”</p>}
        </div>
      )}
    </div>
  );
}
