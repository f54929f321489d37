import { Panel } from '@/components/panel';
import { LoadingRow, QueryStates } from '@/components/query-states';
import { useStripeRedirect } from '@/features/billing/hooks/use-stripe-redirect';
import { useStripeReturn } from '@/features/billing/hooks/use-stripe-return';
import { CheckoutOutcome } from './checkout-outcome';
import { PlanChoices } from './plan-choices';
import '@/features/billing/billing.css';

export const NO_PLANS = 'No plans are available right now.';

/**
 * Billing & Plan: the plans cheapest first with the current one marked and Upgrade on dearer ones (to
 * Stripe Checkout), where the subscription stands, and Manage billing (Stripe's customer portal).
 * Back from Stripe (?checkout=success, or the portal's return) the plans are re-read every 2 s for up to
 * 20 s until what the trip changed shows: Stripe's webhook reaches the API a moment after the browser.
 * The checkout's banner can be dismissed; 'Payment received' goes by itself once the new plan shows.
 */
export function BillingSection() {
  const { checkout, plans, paymentPending, isSlow } = useStripeReturn();
  const trip = useStripeRedirect(plans);

  return (
    <Panel title="Billing & Plan" className="billing" testId="billing">
      <CheckoutOutcome checkout={checkout} paymentPending={paymentPending} />
      <QueryStates
        query={plans}
        loading={<LoadingRow className="billing-loading" testId="loading" />}
        failed="Failed to load the plans. Please try again."
        errorTestId="plans-error"
        retryClassName="link-button alert-action"
        retryTestId="plans-retry"
        isEmpty={plans.data?.plans.length === 0}
        empty={
          <p className="billing-empty muted" data-testid="plans-empty">
            {NO_PLANS}
          </p>
        }
      >
        {(list) => <PlanChoices list={list} slow={isSlow(list)} trip={trip} />}
      </QueryStates>
    </Panel>
  );
}
