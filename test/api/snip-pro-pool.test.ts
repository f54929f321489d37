/**
 * Snip Pro: a paid request that names nobody, matched from the pool of pros who take such work. Its offers go
 * to the pros of its genre, those whose focus areas it asks about first, then the least loaded, never to the
 * musician nor to a pro who declined them or whose review they reported; its money waits in the pool; the
 * first claim makes the reviewer (two at once: one wins, the other is told); unclaimed in time, withdrawn by
 * its musician or gone with its deleted track, it is refunded in full, once. Each test's requests are in a
 * genre of their own (Metal's first pro, the first test's, is in no request's way: it runs before the other
 * Metal test), so that no other file's pros join its pool.
 */
import { describe, expect, inject, it } from 'vitest';
import { SNIP_PRO_POOL } from '../../shared/pool.js';
import { callerOn, flows, listEmails, money, until, waitForEmail, type TestUser } from '../support/stack-kit.js';

const stack = inject('stack');
const call = callerOn(stack);

/**
 * A pro with these genres who takes pool work (unless `optIn` is false); `loaded`: with a paid review not
 * delivered yet; `focusAreas`: the categories they review best, chosen on their profile.
 */
async function poolPro(name: string, genres: string[], opts: { optIn?: boolean; loaded?: boolean; focusAreas?: string[] } = {}) {
  const pro = await flows.onboardedUser(stack, 'pro', { fullName: name });
  const saved = await call(pro.user, 'saveProProfile', { genres, costRange: { min: 0, max: 50 }, experience: 4 });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  if (opts.optIn !== false) {
    const opted = await call(pro.user, 'updateProfile', { takesPoolWork: true });
    expect(opted.body).toMatchObject({ takesPoolWork: true });
  }
  if (opts.focusAreas) {
    const focused = await call(pro.user, 'updateProfile', { focusAreas: opts.focusAreas });
    expect(focused.body).toMatchObject({ focusAreas: opts.focusAreas });
  }
  if (opts.loaded) {
    await money.setPrice(stack, pro.id, 3000);
    const { user: buyer } = await flows.onboardedUser(stack, 'musician', { fullName: 'Lou Loader' });
    await money.paidRequest(stack, buyer, { id: pro.id, priceCents: 3000 }, 'Load');
  }
  return pro;
}

/**
 * A Snip Pro request on a new track of `payer`'s, ordered and paid: captured by the success page, or (`webhook`)
 * by PayPal's webhook alone, as when the payer never comes back from PayPal.
 */
async function poolRequest(payer: TestUser, genre: string, capturedBy: 'page' | 'webhook' = 'page', categories: string[] = []) {
  const track = await flows.uploadTrack(stack, payer, `Pool ${genre}`, { seconds: 1 });
  const shareOptions = { ...money.REQUEST_OPTIONS, categories };
  const order = await call(payer, 'createPoolRequest', { trackId: track.id, genre, shareOptions });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const orderId = order.body.orderId as string;
  await money.onApprovalPage(stack, order.body.approveUrl, 'approve');
  if (capturedBy === 'webhook') {
    await until(
      'the webhook to capture it',
      async () => (await money.payment(orderId)).status,
      (s) => s === 'pooled',
    );
    return { orderId, view: null, trackId: track.id };
  }
  const captured = await money.captureOrder(stack, payer, orderId);
  expect(captured.status, JSON.stringify(captured.body)).toBe(200);
  return { orderId, view: captured.body, trackId: track.id };
}

const offered = async (pro: TestUser) => (await call(pro, 'listPoolOffers', {})).body.offers.map((o: { orderId: string }) => o.orderId);
const poolEntries = (orderId: string) => money.entriesOf('POOL', orderId);

