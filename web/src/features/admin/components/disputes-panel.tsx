import { ReceiptCard } from '@/components/receipt-card';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { commentPlace } from '@shared/clock';
import { CRITERIA } from '@shared/feedback';
import { formatCents } from '@shared/money';
import { disputeReasonLabel, listeningSummary } from '@shared/review';
import type { DisputeQueue } from '@shared/schemas/disputes';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/dialog';
import { Panel } from '@/components/panel';
import { TextAreaField } from '@/components/text-field';
import { errorMessage } from '@/lib/errors';
import { useDecidedDisputes, useDisputes, useResolveDispute } from '@/features/admin/api/disputes';
import { formatDateTime } from '@/features/admin/utils/format';
import { AdminList, listTexts } from './admin-list';
import '@/features/admin/admin.css';

type Case = DisputeQueue['disputes'][number];

const LIST = listTexts('disputes', ['the reports', 'reports'], 'No report is waiting.');

/** What was decided on a report, and when. */
function Decision({ dispute }: { dispute: Case['dispute'] }) {
  return (
    <p className="admin-dispute-decision" data-testid="dispute-decision">
      <strong>{dispute.status === 'refunded' ? 'Refunded in full' : 'Rejected'}</strong>
      {dispute.resolvedAt && (
        <>
          {' '}
          on <time dateTime={dispute.resolvedAt}>{formatDateTime(dispute.resolvedAt)}</time>
        </>
      )}
      {dispute.resolution ? <>: &ldquo;{dispute.resolution}&rdquo;</> : null}
    </p>
  );
}

/**
 * One report: what the musician said, and the review as delivered, with what the reviewer heard; open,
 * with the admin's two choices (`onDecide`), decided, with what was decided.
 */
function DisputeCase({ c, onDecide }: { c: Case; onDecide?: (c: Case, decision: 'refund' | 'reject') => void }) {
  const { dispute, share, feedback, comments, listening } = c;
  const reviewerComments = comments.filter((m) => m.userId === share.sharedWithUserId);
  return (
    <li className="admin-dispute" data-testid="dispute" data-share-id={share.id}>
      <div>
        <strong>{share.sharedByName}</strong> reported <strong>{share.sharedWithName}</strong>&rsquo;s review of &ldquo;{share.trackTitle}
        &rdquo;
        {share.paid ? <> ({formatCents(share.paid.amountCents)})</> : null}
      </div>
      <div className="muted">
        <span data-testid="dispute-reason">{disputeReasonLabel(dispute.reason)}</span>, on{' '}
        <time dateTime={dispute.openedAt}>{formatDateTime(dispute.openedAt)}</time>
        {dispute.text ? <>: &ldquo;{dispute.text}&rdquo;</> : null}
      </div>
      <div className="small" data-testid="dispute-listening">
        {listeningSummary(listening.heardSeconds, share.trackDuration, listening.sessions)}
      </div>
      {c.receipt && <ReceiptCard receipt={c.receipt} />}
      {feedback && (
        <dl className="admin-dispute-scores">
          {CRITERIA.map((cr) => (
            <div key={cr.key}>
              <dt>{cr.label}</dt>
              <dd>{feedback.criteria[cr.key] ?? '-'}</dd>
            </div>
          ))}
        </dl>
      )}
      {feedback?.comment && <p className="admin-dispute-general">{feedback.comment}</p>}
      {reviewerComments.length > 0 && (
        <ul className="admin-dispute-comments">
          {reviewerComments.map((m) => (
            <li key={m.id}>
              <span className="muted" data-testid="dispute-comment-place">
                {commentPlace(m) ?? 'General'}
              </span>{' '}
              {m.text}
            </li>
          ))}
        </ul>
      )}
      {onDecide ? (
        <div className="button-row">
          <Button onClick={() => onDecide(c, 'refund')} data-testid="dispute-refund">
            Refund {share.paid ? formatCents(share.paid.amountCents) : ''}
          </Button>
          <Button variant="secondary" onClick={() => onDecide(c, 'reject')} data-testid="dispute-reject">
            Reject
          </Button>
        </div>
      ) : (
        <Decision dispute={dispute} />
      )}
    </li>
  );
}

