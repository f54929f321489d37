import { useEffect, useId, useRef, useState } from 'react';
import { Facts } from '@/components/facts';
import { AlertIf } from '@/components/alert';
import { Button } from '@/components/button';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errors';
import { formatCents, PAID_REQUEST } from '@/lib/money';
import { SNIP_PRO_POOL } from '@shared/pool';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { newIdempotencyKey } from '@/lib/idempotency';
import { createOrder, type OrderRequest } from '@/features/payments/api/payments';
import { PaypalButton } from './paypal-button';
import '@/features/payments/payments.css';

const ORDER_FAILED = 'PayPal could not be opened. Nothing was charged: please try again.';

export const paymentNextText = (proName: string, pool = false) =>
  pool
    ? `You pay now; if no Snip Pro takes it within ${SNIP_PRO_POOL.claimHours} hours, you are refunded in full.`
    : `You pay now; if ${proName} declines or does not answer within ${PAID_REQUEST.acceptHours} hours, you are refunded in full.`;

/**
 * The share dialog's payment step: what is bought (pro, track, price), what happens next, the payment
 * button and 'Go Back'. The price is the one the musician saw; when the pro changed it meanwhile the
 * server refuses (price_changed), the new price is shown and paying takes another click.
 */
export function PaymentStep({
  proName,
  trackTitle,
  request,
  notice = null,
  onBack,
  onPriceChanged,
  onFree,
}: {
  proName: string;
  trackTitle: string;
  /** The request with the price shown (feedbackPriceCents). */
  request: OrderRequest;
  /** A message to show on arrival (e.g. the pro started charging since the dialog opened). */
  notice?: string | null;
  onBack: () => void;
  onPriceChanged: (feedbackPriceCents: number) => void;
  /** The pro no longer charges: the request is sent without paying. */
  onFree: (message: string) => void;
}) {
  const [error, setError] = useState<string | null>(notice);
  const [busy, setBusy] = useState(false);
  // One key per visit of this step: double clicks and retries give back the same order.
  const key = useRef(newIdempotencyKey());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const { mode, paypalClientId } = getRuntimeConfig();

  // The step replaces the form the focus was in: its heading takes the focus, so it is announced.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const open = () => {
    setError(null);
    return createOrder(request, key.current);
  };

  const fail = (err: unknown) => {
    if (err instanceof ApiError && err.code === 'price_changed') {
      const next = err.details.feedbackPriceCents;
      if (typeof next === 'number' && next > 0) {
        onPriceChanged(next);
        // Another price is another request: its order gets a key of its own.
        key.current = newIdempotencyKey();
      }
    } else if (err instanceof ApiError && err.code === 'no_price') {
      onFree(err.message);
      return;
    }
    setError(errorMessage(err, ORDER_FAILED));
  };

  return (
    <section className="payment-step" aria-labelledby={headingId} data-testid="payment-step">
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="payment-title">
        Review and Pay
      </h3>
      <Facts
        className="payment-lines"
        facts={[
          { label: 'Feedback from', value: proName, testId: 'payment-pro' },
          { label: 'Track', value: trackTitle, testId: 'payment-track' },
          { label: 'Total', value: formatCents(request.feedbackPriceCents), testId: 'payment-price', className: 'payment-total' },
        ]}
      />
      <p className="muted small" data-testid="payment-next">
        {paymentNextText(proName, request.genre !== undefined)}
      </p>
      <AlertIf message={error} testId="payment-error" />
      <PaypalButton mode={mode} clientId={paypalClientId} createOrder={open} onError={fail} onBusyChange={setBusy} />
      <div className="dialog-actions">
        <Button variant="secondary" onClick={onBack} disabled={busy} data-testid="payment-back">
          Go Back
        </Button>
      </div>
    </section>
  );
}
