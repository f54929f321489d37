import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { PaymentView } from '@shared/schemas/payments';
import { Facts } from '@/components/facts';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { AlertIcon, CheckIcon, CloseIcon } from '@/components/icons';
import { ClockIcon } from '@/components/icons-extra';
import { PageHeader } from '@/components/page-header';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errors';
import { formatCents, PAID_REQUEST } from '@/lib/money';
import { paths } from '@/lib/paths';
import { SNIP_PRO_POOL } from '@shared/pool';
import { useCancelPayment, useCapturePayment } from '@/features/payments/api/payments';
import '@/features/payments/payments.css';

export const PAYMENT_SUCCESSFUL = 'Payment Successful';
export const PAYMENT_CANCELLED = 'Payment Cancelled';
export const CONFIRMING = 'Confirming your payment...';
export const NOTHING_CHARGED = 'Nothing was charged.';
export const FINDING_YOUR_REVIEWER = 'Finding your reviewer';
export const NOT_SENT = 'Your request was not sent. You can send it again at any time.';

type Tone = 'success' | 'warning' | 'error' | 'neutral';
const ICONS: Record<Tone, ReactNode> = {
  success: <CheckIcon width={26} height={26} />,
  warning: <ClockIcon width={26} height={26} />,
  error: <AlertIcon width={26} height={26} />,
  neutral: <CloseIcon width={26} height={26} />,
};

const DashboardLink = () => (
  <Link className="btn btn-primary" to={paths.dashboard} data-testid="payment-dashboard">
    Go to Dashboard
  </Link>
);

/**
 * A page title and the card under it: what happened to the payment (the lead line, then the details) and
 * what to do now: the actions, then the way back to the dashboard.
 */
function Result({
  title,
  tone,
  testId,
  lead,
  actions,
  children,
}: {
  title: string;
  tone: Tone;
  testId: string;
  lead?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} />
      <section className={`panel payment-result payment-result-${tone}`} aria-label={title} data-testid={testId}>
        <span className="payment-result-icon" aria-hidden="true">
          {ICONS[tone]}
        </span>
        {lead && (
          <p className="payment-result-lead" data-testid="payment-lead">
            {lead}
          </p>
        )}
        {children}
        <div className="payment-result-actions">
          {actions}
          <DashboardLink />
        </div>
      </section>
    </>
  );
}

/** What the payment bought: the pro, the track and the amount. */
function Lines({ payment, amountLabel }: { payment: PaymentView; amountLabel: string }) {
  return (
    <Facts
      className="payment-lines"
      facts={[
        { label: 'Feedback from', value: payment.proName, testId: 'summary-pro' },
        { label: 'Track', value: payment.trackTitle, testId: 'summary-track' },
        { label: amountLabel, value: formatCents(payment.amountCents), testId: 'summary-amount', className: 'payment-total' },
      ]}
    />
  );
}

/** Why a paid request was refunded, in the musician's terms. */
function refundReason(p: PaymentView): string {
  switch (p.refundReason) {
    case 'declined':
      return `${p.proName} declined the request.`;
    case 'expired':
      return `${p.proName} did not answer in time.`;
    case 'unclaimed':
      return `No Snip Pro took the request within ${SNIP_PRO_POOL.claimHours} hours.`;
    case 'withdrawn':
      return 'You withdrew the request before a pro took it.';
    case 'track_deleted':
      return 'The track was deleted before the feedback was given.';
    case 'reversed':
      return 'The payment was reversed in PayPal.';
    case 'unfulfillable':
      return 'The request could not be sent.';
    case 'mismatch':
      return 'PayPal charged an amount that did not match the price, so the request was not sent.';
    default:
      return '';
  }
}

/** How each outcome of a payment is titled and coloured, and its card's test id. */
const OUTCOMES = {
  captured: { title: PAYMENT_SUCCESSFUL, tone: 'success', testId: 'payment-summary' },
  pooled: { title: PAYMENT_SUCCESSFUL, tone: 'success', testId: 'payment-pooled' },
  refunding: { title: 'Payment Refunded', tone: 'warning', testId: 'payment-refunded' },
  refunded: { title: 'Payment Refunded', tone: 'warning', testId: 'payment-refunded' },
  pending: { title: 'Payment Processing', tone: 'warning', testId: 'payment-pending' },
  failed: { title: 'Payment Not Completed', tone: 'error', testId: 'payment-failed' },
} as const satisfies Record<PaymentView['status'], { title: string; tone: Tone; testId: string }>;

