import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { PaymentView } from '@shared/schemas/payments';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { AlertIcon, CheckIcon, ClockIcon, CloseIcon } from '@/components/icons';
import { PageHeader } from '@/components/page-header';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errors';
import { formatCents, PAID_REQUEST_DAYS } from '@/lib/money';
import { paths } from '@/lib/paths';
import { useCancelPayment, useCapturePayment } from '@/features/payments/api/payments';
import '@/features/payments/payments.css';

export const PAYMENT_SUCCESSFUL = 'Payment Successful';
export const PAYMENT_CANCELLED = 'Payment Cancelled';
export const CONFIRMING = 'Confirming your payment...';
export const NOTHING_CHARGED = 'Nothing was charged.';
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

/** A page title and the card under it: what happened to the payment and what to do now. */
function Result({ title, tone, children, testId }: { title: string; tone: Tone; children: ReactNode; testId: string }) {
  return (
    <>
      <PageHeader title={title} />
      <section className={`panel payment-result payment-result-${tone}`} aria-label={title} data-testid={testId}>
        <span className="payment-result-icon" aria-hidden="true">
          {ICONS[tone]}
        </span>
        {children}
      </section>
    </>
  );
}

/** What the payment bought: the pro, the track and the amount. */
function Lines({ payment, amountLabel }: { payment: PaymentView; amountLabel: string }) {
  return (
    <dl className="payment-lines">
      <div>
        <dt>Feedback from</dt>
        <dd data-testid="summary-pro">{payment.proName}</dd>
      </div>
      <div>
        <dt>Track</dt>
        <dd data-testid="summary-track">{payment.trackTitle}</dd>
      </div>
      <div className="payment-total">
        <dt>{amountLabel}</dt>
        <dd data-testid="summary-amount">{formatCents(payment.amountCents)}</dd>
      </div>
    </dl>
  );
}

/** Why a paid request was refunded, in the musician's terms. */
function refundReason(p: PaymentView): string {
  switch (p.refundReason) {
    case 'declined':
      return `${p.proName} declined the request.`;
    case 'expired':
      return `${p.proName} did not answer in time.`;
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

function Outcome({ payment: p, onCheckAgain, checking }: { payment: PaymentView; onCheckAgain: () => void; checking: boolean }) {
  switch (p.status) {
    case 'captured':
      return (
        <Result title={PAYMENT_SUCCESSFUL} tone="success" testId="payment-summary">
          <p className="payment-result-lead" data-testid="payment-lead">
            Your request is on its way to {p.proName}.
          </p>
          <Lines payment={p} amountLabel="Amount paid" />
          <p className="muted small">
            If {p.proName} declines or does not answer within {PAID_REQUEST_DAYS.accept} days, you are refunded in full.
          </p>
          <div className="payment-result-actions">
            <DashboardLink />
          </div>
        </Result>
      );
    case 'refunding':
    case 'refunded':
      return (
        <Result title="Payment Refunded" tone="warning" testId="payment-refunded">
          <p className="payment-result-lead" data-testid="payment-lead">
            {p.status === 'refunded'
              ? `${formatCents(p.amountCents)} was refunded to you in full.`
              : `Your refund of ${formatCents(p.amountCents)} is on its way.`}{' '}
            {refundReason(p)}
          </p>
          <Lines payment={p} amountLabel="Refund" />
          <div className="payment-result-actions">
            <DashboardLink />
          </div>
        </Result>
      );
    case 'pending':
      return (
        <Result title="Payment Processing" tone="warning" testId="payment-pending">
          <p className="payment-result-lead" data-testid="payment-lead">
            PayPal is still processing your payment. Your request goes to {p.proName} as soon as it completes.
          </p>
          <Lines payment={p} amountLabel="Amount" />
          <div className="payment-result-actions">
            <Button variant="secondary" onClick={onCheckAgain} busy={checking} busyText="Checking...">
              Check again
            </Button>
            <DashboardLink />
          </div>
        </Result>
      );
    case 'failed':
      return (
        <Result title="Payment Not Completed" tone="error" testId="payment-failed">
          <p className="payment-result-lead" data-testid="payment-lead">
            This payment did not go through. {NOTHING_CHARGED}
          </p>
          <p className="muted">{NOT_SENT}</p>
          <div className="payment-result-actions">
            <DashboardLink />
          </div>
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
        <div className="payment-result-actions">
          <DashboardLink />
        </div>
      </Result>
    );
  }
  // No answer, or PayPal not answering: asking again may well work, and an approved payment is also
  // captured by the server's own check.
  const transient = status === 0 || status >= 500;
  return (
    <Result title="Payment Not Confirmed" tone="error" testId="payment-unconfirmed">
      <Alert tone="error" testId="payment-error">
        {message}
      </Alert>
      {transient && (
        <p className="muted">
          If you approved the payment in PayPal, it is confirmed automatically within a few minutes and your request is sent then.
        </p>
      )}
      <div className="payment-result-actions">
        {transient && (
          <Button variant="secondary" onClick={onRetry} busy={retrying} busyText="Confirming...">
            Try again
          </Button>
        )}
        <DashboardLink />
      </div>
    </Result>
  );
}

/**
 * The return page of a payment (/feedback/success?token={order id}): captures the order once and says
 * what came of it: a summary of what was bought, a refund and why, or why nothing was charged.
 */
export function PaymentSuccess({ orderId }: { orderId: string | null }) {
  const capture = useCapturePayment(orderId);
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
    <Result title={PAYMENT_CANCELLED} tone="neutral" testId="payment-cancelled">
      <p className="payment-result-lead" data-testid="payment-lead">
        {NOTHING_CHARGED}
      </p>
      <p className="muted">{NOT_SENT}</p>
      <div className="payment-result-actions">
        <DashboardLink />
      </div>
    </Result>
  );
}
