/** A payout as its pro and the admins see it (and 'Download my data' gives it). */
import type { PayoutView } from '../../shared/schemas/payouts.js';
import type { PayoutRecord } from './data/payouts.js';

export function toPayoutView(p: PayoutRecord): PayoutView {
  return {
    id: p.id,
    userId: p.userId,
    userName: p.userName,
    amountCents: p.amountCents,
    email: p.email,
    status: p.status,
    reason: p.reason ?? null,
    createdAt: p.createdAt,
    completedAt: p.completedAt ?? null,
  };
}