function Outcome({ payment: p, onCheckAgain, checking }: { payment: PaymentView; onCheckAgain: () => void; checking: boolean }) {
  const outcome = OUTCOMES[p.status];
  switch (p.status) {
    case 'captured':
      return (
        <Result {...outcome} lead={<>Your request is on its way to {p.proName}.</>}>
          <Lines payment={p} amountLabel="Amount paid" />
          <p className="muted small">
            If {p.proName} declines or does not answer within {PAID_REQUEST.acceptHours} hours, you are refunded in full.
          </p>
        </Result>
      );
    case 'pooled':
      return (
        <Result {...outcome} lead={<>{FINDING_YOUR_REVIEWER}: your request is offered to the Snip Pros who fit it.</>}>
          <Lines payment={p} amountLabel="Amount paid" />
          <p className="muted small">
            The first to take it reviews it, on the same terms as any paid review. If nobody takes it within {SNIP_PRO_POOL.claimHours}{' '}
            hours, you are refunded in full.
          </p>
        </Result>
      );
    case 'refunding':
    case 'refunded':
      return (
        <Result
          {...outcome}
          lead={
            <>
              {p.status === 'refunded'
                ? `${formatCents(p.amountCents)} was refunded to you in full.`
                : `Your refund of ${formatCents(p.amountCents)} is on its way.`}{' '}
              {refundReason(p)}
            </>
          }
        >
          <Lines payment={p} amountLabel="Refund" />
        </Result>
      );
    case 'pending':
      return (
        <Result
          {...outcome}
          lead={<>PayPal is still processing your payment. Your request goes to {p.proName} as soon as it completes.</>}
          actions={
            <Button variant="secondary" onClick={onCheckAgain} busy={checking} busyText="Checking...">
              Check again
            </Button>
          }
        >
          <Lines payment={p} amountLabel="Amount" />
        </Result>
      );
    case 'failed':
      return (
        <Result {...outcome} lead={`This payment did not go through. ${NOTHING_CHARGED}`}>
          <p className="muted">{NOT_SENT}</p>
        </Result>
      );
  }
}

const FAILURE_TITLES: Record<string, string> = {
  payment_declined: 'Payment Declined',
  payment_not_approved: 'Payment Not Approved',
};

function Failure({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  const code = error instanceof ApiError ? error.code : '';
  const status = error instanceof ApiError ? error.status : 0;
  const message = errorMessage(error, 'Your payment could not be confirmed.');
  if (FAILURE_TITLES[code]) {
    return (
      <Result title={FAILURE_TITLES[code]} tone="error" testId="payment-declined">
        <Alert tone="error" testId="payment-error">
          {message}
        </Alert>
        {/* The server's message says so today; the page says it whatever the wording. */}
        {!message.includes(NOTHING_CHARGED) && <p className="payment-result-lead">{NOTHING_CHARGED}</p>}
        <p className="muted">{NOT_SENT}</p>
      </Result>
    );
  }
  // No answer, or PayPal not answering: asking again may well work, and an approved payment is also
  // captured by the server's own check.
  const transient = status === 0 || status >= 500;
  return (
    <Result
      title="Payment Not Confirmed"
      tone="error"
      testId="payment-unconfirmed"
      actions={
        transient && (
          <Button variant="secondary" onClick={onRetry} busy={retrying} busyText="Confirming...">
            Try again
          </Button>
        )
      }
    >
      <Alert tone="error" testId="payment-error">
        {message}
      </Alert>
      {transient && (
        <p className="muted">
          If you approved the payment in PayPal, it is confirmed automatically within a few minutes and your request is sent then.
        </p>
      )}
    </Result>
  );
}

/**
 * The return page of a payment (/feedback/success?token={order id}): captures the order once and says
 * what came of it: a summary of what was bought, a refund and why, or why nothing was charged.
 */
export function PaymentSuccess({
  orderId,
  onSent,
}: {
  orderId: string | null;
  /** The payment was captured: its request is sent. */
  onSent?: (payment: PaymentView) => void;
}) {
  const capture = useCapturePayment(orderId);
  // Sent to a pro, or (Snip Pro) into the pool: either way the request is made and paid for.
  const captured = capture.data?.status === 'captured' || capture.data?.status === 'pooled' ? capture.data : null;
  useEffect(() => {
    if (captured) onSent?.(captured);
    // Once per captured payment, whatever the page's renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [captured?.orderId]);
  if (!orderId) {
    return (
      <>
        <PageHeader title="No Payment to Confirm" />
        <p className="muted" data-testid="payment-none">
          There is no payment to confirm here. To ask a pro for feedback, choose one below.
        </p>
      </>
    );
  }
  if (capture.isPending) {
    return (
      <>
        <PageHeader title="Confirming Payment" />
        <div className="panel payment-result payment-confirming" role="status" aria-live="polite" data-testid="payment-confirming">
          <span className="spinner" aria-hidden="true" />
          <span>{CONFIRMING}</span>
        </div>
      </>
    );
  }
  if (capture.isError) {
    return <Failure error={capture.error} onRetry={() => void capture.refetch()} retrying={capture.isFetching} />;
  }
  return <Outcome payment={capture.data} onCheckAgain={() => void capture.refetch()} checking={capture.isFetching} />;
}

/** The page PayPal's Cancel comes back to: nothing happened, and the request can be sent again. */
export function PaymentCancelled({ orderId }: { orderId: string | null }) {
  useCancelPayment(orderId);
  return (
    <Result title={PAYMENT_CANCELLED} tone="neutral" testId="payment-cancelled" lead={NOTHING_CHARGED}>
      <p className="muted">{NOT_SENT}</p>
    </Result>
  );
}
