import { useState } from 'react';
import { Alert } from '@/components/alert';
import type { CheckoutResult } from '@/features/billing/hooks/use-stripe-return';

const CHECKOUT_SUCCESS = 'Payment received: your plan will show here in a moment.';
const CHECKOUT_CANCELLED = 'Checkout cancelled: nothing was charged.';

/** The banner back from Stripe Checkout: 'Payment received' until the new plan shows, or 'Checkout cancelled'; either can be dismissed. */
export function CheckoutOutcome({ checkout, paymentPending }: { checkout: CheckoutResult; paymentPending: boolean }) {
  const [dismissed, setDismissed] = useState(false);
  return (
    <>
      {paymentPending && !dismissed && (
        <Alert tone="success" testId="checkout-success" onDismiss={() => setDismissed(true)}>
          {CHECKOUT_SUCCESS}
        </Alert>
      )}
      {checkout === 'cancelled' && !dismissed && (
        <Alert tone="info" testId="checkout-cancelled" onDismiss={() => setDismissed(true)}>
          {CHECKOUT_CANCELLED}
        </Alert>
      )}
    </>
  );
}