/**
 * The admins' queue of reported reviews, oldest first. A refund gives the musician all of it back and
 * takes the earning back from the pro; a rejection keeps the review as delivered and says why to both.
 */
export function DisputesPanel() {
  const headingId = useId();
  const disputes = useDisputes();
  const resolve = useResolveDispute();
  const [deciding, setDeciding] = useState<{ c: Case; decision: 'refund' | 'reject' } | null>(null);
  const [reason, setReason] = useState('');
  const cases = disputes.data?.pages.flatMap((p) => p.disputes) ?? [];
  const close = () => {
    setDeciding(null);
    setReason('');
    resolve.reset();
  };
  const decide = () => {
    if (!deciding) return;
    resolve.mutate({ id: deciding.c.share.id, decision: deciding.decision, reason: reason.trim() }, { onSuccess: close });
  };
  const share = deciding?.c.share;
  return (
    <Panel title="Reported reviews" titleId={headingId} testId="disputes-panel">
      <p className="panel-text">Read the review and what the reviewer heard, then refund it or keep it as delivered.</p>
      <AdminList pages={disputes} items={cases} {...LIST}>
        {() => (
          <ul className="admin-disputes" aria-labelledby={headingId}>
            {cases.map((c) => (
              <DisputeCase key={c.share.id} c={c} onDecide={(cc, decision) => setDeciding({ c: cc, decision })} />
            ))}
          </ul>
        )}
      </AdminList>
      <ConfirmDialog
        open={deciding !== null}
        title={deciding?.decision === 'refund' ? 'Refund this review?' : 'Reject this report?'}
        description={
          deciding?.decision === 'refund'
            ? `${share?.sharedByName} gets ${share?.paid ? formatCents(share.paid.amountCents) : 'the payment'} back in full, and ${share?.sharedWithName}'s earning is taken back. Both are e-mailed.`
            : `The review stays as delivered. ${share?.sharedByName} and ${share?.sharedWithName} are told why.`
        }
        confirmLabel={deciding?.decision === 'refund' ? 'Refund' : 'Reject'}
        busyLabel="Saving..."
        busy={resolve.isPending}
        tone={deciding?.decision === 'refund' ? 'danger' : 'primary'}
        error={resolve.isError ? errorMessage(resolve.error, 'The decision could not be saved. Please try again.') : null}
        onConfirm={decide}
        onCancel={close}
        testId="dispute-dialog"
      >
        {deciding?.decision === 'reject' && (
          <TextAreaField
            label="Why is the report rejected?"
            rows={3}
            maxLength={1000}
            value={reason}
            onChange={setReason}
            data-testid="dispute-reason-text"
          />
        )}
      </ConfirmDialog>
    </Panel>
  );
}

const DECIDED = listTexts('decided-disputes', ['the decided reports', 'decided reports'], 'No report has been decided yet.');

/** The reports already decided, last first: what each was, and what the admins decided and why. */
export function DecidedDisputesPanel() {
  const headingId = useId();
  const decided = useDecidedDisputes();
  const cases = decided.data?.pages.flatMap((p) => p.disputes) ?? [];
  return (
    <Panel title="Decided reports" titleId={headingId} testId="decided-disputes-panel">
      <AdminList pages={decided} items={cases} {...DECIDED}>
        {() => (
          <ul className="admin-disputes" aria-labelledby={headingId}>
            {cases.map((c) => (
              <DisputeCase key={c.share.id} c={c} />
            ))}
          </ul>
        )}
      </AdminList>
    </Panel>
  );
}

/** On Admin Settings (the spec's navigation has no place of its own for it): the way to the queue. */
export function DisputesLinkPanel() {
  const headingId = useId();
  return (
    <Panel title="Reported reviews" titleId={headingId} testId="disputes-link-panel">
      <p className="panel-text">
        Musicians report paid reviews that did not listen, were copied or were abusive.{' '}
        <Link to={paths.adminDisputes} data-testid="disputes-link">
          Open the queue
        </Link>
      </p>
    </Panel>
  );
}
