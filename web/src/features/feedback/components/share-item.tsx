import { useEffect, useId, useRef, useState } from 'react';
import type { ShareView } from '@shared/schemas/shares';
import { Alert } from '@/components/alert';
import { AudioPlayer } from '@/components/audio-player';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/dialog';
import { ChevronDownIcon } from '@/components/icons';
import { StarScore } from '@/components/star-rating';
import { errorMessage } from '@/lib/errors';
import { formatDate } from '@/lib/dates';
import { formatCents } from '@shared/money';
import { getShareAudioUrl, useRespondToShare, useShareDetail } from '@/features/feedback/api/shares';
import type { Viewer } from '@/features/feedback/utils/share';
import { onOpenShareRequest, shareAnchor, shareIdInHash } from '@/features/feedback/utils/share-anchor';
import { FeedbackView } from './feedback-view';
import { RequestSummary } from './request-summary';
import { ReviewerForm } from './reviewer-form';
import { StatusBadge } from './status-badge';

/** A pending request as the reviewer sees it: the track to listen to, and Accept or Decline (confirmed: it is final). */
function PendingRequest({ share }: { share: ShareView }) {
  const respond = useRespondToShare();
  const [confirmingDecline, setConfirmingDecline] = useState(false);
  const track = { id: share.trackId, title: share.trackTitle, duration: share.trackDuration, peaks: share.trackPeaks };
  return (
    <div className="pending-request">
      <AudioPlayer track={track} loadUrl={() => getShareAudioUrl(share.trackId)} />
      {respond.isError && (
        <Alert tone="error" testId="respond-error">
          {errorMessage(respond.error, 'Failed to answer the request')}
        </Alert>
      )}
      <div className="button-row">
        <Button
          onClick={() => respond.mutate({ id: share.id, status: 'accepted' })}
          busy={respond.isPending && respond.variables?.status === 'accepted'}
          disabled={respond.isPending}
          data-testid="share-accept"
        >
          Accept
        </Button>
        <Button variant="secondary" onClick={() => setConfirmingDecline(true)} disabled={respond.isPending} data-testid="share-decline">
          Decline
        </Button>
      </div>
      <ConfirmDialog
        open={confirmingDecline}
        title="Decline this request?"
        description={`${share.sharedByName} will see "${share.trackTitle}" as declined${share.paid ? ` and be refunded ${formatCents(share.paid.amountCents)} in full` : ''}. You cannot accept it afterwards.`}
        confirmLabel="Decline"
        busyLabel="Declining..."
        busy={respond.isPending && respond.variables?.status === 'declined'}
        error={respond.isError && respond.variables?.status === 'declined' ? errorMessage(respond.error, 'Failed to answer the request') : null}
        onConfirm={() => respond.mutate({ id: share.id, status: 'declined' }, { onSuccess: () => setConfirmingDecline(false) })}
        onCancel={() => setConfirmingDecline(false)}
        testId="decline-dialog"
      />
    </div>
  );
}

/** The expanded part of a share: what was asked, then the reviewer's form or the feedback. */
function ShareBody({ share, viewer }: { share: ShareView; viewer: Viewer }) {
  const detail = useShareDetail(share.id);
  if (detail.isPending) {
    return (
      <div className="tracks-loading" role="status">
        <span className="spinner" aria-hidden="true" />
        <span>Loading...</span>
      </div>
    );
  }
  if (detail.isError) {
    return (
      <Alert tone="error" testId="share-error">
        {errorMessage(detail.error, 'Failed to load the feedback')}{' '}
        <button type="button" className="link-button" onClick={() => void detail.refetch()}>
          Try again
        </button>
      </Alert>
    );
  }
  const current = detail.data.share;
  const isReviewer = viewer.id === current.sharedWithUserId;
  return (
    <>
      <RequestSummary share={current} />
      {isReviewer && current.status === 'pending' ? (
        <PendingRequest share={current} />
      ) : isReviewer && current.status === 'accepted' ? (
        <ReviewerForm detail={detail.data} viewer={viewer} />
      ) : (
        <FeedbackView detail={detail.data} viewer={viewer} />
      )}
    </>
  );
}

/**
 * One share in the feedback hub: the track title, who it was shared with (for the author) or by (for the
 * reviewer), the status badge, and an expandable area with the player and the feedback.
 */
export function ShareItem({ share, viewer, defaultOpen = false }: { share: ShareView; viewer: Viewer; defaultOpen?: boolean }) {
  const [open, setOpen] = useState(() => defaultOpen || shareIdInHash(window.location.hash) === share.id);
  const bodyId = useId();
  const itemRef = useRef<HTMLLIElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const isAuthor = viewer.id === share.sharedByUserId;

  // A link to this share elsewhere on the page (under its track) opens it here and brings it into view.
  useEffect(
    () =>
      onOpenShareRequest((id) => {
        if (id !== share.id) return;
        setOpen(true);
        itemRef.current?.scrollIntoView?.({ block: 'start' });
        toggleRef.current?.focus({ preventScroll: true });
      }),
    [share.id],
  );

  return (
    <li
      ref={itemRef}
      id={shareAnchor(share.id)}
      className={`share-item${open ? ' is-open' : ''}`}
      data-testid="share-item"
      data-share-id={share.id}
      data-status={share.status}
    >
      <div className="share-head">
        <div className="share-info">
          <h3 className="share-title" data-testid="share-title">
            {share.trackTitle}
          </h3>
          <p className="share-meta">
            <span data-testid="share-who">
              {isAuthor ? `Shared with ${share.sharedWithName}` : `Shared by ${share.sharedByName}`}
            </span>
            <span>{formatDate(share.createdAt)}</span>
            {share.paid && <span data-testid="share-paid">Paid {formatCents(share.paid.amountCents)}</span>}
            {share.paid?.respondBy && (
              <span data-testid="share-respond-by">
                {share.status === 'pending' ? 'Accept' : 'Complete'} by {formatDate(share.paid.respondBy)}
              </span>
            )}
            {share.paid && (share.status === 'expired' || share.status === 'declined' || share.status === 'cancelled') && (
              <span data-testid="share-refunded">Refunded</span>
            )}
          </p>
        </div>
        <StatusBadge status={share.status} />
        {share.status === 'completed' &&
          (share.rating ? (
            <StarScore value={share.rating} label={`Rated ${share.rating} out of 5`} />
          ) : (
            isAuthor &&
            viewer.type === 'musician' && (
              <button
                type="button"
                className="rate-cue"
                aria-label={`Rate the feedback on ${share.trackTitle}`}
                onClick={() => setOpen(true)}
                data-testid="rate-cue"
              >
                Rate it
              </button>
            )
          ))}
        <button
          ref={toggleRef}
          type="button"
          className={`chip-button share-toggle${open ? ' is-active' : ''}`}
          aria-expanded={open}
          aria-controls={bodyId}
          aria-label={`${open ? 'Hide' : 'Open'} ${share.trackTitle}`}
          onClick={() => setOpen((o) => !o)}
          data-testid="share-toggle"
        >
          {open ? 'Hide' : 'Open'}
          <ChevronDownIcon width={16} height={16} className="share-toggle-icon" />
        </button>
      </div>
      {open && (
        <div className="share-body" id={bodyId} data-testid="share-body">
          <ShareBody share={share} viewer={viewer} />
        </div>
      )}
    </li>
  );
}
