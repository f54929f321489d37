import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { ShareDetail, ShareView } from '@shared/schemas/shares';
import { Alert } from '@/components/alert';
import { AudioPlayer } from '@/components/audio-player';
import { Button } from '@/components/button';
import { QueryStates } from '@/components/query-states';
import { TechnicalReport } from '@/components/technical-report';
import { DECLINE_REASONS, type DeclineReason } from '@shared/review';
import { errorMessage } from '@/lib/errors';
import { formatCents } from '@shared/money';
import { getShareAudioUrl, useRespondToShare } from '@/features/feedback/api/share-actions';
import type { Viewer } from '@/features/feedback/utils/share';
import { FeedbackView } from './feedback-view';
import { RequestSummary } from './request-summary';
import { ReasonDialog } from './reason-dialog';
import { ReviewerForm } from './reviewer-form';
import { ShareReferences } from './share-references';
import '@/features/feedback/share-body.css';
import '@/features/feedback/share-review.css';

/*
 * The opened part of a share, a chunk of its own: the feedback, the reviewer's form and what they need
 * load when a share is first opened, not with the dashboard.
 */

/** A pending request as the reviewer sees it: the track to listen to, and Accept or Decline (confirmed: it is final). */
function PendingRequest({ share }: { share: ShareView }) {
  const respond = useRespondToShare();
  const [confirmingDecline, setConfirmingDecline] = useState(false);
  const decline = (reason: DeclineReason, text: string) =>
    respond.mutate(
      { id: share.id, status: 'declined', reason, ...(text ? { reasonText: text } : {}) },
      { onSuccess: () => setConfirmingDecline(false) },
    );
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
      <ReasonDialog
        open={confirmingDecline}
        title="Decline this request?"
        description={`${share.sharedByName} will see "${share.trackTitle}" as declined, with your reason${share.paid ? `, and be refunded ${formatCents(share.paid.amountCents)} in full` : ''}. You cannot accept it afterwards.`}
        confirmLabel="Decline"
        busyLabel="Declining..."
        busy={respond.isPending && respond.variables?.status === 'declined'}
        error={
          respond.isError && respond.variables?.status === 'declined' ? errorMessage(respond.error, 'Failed to answer the request') : null
        }
        onSubmit={decline}
        onCancel={() => setConfirmingDecline(false)}
        reasons={DECLINE_REASONS}
        reasonLabel="Why are you declining?"
        textLabel="A word for the musician (optional)"
        textRows={2}
        textMaxLength={500}
        testIdPrefix="decline"
      />
    </div>
  );
}

/** The track's technical report for its reviewer, folded under its summary; the lane loads when first opened. */
function ShareReport({ share, report }: { share: ShareView; report: NonNullable<ShareView['trackReport']> }) {
  const [opened, setOpened] = useState(false);
  return (
    <details className="share-report" data-testid="share-report" onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      <summary>
        Technical report: {report.integratedLufs.toFixed(1)} LUFS, true peak {report.truePeakDbtp?.toFixed(1) ?? '-'} dBTP
      </summary>
      {opened && <TechnicalReport id={`report-${share.id}`} trackId={share.trackId} report={report} />}
    </details>
  );
}

/** The expanded part of a share: what was asked, then the reviewer's form or the feedback. */
export function ShareBody({ detail, viewer }: { detail: UseQueryResult<ShareDetail>; viewer: Viewer }) {
  return (
    <QueryStates query={detail} failed="Failed to load the feedback" errorTestId="share-error">
      {(data) => {
        const current = data.share;
        const isReviewer = viewer.id === current.sharedWithUserId;
        return (
          <>
            <RequestSummary share={current} />
            {isReviewer && current.trackReport && <ShareReport share={current} report={current.trackReport} />}
            {(current.status === 'pending' || current.status === 'accepted') && <ShareReferences share={current} isReviewer={isReviewer} />}
            {isReviewer && current.status === 'pending' ? (
              <PendingRequest share={current} />
            ) : isReviewer && current.status === 'accepted' ? (
              <ReviewerForm detail={data} viewer={viewer} />
            ) : (
              <FeedbackView detail={data} viewer={viewer} />
            )}
          </>
        );
      }}
    </QueryStates>
  );
}
