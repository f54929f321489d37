/**
 * Money out: a pro names the PayPal account they are paid at and withdraws their available balance (at
 * least MIN_PAYOUT_CENTS, one payout at a time). The money is taken in one conditional transaction before
 * PayPal is asked, with a sender batch id that is the payout's own, so a retry never pays twice; PayPal's
 * webhook or the scheduled check then finds it paid, or puts the money back (payout-machine.ts).
 */
import { randomUUID } from 'node:crypto';
import { formatCents, MIN_PAYOUT_CENTS, PAYOUT_ADDRESS_PAUSE_HOURS } from '../../shared/money.js';
import { paths } from '../../shared/paths.js';
import type { PayoutAccountView, PayoutView, PayoutsPage, StuckPayoutsPage } from '../../shared/schemas/payouts.js';
import { auditChange, getUser, type UserRecord } from '../people/data/index.js';
import * as data from './data/payouts.js';
import type { PayoutRecord } from './data/payouts.js';
import { decodeCursor, encodeCursor } from '../lib/cursor.js';
import { Conflict, NotFound } from '../lib/errors.js';
import { count, log } from '../lib/observability.js';
import { deliverTo, enforceRateLimit } from '../platform/index.js';
import { payoutTaken } from './payout-machine.js';
import { PAYOUT_STUCK_ATTEMPTS, SEND_RETRY_MS, sendPayout } from './payout-settlement.js';
import { idFromKey } from '../lib/idempotency.js';
import { toPayoutView } from './payout-views.js';

export { toPayoutView };

const PAGE_SIZE = 20;
const HOUR_MS = 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();

const pausedUntil = (u: UserRecord, now = Date.now()) =>
  u.payoutPausedUntil && Date.parse(u.payoutPausedUntil) > now ? u.payoutPausedUntil : null;

const accountView = (user: UserRecord): Omit<PayoutAccountView, 'openPayoutId'> => ({
  email: user.payoutEmail ?? null,
  pausedUntil: pausedUntil(user),
  held: user.payoutsHeld ? { reason: user.payoutsHeld.reason, at: user.payoutsHeld.at } : null,
  availableCents: user.availableCents ?? 0,
});

export async function payoutAccountOf(user: UserRecord): Promise<PayoutAccountView> {
  return { ...accountView(user), openPayoutId: await data.openPayoutOf(user.id) };
}

/** A sign-in this recent may name the first payout address and be paid at it at once. */
export const PAYOUT_SIGN_IN_SECONDS = 5 * 60;

/**
 * Sets the PayPal address the pro is paid at. Someone who took over a session must not take the account's
 * money at once: changing an address already set e-mails the old one, and a change, or a first address
 * named from a sign-in more than PAYOUT_SIGN_IN_SECONDS old, holds payouts for PAYOUT_ADDRESS_PAUSE_HOURS
 * (the account's own address is told of a first one). `authTime`: when the session signed in (seconds).
 */
export async function setPayoutAccount(user: UserRecord, email: string, authTime = 0): Promise<PayoutAccountView> {
  const to = email.trim();
  const from = user.payoutEmail ?? null;
  if (from?.toLowerCase() === to.toLowerCase()) return payoutAccountOf(user);
  const recent = Date.now() / 1000 - authTime <= PAYOUT_SIGN_IN_SECONDS;
  const until = from || !recent ? iso(Date.now() + PAYOUT_ADDRESS_PAUSE_HOURS * HOUR_MS) : null;
  // Limited: each change e-mails the address it replaces. The open payout is read beside the limit.
  const [, openPayoutId] = await Promise.all([enforceRateLimit('payoutAccount', user.id), data.openPayoutOf(user.id)]);
  if (!(await data.setPayoutEmail(user.id, from, to, until))) {
    throw new Conflict('Your payout address changed meanwhile (in another tab?). Reload and try again.', 'payout_account_changed');
  }
  const [recipient, subject, said] = from
    ? [from, 'Your payout address was changed', `was changed from ${from} to ${to}`]
    : [user.email, 'A payout address was added to your account', `was set to ${to}`];
  await deliverTo(
    { ...user, email: recipient },
    'account',
    subject,
    [
      `Hi ${user.fullName},`,
      `The PayPal address your Snip earnings are paid to ${said}.`,
      until
        ? `Payouts wait ${PAYOUT_ADDRESS_PAUSE_HOURS} hours after a change. If you did not make it, sign in, change it back and write to us.`
        : 'If you did not make this change, sign in, change it and write to us.',
    ],
    paths.profile,
  ).catch((err) => log.error('Payout address change not e-mailed', err, { userId: user.id }));
  return { ...accountView({ ...user, payoutEmail: to, ...(until ? { payoutPausedUntil: until } : {}) }), openPayoutId };
}

