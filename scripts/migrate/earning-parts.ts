/**
 * Earnings in parts (pending, held, available: functions/money/data/ledger.ts MoneyPart). Earlier versions kept a
 * pro's balance only, never watched a payment once its feedback was delivered, and did not keep the
 * earning on its request. Run before the deploy and after it (the earlier version completes and credits
 * meanwhile): each step finds only what is still missing.
 */
import { EARNING_HOLD_DAYS } from '../../shared/money.js';
import { allEntries } from '../../functions/money/data/ledger.js';
import { getPayments, watchKeys, type PaymentRecord } from '../../functions/money/data/payments.js';
import { queryAll } from '../../functions/platform/data/query.js';
import { getUser } from '../../functions/people/data/users.js';
import { config } from '../../functions/lib/config.js';
import { stateOf } from '../../functions/money/payment-machine.js';
import { scanned, updateFound } from './table.js';

const DAY_MS = 86_400_000;

/** Delivered feedback's payments not watched: looked at when their hold ends, to release the earning. */
export async function watchHolds(): Promise<number> {
  let moved = 0;
  for await (const p of scanned({
    FilterExpression:
      'entity = :e AND #s = :captured AND attribute_exists(fulfilledAt) AND attribute_not_exists(releasedAt) AND attribute_not_exists(checkAt)',
    ExpressionAttributeNames: { '#s': 'status' },
    ExpressionAttributeValues: { ':e': 'payment', ':captured': 'captured' },
  })) {
    const at = new Date(Date.parse(p.fulfilledAt as string) + EARNING_HOLD_DAYS * DAY_MS).toISOString();
    const keys = watchKeys(p.orderId as string, at);
    moved += await updateFound(p, {
      UpdateExpression: 'SET checkAt = :at, GSI2PK = :w, GSI2SK = :sk',
      ConditionExpression: 'attribute_not_exists(checkAt) AND attribute_not_exists(releasedAt)',
      ExpressionAttributeValues: { ':at': at, ':w': keys.GSI2PK, ':sk': keys.GSI2SK },
    });
  }
  return moved;
}

/** Open paid requests get their earning (their completion moves it from pending to held without reading the payment). */
export async function keepEarningsOnRequests(): Promise<number> {
  let moved = 0;
  for await (const s of scanned({
    FilterExpression: 'begins_with(PK, :s) AND SK = :meta AND attribute_type(payment, :map) AND attribute_not_exists(payment.earningCents)',
    ExpressionAttributeValues: { ':s': 'SHARE#', ':meta': 'META', ':map': 'M' },
  })) {
    const orderId = (s.payment as { orderId: string }).orderId;
    const p = (await getPayments([orderId])).get(orderId);
    if (!p?.credited || p.earningCents === undefined) continue;
    moved += await updateFound(s, {
      UpdateExpression: 'SET payment.earningCents = :e',
      ConditionExpression: 'attribute_not_exists(payment.earningCents)',
      ExpressionAttributeValues: { ':e': p.earningCents },
    });
  }
  return moved;
}

/** A pro's parts as their payments give them: pending until delivered, held until released, the rest available. */
export function partsOf(balanceCents: number, payments: PaymentRecord[]) {
  const parts = { pendingCents: 0, heldCents: 0 };
  for (const p of payments) {
    if (!p.credited || !p.earningCents) continue;
    const state = stateOf(p);
    if (state === 'captured') parts.pendingCents += p.earningCents;
    if (state === 'fulfilled') parts.heldCents += p.earningCents;
  }
  const availableCents = balanceCents - parts.pendingCents - parts.heldCents;
  return { ...parts, availableCents, releasedCents: Math.max(availableCents, 0), settledCents: 0 };
}

/**
 * Pros whose parts do not add up to their balance (none kept yet, or credited by the earlier version since)
 * get them from their payments, on condition that nothing moved meanwhile. Pros are found on their list.
 */
export async function splitBalances(): Promise<number> {
  let moved = 0;
  const pros = await queryAll({
    TableName: config.tableName,
    IndexName: 'GSI3',
    KeyConditionExpression: 'GSI3PK = :pk',
    ExpressionAttributeValues: { ':pk': 'TYPE#pro' },
  });
  for (const entry of pros) {
    const user = await getUser(String(entry.PK).slice('USER#'.length));
    if (!user) continue;
    const kept = [user.pendingCents, user.heldCents, user.availableCents];
    // Parts not kept are none: a pro with nothing (or whose parts add up) is left as they are.
    if ((user.balanceCents ?? 0) === kept.reduce<number>((a, b) => a + (b ?? 0), 0)) continue;
    const orders = (await allEntries(user.id)).flatMap((e) =>
      e.kind === 'earning' && e.cause.type === 'payment' ? [e.cause.orderId] : [],
    );
    const payments: PaymentRecord[] = [];
    for (let i = 0; i < orders.length; i += 100) payments.push(...(await getPayments(orders.slice(i, i + 100))).values());
    const parts = partsOf(user.balanceCents ?? 0, payments);
    const names = Object.keys(parts);
    moved += await updateFound(
      { PK: `USER#${user.id}`, SK: 'PROFILE' },
      {
        UpdateExpression: `SET ${names.map((n) => `${n} = :${n}`).join(', ')}`,
        // Only if no money moved since it was read (a capture, a release): the next run tries again.
        ConditionExpression: `balanceCents = :b AND ${['pendingCents', 'heldCents', 'availableCents']
          .map((n, i) => (kept[i] === undefined ? `attribute_not_exists(${n})` : `${n} = :was_${n}`))
          .join(' AND ')}`,
        ExpressionAttributeValues: {
          ':b': user.balanceCents ?? 0,
          ...Object.fromEntries(names.map((n) => [`:${n}`, parts[n as keyof typeof parts]])),
          ...Object.fromEntries(
            ['pendingCents', 'heldCents', 'availableCents'].flatMap((n, i) => (kept[i] === undefined ? [] : [[`:was_${n}`, kept[i]]])),
          ),
        },
      },
    );
  }
  return moved;
}
