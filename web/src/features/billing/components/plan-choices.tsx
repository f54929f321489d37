import type { PlanView } from '@shared/schemas/billing';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import type { StripeRedirect } from '@/features/billing/hooks/use-stripe-redirect';
import { currentPlanOf, sortPlans, subscriptionLine, type PlanList } from '@/features/billing/utils/plans';
import { PlanCard, type PlanAction } from './plan-card';

const CHECKOUT_SLOW = 'Your plan is taking longer than usual to show: reload this page in a minute.';

/**
 * The plans and what can be done from here, once they are known: Upgrade on dearer plans, where the
 * subscription stands, and Manage billing when there is something to manage.
 */
export function PlanChoices({ list, slow, trip }: { list: PlanList; slow: boolean; trip: StripeRedirect }) {
  const { leaving, problem } = trip;
  const current = currentPlanOf(list);
  const currentAmount = current?.price.amount ?? 0;
  const actionOf = (p: PlanView): PlanAction => (p.id === current?.id ? 'current' : p.price.amount > currentAmount ? 'upgrade' : 'none');
  const line = subscriptionLine(list.subscription);
  const showManage = list.canManage || Boolean(problem?.manage);
  return (
    <>
      <ul className="plan-grid" aria-label="Plans" data-testid="plan-grid">
        {sortPlans(list.plans).map((p) => (
          <PlanCard
            key={p.id}
            plan={p}
            action={actionOf(p)}
            busy={leaving?.kind === 'checkout' && leaving.planId === p.id}
            disabled={leaving !== null}
            onUpgrade={trip.upgrade}
          />
        ))}
      </ul>
      {slow && (
        <p className="muted small" data-testid="checkout-slow">
          {CHECKOUT_SLOW}
        </p>
      )}
      {problem && (
        <div ref={trip.problemRef}>
          <Alert tone="error" testId="billing-error">
            {problem.message}
          </Alert>
        </div>
      )}
      {(line || showManage) && (
        <div className="billing-manage" data-testid="billing-manage">
          {line && (
            <p className={`billing-status${line.warning ? ' is-warning' : ''}`} data-testid="subscription-status">
              {line.text}
            </p>
          )}
          {showManage && (
            <Button
              variant="secondary"
              className="billing-manage-button"
              onClick={trip.manage}
              busy={leaving?.kind === 'portal'}
              busyText="Redirecting..."
              disabled={leaving !== null}
              data-testid="manage-billing"
            >
              Manage billing
            </Button>
          )}
        </div>
      )}
    </>
  );
}
