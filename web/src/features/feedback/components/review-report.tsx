import { useState } from 'react';
import { DISPUTE_REASONS, DISPUTE_WINDOW_DAYS, disputeReasonLabel, type DisputeReason } from '@shared/review';
import type { ShareDetail } from '@shared/schemas/shares';
import { Button } from '@/components/button';
import { errorMessage } from '@/lib/errors';
import { useReportReview } from '@/features/feedback/api/share-actions';
import type { Viewer } from '@/features/feedback/utils/share';
import { ReasonDialog } from './reason-dialog';

const DAY_MS = 86_400_000;

/** What became of a report, as each side reads it. */
function reportStatus(detail: ShareDetail, isAuthor: boolean): string | null {
  const d = detail.dispute;
  if (!d) return null;
  const who = isAuthor ? 'You' : detail.share.sharedByName;
  const why = disputeReasonLabel(d.reason);
  if (d.status === 'open') return `${who} reported this review (${why}). An admin is looking at it.`;
  if (d.status === 'refunded') return `${who} reported this review (${why}): it was refunded in full.`;
  return `${who} reported this review (${why}): the report was rejected. ${d.resolution ?? ''}`.trim();
}

/**
 * A paid review's report: its musician may report it within 7 days of delivery ('Did not listen',
 * 'Generic or copy-paste', 'Abusive'); both sides then read what became of it.
 */
export function ReviewReport({ detail, viewer }: { detail: ShareDetail; viewer: Viewer }) {
  const { share, feedback } = detail;
  const isAuthor = viewer.id === share.sharedByUserId;
  const report = useReportReview(share.id);
  const [open, setOpen] = useState(false);
  const status = reportStatus(detail, isAuthor);
  if (status) {
    return (
      <p className="muted small" data-testid="report-status">
        {status}
      </p>
    );
  }
  const inWindow = feedback && Date.now() - Date.parse(feedback.createdAt) < DISPUTE_WINDOW_DAYS * DAY_MS;
  if (!isAuthor || !share.paid || share.status !== 'completed' || !inWindow) return null;
  const send = (reason: DisputeReason, text: string) => report.mutate({ reason, text }, { onSuccess: () => setOpen(false) });
  return (
    <div className="review-report">
      <Button variant="ghost" onClick={() => setOpen(true)} data-testid="report-review">
        Report this review
      </Button>
      <ReasonDialog
        open={open}
        title="Report this review?"
        description={`An admin reads the review and what ${share.sharedWithName} heard of your track, and refunds you in full if it is not the review you paid for.`}
        confirmLabel="Send report"
        busyLabel="Sending..."
        busy={report.isPending}
        tone="primary"
        error={report.isError ? errorMessage(report.error, 'The report could not be sent. Please try again.') : null}
        onSubmit={send}
        onCancel={() => setOpen(false)}
        reasons={DISPUTE_REASONS}
        reasonLabel="What is wrong with it?"
        textLabel="Tell us more (optional)"
        textRows={3}
        textMaxLength={2000}
        testIdPrefix="report"
      />
    </div>
  );
}
