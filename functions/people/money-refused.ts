/**
 * Nothing that moves money runs while an admin impersonates (impersonation.ts). Apart from it so that the
 * use cases that refund (shares, tracks, the payment checks) do not carry its directory and token checks.
 */
import { Forbidden } from '../lib/errors.js';

export const MONEY_REFUSED = 'Payments, plans and refunds are not available while impersonating.';
export const moneyRefused = () => new Forbidden(MONEY_REFUSED, 'impersonation_no_money');
