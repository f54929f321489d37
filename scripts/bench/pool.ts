/**
 * Section 9 of `npm run bench`: Snip Pro's pool at load, on a stack of its own whose scheduler is off: 200
 * pros taking pool work in one genre and 1,000 requests open in it (each offered to 24 of them), then, through
 * the API as a musician and a pro use it:
 * - from the request (ordered, approved, captured) to its first offer in a first-wave pro's 'Requests for you',
 *   against the same request to a chosen pro, ordered, approved and captured (the floor: no matching, no offers);
 * - from the pro's claim to the request's page showing them as its reviewer, against a chosen pro's accepting
 *   a paid request and the page showing it (the floor: one conditional write, no pool).
 * p50 and p99 of SAMPLES each; ratios against the floor. No Scan: every read is a key or one partition.
 * Runnable alone: `node --import tsx scripts/bench/pool.ts`.
 */
import { randomUUID } from 'node:crypto';
import { onOwnStack, runIfMain } from './own-stack.js';
import type { StackInfo } from '../../test/support/global-setup.js';
import { useStackEnvironment } from '../../test/support/in-process.js';
import { callRoute, createConfirmedUser, flows, money, type TestUser } from '../../test/support/stack-kit.js';

const PROS = Number(process.env.POOL_BENCH_PROS ?? 200);
const OPEN = Number(process.env.POOL_BENCH_OPEN ?? 1_000);
const SAMPLES = 15;
const GENRE = 'Electronic / Dance';
const SUB_GENRE = 'House';

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const line = (label: string, xs: number[], floor: number[]) =>
  `   ${label}: p50 ${pct(xs, 50).toFixed(0)} ms, p99 ${pct(xs, 99).toFixed(0)} ms; floor p50 ${pct(floor, 50).toFixed(0)} ms, p99 ${pct(floor, 99).toFixed(0)} ms; ratio (p50) ${(pct(xs, 50) / pct(floor, 50)).toFixed(2)}`;