/** Why a payout cannot be made now, as the pro is told it (null: it can). */
function refusal(u: UserRecord, seenCents: number): Conflict | null {
  const available = u.availableCents ?? 0;
  if (u.type !== 'pro') return new Conflict('Only pros withdraw earnings', 'not_a_pro');
  if (!u.payoutEmail) return new Conflict('Add the PayPal address to be paid at first.', 'no_payout_account');
  if (u.payoutsHeld) return new Conflict(`Your payouts are on hold: ${u.payoutsHeld.reason}`, 'payouts_held');
  const paused = pausedUntil(u);
  if (paused)
    return new Conflict(`Your payout address changed recently: payouts resume at ${paused}.`, 'payouts_paused', { until: paused });
  if (available < MIN_PAYOUT_CENTS)
    return new Conflict(`You can withdraw once at least ${formatCents(MIN_PAYOUT_CENTS)} is available.`, 'below_minimum', {
      availableCents: available,
    });
  if (available !== seenCents)
    return new Conflict(`Your available balance is now ${formatCents(available)}. Check it and withdraw again.`, 'balance_changed', {
      availableCents: available,
    });
  return null;
}

const payoutOpen = () => new Conflict('A payout of yours is under way: wait for it to finish.', 'payout_open');

/** Withdraws the pro's whole available balance (`amountCents`: what they saw) to their PayPal account. */
export async function createPayout(user: UserRecord, input: { amountCents: number; idempotencyKey?: string }): Promise<PayoutView> {
  const id = input.idempotencyKey ? idFromKey(user.id, 'payout', input.idempotencyKey) : randomUUID();
  const refused = refusal(user, input.amountCents);
  if (refused) {
    // A retry of a payout made already finds the balance it took gone: it is that payout.
    const made = input.idempotencyKey ? await data.getPayout(id) : null;
    if (made?.userId === user.id) return toPayoutView(made);
    throw refused;
  }
  const now = new Date();
  const payout: PayoutRecord = {
    id,
    userId: user.id,
    userName: user.fullName,
    email: user.payoutEmail!,
    amountCents: input.amountCents,
    status: 'sending',
    attempts: 1,
    // Sent at once below; looked at by the check should this path stop before PayPal answers.
    checkAt: iso(now.getTime() + SEND_RETRY_MS),
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  const { entries, move } = payoutTaken(payout);
  const put = await data.putPayout(payout, entries, move, {
    email: payout.email,
    availableCents: input.amountCents,
    minimumCents: MIN_PAYOUT_CENTS,
    now: now.toISOString(),
  });
  if (put.kind === 'exists') {
    if (put.payout.userId !== user.id) throw new NotFound('Payout not found');
    return toPayoutView(put.payout);
  }
  if (put.kind === 'open') throw payoutOpen();
  if (put.kind === 'refused') {
    const now = await getUser(user.id);
    throw (now && refusal(now, input.amountCents)) ?? payoutOpen();
  }
  count('PayoutsRequested');
  return toPayoutView(await sendPayout(payout));
}

export async function listPayouts(of: { userId: string } | 'all', cursor?: string): Promise<PayoutsPage> {
  const page = await data.pagePayouts(of, PAGE_SIZE, decodeCursor(cursor, data.payoutsPartition(of)));
  return { payouts: page.payouts.map(toPayoutView), next: encodeCursor(page.next) };
}

/** Payouts PayPal has not answered for hours (PAYOUT_STUCK_ATTEMPTS sends or more), oldest first, for an admin to look at. */
export async function listStuckPayouts(): Promise<StuckPayoutsPage> {
  const stuck = await data.payoutsStuckSending(PAYOUT_STUCK_ATTEMPTS);
  return {
    payouts: stuck.map((p) => ({
      ...toPayoutView(p),
      attempts: p.attempts ?? 1,
      lastError: p.lastError ?? null,
      nextTryAt: p.checkAt ?? null,
    })),
  };
}

/** An admin holds a pro's payouts (a reason required: the pro is told it) or lifts the hold; audited. */
export async function holdPayouts(admin: UserRecord, input: { id: string; held: boolean; reason: string }): Promise<PayoutAccountView> {
  const user = await getUser(input.id);
  if (!user || user.type !== 'pro') throw new NotFound('Pro not found');
  const at = new Date().toISOString();
  const held = input.held ? { reason: input.reason, at, by: admin.id } : null;
  const audit = auditChange(admin, user, {
    action: 'holdPayouts',
    path: `/users/${user.id}/payout-hold`,
    from: user.payoutsHeld ? `held: ${user.payoutsHeld.reason}` : 'not held',
    to: held ? `held: ${held.reason}` : 'not held',
  });
  const [written, openPayoutId] = await Promise.all([data.setPayoutsHeld(user.id, held, audit), data.openPayoutOf(user.id)]);
  if (!written) throw new NotFound('Pro not found');
  return { ...accountView(user), held: held ? { reason: held.reason, at } : null, openPayoutId };
}
