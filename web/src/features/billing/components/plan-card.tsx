import { useId } from 'react';
import type { PlanView } from '@shared/schemas/billing';
import { Button } from '@/components/button';
import { CheckIcon } from '@/components/icons';
import { planPrice } from '@/features/billing/utils/plans';

/** What a card offers: it is the current plan, it can be upgraded to, or nothing (a cheaper plan). */
export type PlanAction = 'current' | 'upgrade' | 'none';

/**
 * One plan: its name, 'Most Popular' when so marked, the monthly price, the features, and 'Current Plan'
 * or 'Upgrade'. While any trip to Stripe is starting every Upgrade is disabled; the one clicked says so.
 */
export function PlanCard({
  plan,
  action,
  busy,
  disabled,
  onUpgrade,
}: {
  plan: PlanView;
  action: PlanAction;
  busy: boolean;
  disabled: boolean;
  onUpgrade: (plan: PlanView) => void;
}) {
  const nameId = useId();
  const classes = ['plan-card', plan.popular ? 'is-popular' : '', action === 'current' ? 'is-current' : ''].filter(Boolean).join(' ');
  return (
    <li className={classes} aria-labelledby={nameId} data-testid="plan-card" data-plan-id={plan.id}>
      <div className="plan-card-head">
        <h3 className="plan-name" id={nameId} data-testid="plan-name">
          {plan.name}
        </h3>
        {plan.popular && (
          <span className="badge plan-badge" data-testid="plan-popular">
            Most Popular
          </span>
        )}
      </div>
      <p className="plan-price" data-testid="plan-price">
        <span className="plan-amount">{planPrice(plan.price.amount)}</span>
        <span className="plan-period">/month</span>
      </p>
      {plan.features.length > 0 && (
        <ul className="plan-features" aria-label={`${plan.name} features`}>
          {plan.features.map((f, i) => (
            <li key={`${i}-${f.name}`}>
              <CheckIcon className="plan-check" width={18} height={18} />
              <span>{f.name}</span>
            </li>
          ))}
        </ul>
      )}
      {action !== 'none' && (
        <div className="plan-action">
          {action === 'current' ? (
            <Button variant="secondary" block className="plan-current" disabled data-testid="plan-current">
              Current Plan
            </Button>
          ) : (
            <Button
              block
              busy={busy}
              busyText="Redirecting..."
              disabled={disabled}
              onClick={() => onUpgrade(plan)}
              // The visible word leads the name; the plan tells the card's buttons apart.
              aria-label={busy ? undefined : `Upgrade to ${plan.name}`}
              data-testid="plan-upgrade"
            >
              Upgrade
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