describe('Snip Pro requests from the pool', () => {
  it('is offered to the pros of its genre, the least loaded first, never to the musician or those outside it, its money held in the pool', async () => {
    const busy = await poolPro('Jay Busy', ['Jazz'], { loaded: true });
    const free = await poolPro('Jo Free', ['Blues']);
    const metal = await poolPro('Mo Metal', ['Heavy Metal']);
    const out = await poolPro('Ola Optedout', ['Jazz'], { optIn: false });
    // The musician is a pro of the pool themselves: never offered their own request.
    const payer = await poolPro('Pia Payer', ['Jazz']);
    const { orderId, view } = await poolRequest(payer.user, 'Jazz / Blues');
    expect(view).toMatchObject({ status: 'pooled', proName: 'Snip Pro', amountCents: SNIP_PRO_POOL.priceCents, shareId: null });
    expect((await money.payment(orderId)).pool).toEqual({ genre: 'Jazz / Blues', offers: [free.id, busy.id] });

    expect(await offered(free.user)).toEqual([orderId]);
    expect(await offered(busy.user)).toEqual([orderId]);
    for (const other of [metal, out, payer]) expect(await offered(other.user)).toEqual([]);
    const [offer] = (await call(free.user, 'listPoolOffers', {})).body.offers;
    expect(offer).toMatchObject({ genre: 'Jazz / Blues', payerName: 'Pia Payer', earningCents: expect.any(Number) });

    const waiting = (await call(payer.user, 'listWaitingPoolRequests', {})).body.requests;
    expect(waiting).toEqual([expect.objectContaining({ orderId, genre: 'Jazz / Blues', offeredNow: 2, offeredInAll: 2 })]);
    expect((await poolEntries(orderId)).map((e) => [e.kind, e.amountCents])).toEqual([['pool_hold', SNIP_PRO_POOL.priceCents]]);
    // Someone not offered it is told it does not exist.
    const notOffered = await call(metal.user, 'claimPoolRequest', { orderId });
    expect([notOffered.status, notOffered.body.error.code]).toEqual([404, 'not_found']);
  });

  it('is offered first to the pros whose focus areas it asks about, before the less loaded', async () => {
    const plain = await Promise.all(['Ada Any', 'Bo Any', 'Cy Any'].map((name) => poolPro(name, ['Trap'])));
    const focused = await poolPro('Fox Focus', ['Boom Bap'], { loaded: true, focusAreas: ['mixing', 'mastering'] });
    const { user: payer } = await flows.onboardedUser(stack, 'musician', { fullName: 'Mo Mixwanted' });
    const { orderId } = await poolRequest(payer, 'Hip-Hop / Rap', 'page', ['mixing', 'vocal']);
    // The first wave is three: Fox, for all his load, and two of the others; the third waits for the next wave.
    expect(await offered(focused.user)).toEqual([orderId]);
    expect((await Promise.all(plain.map((p) => offered(p.user)))).filter((o) => o.length)).toHaveLength(2);
    expect((await call(payer, 'listWaitingPoolRequests', {})).body.requests).toEqual([
      expect.objectContaining({ orderId, offeredNow: 3, offeredInAll: 4 }),
    ]);
    // The scheduled check e-mails the first wave at once (due from the capture), the second when its time comes.
    const pooledAt = Date.parse((await money.payment(orderId)).pooledAt!);
    const secondWave = pooledAt + SNIP_PRO_POOL.offerHours * 3_600_000;
    // Due from the capture, unless a scheduled check run meanwhile (by another file, on the shared stack) has mailed it (and
    // made it due again at the second wave).
    const { checkAt } = await money.payment(orderId);
    if (checkAt === new Date(pooledAt).toISOString()) await money.checkAt(orderId, pooledAt + 1_000);
    else expect(checkAt).toBe(new Date(secondWave).toISOString());
    const subject = /^Snip Pro request: Pool Hip-Hop/;
    const offerMail = await waitForEmail(stack.mailUrl, focused.user.email, subject);
    expect(offerMail.body.text).toContain('Mo Mixwanted asked Snip to find a reviewer for "Pool Hip-Hop / Rap" (Hip-Hop / Rap)');
    const waiting = [];
    for (const p of plain) if (!(await offered(p.user)).length) waiting.push(p);
    expect(waiting).toHaveLength(1);
    const mailsTo = async (p: TestUser) => (await listEmails(stack.mailUrl, p.email)).filter((m) => subject.test(m.subject)).length;
    expect(await mailsTo(waiting[0].user)).toBe(0);
    expect((await money.payment(orderId)).checkAt).toBe(new Date(secondWave).toISOString());
    await money.checkAt(orderId, secondWave + 60_000);
    await waitForEmail(stack.mailUrl, waiting[0].user.email, subject);
    // Each pro once, however often it is looked at; then it is next looked at when its time runs out.
    await money.checkAt(orderId, secondWave + 120_000);
    for (const p of [...plain, focused]) expect(await mailsTo(p.user)).toBe(1);
    expect((await money.payment(orderId)).checkAt).toBe(new Date(pooledAt + SNIP_PRO_POOL.claimHours * 3_600_000).toISOString());
    // Focus areas are a pro's: a musician has none to choose, and an unknown one is refused.
    expect((await call(payer, 'updateProfile', { focusAreas: ['mixing'] })).body.error.code).toBe('not_pro');
    expect((await call(focused.user, 'updateProfile', { focusAreas: ['cowbell'] })).status).toBe(400);
    expect((await call(focused.user, 'updateProfile', { focusAreas: ['mixing', 'mixing'] })).status).toBe(400);
  });

  it('is never offered to a pro who declined the musician before, nor to one whose review the musician reported', async () => {
    const declined = await poolPro('Dee Declined', ['Soul']);
    const reported = await poolPro('Rex Reported', ['Funk']);
    const fresh = await poolPro('Fay Fresh', ['Neo-Soul']);
    const { user: payer } = await flows.onboardedUser(stack, 'musician', { fullName: 'Mae Mindful' });
    // Dee declined her free request.
    const track = await flows.uploadTrack(stack, payer, 'Earlier', { seconds: 1 });
    const asked = await flows.requestFeedback(stack, payer, declined.id, track.id, money.REQUEST_OPTIONS);
    expect((await flows.respondToShare(stack, declined.user, asked.body.id, 'declined')).status).toBe(200);
    // Rex delivered a paid review she reported.
    await money.setPrice(stack, reported.id, 3000);
    const { view } = await money.paidRequest(stack, payer, { id: reported.id, priceCents: 3000 }, 'Reported');
    expect((await flows.respondToShare(stack, reported.user, view.shareId, 'accepted')).status).toBe(200);
    expect((await flows.fullReview(stack, reported.user, view.shareId, 1)).status).toBe(200);
    const report = await call(payer, 'reportReview', { id: view.shareId, reason: 'generic', text: 'It could be about any track.' });
    expect(report.status, JSON.stringify(report.body)).toBe(200);

    // The pool's first wave has room for all three: only Fay is offered it.
    const { orderId } = await poolRequest(payer, 'R&B / Soul');
    expect(await offered(fresh.user)).toEqual([orderId]);
    for (const other of [declined, reported]) expect(await offered(other.user)).toEqual([]);
    expect((await call(payer, 'listWaitingPoolRequests', {})).body.requests).toEqual([
      expect.objectContaining({ orderId, offeredNow: 1, offeredInAll: 1 }),
    ]);
  });

  it('is withdrawn by its musician before a pro takes it, or goes with its deleted track: refunded in full at once', async () => {
    const pro = await poolPro('Wes Waiting', ['Metal']);
    const { user: payer, id: payerId } = await flows.onboardedUser(stack, 'musician', { fullName: 'Will Withdraw' });
    const { orderId } = await poolRequest(payer, 'Metal');
    expect(await offered(pro.user)).toEqual([orderId]);
    // Only its musician withdraws it.
    expect((await call(pro.user, 'withdrawPoolRequest', { orderId })).status).toBe(404);
    const out = await call(payer, 'withdrawPoolRequest', { orderId });
    expect(out.body).toMatchObject({ status: 'refunded', refundReason: 'withdrawn' });
    // Asked again (a double click, a lost answer): the same answer, refunded once.
    expect((await call(payer, 'withdrawPoolRequest', { orderId })).body).toMatchObject({ status: 'refunded', refundReason: 'withdrawn' });
    expect((await money.entriesOf(payerId, orderId)).map((e) => [e.kind, e.amountCents])).toEqual([
      ['charge', -SNIP_PRO_POOL.priceCents],
      ['refund', SNIP_PRO_POOL.priceCents],
    ]);
    expect((await poolEntries(orderId)).map((e) => e.kind)).toEqual(['pool_hold', 'pool_release']);
    expect(await offered(pro.user)).toEqual([]);
    expect((await call(payer, 'listWaitingPoolRequests', {})).body.requests).toEqual([]);
    expect((await call(pro.user, 'claimPoolRequest', { orderId })).body.error.code).toBe('pool_closed');
    const refunded = await waitForEmail(stack.mailUrl, payer.email, /^Refunded: feedback on Pool Metal/);
    expect(refunded.body.text).toContain('You withdrew your request for Snip Pro feedback');

    // Its track deleted while it waits: refunded with the deletion, not when a pro tries to take it.
    const onTrack = await poolRequest(payer, 'Metal');
    expect((await call(payer, 'deleteTracks', { ids: [onTrack.trackId] })).body).toMatchObject({ deleted: [onTrack.trackId] });
    expect(await money.payment(onTrack.orderId)).toMatchObject({ status: 'refunded', refundReason: 'track_deleted' });
    expect(await offered(pro.user)).toEqual([]);
    const gone = await call(payer, 'withdrawPoolRequest', { orderId: onTrack.orderId });
    expect([gone.status, gone.body.error.code]).toEqual([409, 'pool_closed']);

    // Deleted by an admin acting as the musician (who moves no money): the scheduled check's next look refunds it.
    const byAdmin = await poolRequest(payer, 'Metal');
    const deleted = await flows.asImpersonatingAdmin(stack, payerId, 'deleteTracks', { ids: [byAdmin.trackId] });
    expect(deleted.body).toMatchObject({ deleted: [byAdmin.trackId] });
    // The shared stack's own scheduler may look first (the payment is due at its capture, for the first wave's
    // e-mail, as in the matching test): the refund is then already its doing.
    if ((await money.payment(byAdmin.orderId)).status === 'pooled') await money.checkAt(byAdmin.orderId, Date.now() + 1_000);
    expect(await money.payment(byAdmin.orderId)).toMatchObject({ status: 'refunded', refundReason: 'track_deleted' });
    expect(await offered(pro.user)).toEqual([]);

    // Once a pro has taken it, it is theirs: a paid request like any other.
    const taken = await poolRequest(payer, 'Metal');
    expect((await call(pro.user, 'claimPoolRequest', { orderId: taken.orderId })).status).toBe(200);
    const late = await call(payer, 'withdrawPoolRequest', { orderId: taken.orderId });
    expect([late.status, late.body.error.code]).toEqual([409, 'pool_taken']);
  });

  it('makes one reviewer of two pros claiming at once; the other is told at once, and the request goes on as any paid one', async () => {
    const a = await poolPro('Ann Alpha', ['Rock']);
    const b = await poolPro('Ben Beta', ['Grunge']);
    const { user: payer } = await flows.onboardedUser(stack, 'musician', { fullName: 'Rae Racer' });
    const { orderId } = await poolRequest(payer, 'Rock');
    const answers = await Promise.all([a, b].map((p) => call(p.user, 'claimPoolRequest', { orderId })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses, JSON.stringify(answers.map((r) => r.body))).toEqual([200, 409]);
    const winner = answers[0].status === 200 ? a : b;
    const loser = winner === a ? b : a;
    expect(answers.find((r) => r.status === 409)!.body.error.code).toBe('pool_taken');
    const shareId = answers.find((r) => r.status === 200)!.body.shareId as string;

    const p = await money.payment(orderId);
    expect(p).toMatchObject({ status: 'captured', proUserId: winner.id, credited: true });
    expect((await poolEntries(orderId)).reduce((s, e) => s + e.amountCents, 0)).toBe(0);
    expect(await money.entriesOf(winner.id, orderId)).toEqual([expect.objectContaining({ kind: 'earning', amountCents: p.earningCents })]);
    expect(await money.entriesOf(loser.id, orderId)).toEqual([]);
    for (const pro of [a, b]) expect(await offered(pro.user)).toEqual([]);
    expect((await call(payer, 'listWaitingPoolRequests', {})).body.requests).toEqual([]);
    // Claimed again by the winner (a retry): the same answer; by the loser: taken.
    expect(await call(winner.user, 'claimPoolRequest', { orderId })).toMatchObject({ status: 200, body: { shareId } });
    expect((await call(loser.user, 'claimPoolRequest', { orderId })).body.error.code).toBe('pool_taken');

    // The winner's request is a paid one like any other: theirs to accept and review, the musician's to read.
    const share = await call(winner.user, 'getShare', { id: shareId });
    expect(share.body.share).toMatchObject({ sharedWithUserId: winner.id, sharedByUserId: expect.any(String), status: 'pending' });
    expect((await call(winner.user, 'respondToShare', { id: shareId, status: 'accepted' })).status).toBe(200);
    expect((await flows.fullReview(stack, winner.user, shareId, 1)).status).toBe(200);
    expect((await call(payer, 'getShare', { id: shareId })).body.share).toMatchObject({
      status: 'completed',
      sharedWithName: winner === a ? 'Ann Alpha' : 'Ben Beta',
    });
  });

  it('is refunded in full, once, when nobody claims it in time, and cannot be claimed after', async () => {
    const pro = await poolPro('Cal Country', ['Folk']);
    const { user: payer, id: payerId } = await flows.onboardedUser(stack, 'musician', { fullName: 'Uma Unclaimed' });
    // Captured by PayPal's webhook: the payer closed the tab on PayPal's page.
    const { orderId } = await poolRequest(payer, 'Country / Folk', 'webhook');
    const pooledAt = Date.parse((await money.payment(orderId)).pooledAt!);
    // Before its time, the check leaves it in the pool.
    await money.checkAt(orderId, pooledAt + 60_000);
    expect((await money.payment(orderId)).status).toBe('pooled');
    const late = pooledAt + SNIP_PRO_POOL.claimHours * 3_600_000 + 60_000;
    await money.checkAt(orderId, late);
    await money.checkAt(orderId, late + 60_000);
    expect(await money.payment(orderId)).toMatchObject({ status: 'refunded', refundReason: 'unclaimed' });
    expect((await money.entriesOf(payerId, orderId)).map((e) => [e.kind, e.amountCents])).toEqual([
      ['charge', -SNIP_PRO_POOL.priceCents],
      ['refund', SNIP_PRO_POOL.priceCents],
    ]);
    expect((await poolEntries(orderId)).map((e) => [e.kind, e.amountCents])).toEqual([
      ['pool_hold', SNIP_PRO_POOL.priceCents],
      ['pool_release', -SNIP_PRO_POOL.priceCents],
    ]);
    expect(await offered(pro.user)).toEqual([]);
    const claim = await call(pro.user, 'claimPoolRequest', { orderId });
    expect([claim.status, claim.body.error.code]).toEqual([409, 'pool_closed']);
  });

  it("tells admins each genre's health: what waits, what was claimed and how fast, what was refunded unclaimed", async () => {
    const admin = await flows.testAdmin(stack);
    const health = await call(admin, 'getPoolHealth', {});
    expect(health.status).toBe(200);
    const of = (genre: string) => health.body.genres.find((g: { genre: string }) => g.genre === genre);
    // The requests of the tests above, each in a genre of its own.
    expect(of('Jazz / Blues')).toMatchObject({ opened: 1, waiting: 1, claimed: 0, unclaimed: 0, medianClaimWithin: null });
    expect(of('Rock')).toMatchObject({ opened: 1, waiting: 0, claimed: 1, medianClaimWithin: 5 });
    expect(of('Country / Folk')).toMatchObject({ opened: 1, waiting: 0, claimed: 0, unclaimed: 1 });
    const { user: musician } = await flows.onboardedUser(stack, 'musician');
    expect((await call(musician, 'getPoolHealth', {})).status).toBe(403);
  });

  it('is refused, with nothing charged, when no pro takes its genre; and taken only by pros', async () => {
    const { user: payer } = await flows.onboardedUser(stack, 'musician', { fullName: 'Nia Nobody' });
    const track = await flows.uploadTrack(stack, payer, 'Nobody', { seconds: 1 });
    const refused = await call(payer, 'createPoolRequest', { trackId: track.id, genre: 'Classical', shareOptions: money.REQUEST_OPTIONS });
    expect([refused.status, refused.body.error.code]).toEqual([409, 'pool_empty']);
    expect(refused.body.error.message).toContain('nothing was charged');
    const badGenre = await call(payer, 'createPoolRequest', { trackId: track.id, genre: 'Polka', shareOptions: money.REQUEST_OPTIONS });
    expect(badGenre.status).toBe(400);
    expect((await call(payer, 'claimPoolRequest', { orderId: 'ABC123' })).status).toBe(403);
    const optIn = await call(payer, 'updateProfile', { takesPoolWork: true });
    expect([optIn.status, optIn.body.error.code]).toEqual([403, 'not_pro']);
  });
});
