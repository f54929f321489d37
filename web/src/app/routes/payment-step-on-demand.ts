import { lazy } from 'react';

/** The payment step of a re-check asked for from an opened review: loaded when first shown. */
export const PaymentStepOnDemand = lazy(() =>
  import('@/features/payments/components/payment-step').then((m) => ({ default: m.PaymentStep })),
);