async function call(info: StackInfo, user: TestUser, route: Parameters<typeof callRoute>[1], input: Record<string, unknown>) {
  const res = await callRoute(info.apiUrl, route, input, user.idToken);
  if (res.status !== 200) throw new Error(`${route} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Orders through `route`, approves on PayPal's page and captures, as the success page does: the order id. */
async function paid(info: StackInfo, musician: TestUser, route: 'createOrder' | 'createPoolRequest', input: Record<string, unknown>) {
  const order = await call(info, musician, route, { ...input, shareOptions: money.REQUEST_OPTIONS });
  await money.onApprovalPage(info, order.approveUrl, 'approve');
  await call(info, musician, 'captureOrder', { orderId: order.orderId });
  return order.orderId as string;
}

/** Polls `done` until it holds: the milliseconds from `start` (`what` never happening in 30 s stops the bench). */
async function until(what: string, start: number, done: () => Promise<boolean>): Promise<number> {
  while (!(await done())) {
    if (performance.now() - start > 30_000) throw new Error(`${what}: not seen in 30 s`);
    await new Promise((r) => setTimeout(r, 5));
  }
  return performance.now() - start;
}

/** The pool's other pros, as records only (nobody signs in as them), each loaded more than the API's pros will be: those are matched first. */
async function recordPros(count: number): Promise<void> {
  const { createUser } = await import('../../functions/people/data/users.js');
  const now = new Date().toISOString();
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < count) {
        const i = next++;
        const result = await createUser({
          id: randomUUID(),
          email: `pool-pro-${i}@bench.test`,
          fullName: `Pool Pro ${i}`,
          username: `poolpro${i}x${randomUUID().slice(0, 4)}`,
          type: 'pro',
          typeChosen: true,
          genres: [SUB_GENRE],
          costRange: { min: 0, max: 50 },
          experience: 3,
          feedbackPriceCents: null,
          takesPoolWork: true,
          balanceCents: 100_000 + i,
          pendingCents: 100_000 + i,
          bio: null,
          createdAt: now,
          updatedAt: now,
        });
        if (result !== 'created') throw new Error(`pool pro ${i}: ${result}`);
      }
    }),
  );
}

/**
 * `count` requests in the pool, written as their capture writes them (matched, then moved by the payment
 * machine), offered to the pool's other pros: the API's pros keep lists a pro can read through, as 'Requests
 * for you' shows the soonest to close first.
 */
async function openRequests(count: number, payerId: string, apiPros: string[]): Promise<void> {
  const data = await import('../../functions/money/data/payments.js');
  const { step } = await import('../../functions/money/payment-settlement.js');
  const { matchPoolPros } = await import('../../functions/people/index.js');
  const offers = await matchPoolPros(GENRE, [], Promise.resolve(new Set([payerId, ...apiPros])));
  const at = new Date().toISOString();
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < count) {
        next++;
        const orderId = `BENCHPOOL${randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase()}`;
        const p: import('../../functions/money/data/payments.js').PaymentRecord = {
          orderId,
          invoiceId: randomUUID(),
          payerId,
          payerName: 'Bench Payer',
          proUserId: 'POOL',
          proName: 'Snip Pro',
          pool: { genre: GENRE, offers },
          trackId: randomUUID(),
          trackTitle: 'Bench',
          amountCents: 1500,
          shareOptions: money.REQUEST_OPTIONS as never,
          shareId: randomUUID(),
          status: 'pending',
          createdAt: at,
          updatedAt: at,
        };
        await data.putPayment(p);
        const capture = {
          id: `CAP${orderId}`,
          status: 'COMPLETED' as const,
          amountCents: 1500,
          currency: 'USD',
          invoiceId: p.invoiceId,
          payeeId: null,
        };
        const moved = await step(p, { type: 'capture_completed', capture, margin: 0.2, request: {} as never });
        if (moved.kind !== 'moved') throw new Error(`request ${orderId} not pooled: ${moved.kind}`);
      }
    }),
  );
}

async function benchPool(info: StackInfo) {
  useStackEnvironment(info);
  console.log(`\n9. Snip Pro pool: ${PROS} pros in ${GENRE}, ${OPEN.toLocaleString('en')} requests open in it (each offered to 24)`);
  // The pros who use the API: the least loaded, so the first wave of every request.
  const apiPros = await Promise.all(
    Array.from({ length: 3 }, async (_, i) => {
      const user = await createConfirmedUser(info, { fullName: `Wave Pro ${i}`, prefix: `wave${i}` });
      const id = await flows.onboard(info, user, 'pro');
      await call(info, user, 'saveProProfile', { genres: [SUB_GENRE], costRange: { min: 0, max: 50 }, experience: 3 });
      await call(info, user, 'updateProfile', { takesPoolWork: true });
      await money.setPrice(info, id, 3000);
      return { user, id };
    }),
  );
  const seedStart = performance.now();
  await recordPros(PROS - apiPros.length);
  // Musicians enough that none starts more payments a minute than the per-payer limit allows (2 per sample).
  const musicians = await Promise.all(
    Array.from({ length: Math.ceil((SAMPLES * 2) / 8) }, async (_, i) => {
      const user = await createConfirmedUser(info, { fullName: `Bench Musician ${i}`, prefix: `poolmus${i}` });
      return { user, id: await flows.onboard(info, user, 'musician') };
    }),
  );
  const payerId = musicians[0].id;
  await openRequests(
    OPEN,
    payerId,
    apiPros.map((p) => p.id),
  );
  console.log(`   written in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  const tracks = await Promise.all(musicians.map((m) => flows.uploadTrack(info, m.user, 'Pool Bench', { seconds: 1 })));
  console.log('   measuring...');
  const toOffer: number[] = [];
  const toClaimed: number[] = [];
  const floorPaid: number[] = [];
  const floorAccepted: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const pro = apiPros[i % apiPros.length];
    const musician = musicians[i % musicians.length].user;
    const track = tracks[i % musicians.length];
    // Snip Pro: paid, then seen by a first-wave pro; claimed, then seen by the musician with its reviewer.
    let start = performance.now();
    const orderId = await paid(info, musician, 'createPoolRequest', { trackId: track.id, genre: GENRE });
    toOffer.push(
      await until('the offer', start, async () =>
        (await call(info, pro.user, 'listPoolOffers', {})).offers.some((o: { orderId: string }) => o.orderId === orderId),
      ),
    );
    start = performance.now();
    const { shareId } = await call(info, pro.user, 'claimPoolRequest', { orderId });
    toClaimed.push(
      await until(
        'the reviewer',
        start,
        async () => (await call(info, musician, 'getShare', { id: shareId })).share.sharedWithUserId === pro.id,
      ),
    );

    // The floor: the same pro chosen by name, paid, then seen in their list; accepted, then seen by the musician.
    start = performance.now();
    const chosen = await paid(info, musician, 'createOrder', { proUserId: pro.id, trackId: track.id, feedbackPriceCents: 3000 });
    const chosenShare = (await money.payment(chosen)).shareId;
    floorPaid.push(
      await until(
        'the chosen pro request',
        start,
        async () => (await call(info, pro.user, 'getShare', { id: chosenShare })).share.status === 'pending',
      ),
    );
    start = performance.now();
    await call(info, pro.user, 'respondToShare', { id: chosenShare, status: 'accepted' });
    floorAccepted.push(
      await until(
        'the acceptance',
        start,
        async () => (await call(info, musician, 'getShare', { id: chosenShare })).share.status === 'accepted',
      ),
    );
  }
  console.log(line('request to its first offer (order, approve, capture, then the pro sees it)', toOffer, floorPaid));
  console.log(line("claim to the request's page showing its reviewer", toClaimed, floorAccepted));
}

/** Section 9 on a stack of its own, whose scheduler is off. */
export const benchPoolAlone = () => onOwnStack('bench-pool', benchPool, { scheduler: false });

runIfMain(import.meta.url, benchPoolAlone);
