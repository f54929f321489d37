/**
 * 'Delete my account' (GET and POST /users/me/deletion): what money is still moving is listed and stops
 * it; confirmed by the account's e-mail, it deletes the tracks with their audio and the user's records,
 * keeps every review for the other side attributed to 'Deleted user', declines the free requests still
 * waiting for the user, and removes the account from the pool; refused to an admin acting as the user.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DELETED_TRACK, DELETED_USER } from '../../shared/constants.js';
import { EARNING_HOLD_DAYS } from '../../shared/money.js';
import { IMPERSONATION_HEADER } from '../../shared/api/route.js';
import { DECLINED_BY_DELETION } from '../../functions/account/account-deletion.js';
import {
  callerOn,
  callRoute,
  createConfirmedUser,
  flows,
  itemsUnder,
  money,
  passwordSignIn,
  setAttributes,
  TEST_PASSWORD,
  type TestUser,
  useStackEnvironment,
  waitForEmail,
} from '../support/stack-kit.js';

const stack = inject('stack');
const DAY_MS = 86_400_000;

const call = callerOn(stack);

/** A free request from `from` to `to`, answered with a review when `review`; its id. */
async function request(from: TestUser, toId: string, to: TestUser, title: string, review: boolean) {
  const track = await flows.uploadTrack(stack, from, title, { seconds: 1 });
  const asked = await flows.requestFeedback(stack, from, toId, track.id, money.REQUEST_OPTIONS);
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  if (review) {
    expect((await flows.respondToShare(stack, to, asked.body.id, 'accepted')).status).toBe(200);
    expect(
      (await call(to, 'addComment', { id: asked.body.id, timestamp: 0, text: 'The intro drags', tags: ['#Arrangement'] })).status,
    ).toBe(200);
    expect((await call(to, 'submitFeedback', { id: asked.body.id, criteria: { energyImpact: 4 } })).status).toBe(200);
  }
  return { shareId: asked.body.id as string, track };
}

beforeAll(() => useStackEnvironment(stack));

describe('deleting a musician', () => {
  let mia: TestUser;
  let miaId: string;
  let quinn: TestUser;
  let quinnId: string;
  let rob: TestUser;
  let robId: string;
  const ids = { keptMade: '', withdrawn: '', waitingForMia: '', keptReceived: '' };
  const audioKeys: string[] = [];

  beforeAll(async () => {
    mia = await createConfirmedUser(stack, { fullName: 'Mia Leaving' });
    miaId = await flows.onboard(stack, mia, 'musician');
    ({ user: quinn, id: quinnId } = await flows.onboardedUser(stack, 'musician', { fullName: 'Quinn Staying' }));
    ({ user: rob, id: robId } = await flows.onboardedUser(stack, 'musician', { fullName: 'Rob Staying' }));
    // Mia's: a review Quinn wrote (with Mia's question on it), and a request Quinn has not answered.
    const kept = await request(mia, quinnId, quinn, 'Kept review', true);
    ids.keptMade = kept.shareId;
    expect((await call(mia, 'addComment', { id: kept.shareId, timestamp: 0, text: 'Which part of the intro?', tags: [] })).status).toBe(
      200,
    );
    const withdrawn = await request(mia, quinnId, quinn, 'Never answered', false);
    ids.withdrawn = withdrawn.shareId;
    // Rob's: one Mia has not answered, and one she reviewed.
    ids.waitingForMia = (await request(rob, miaId, mia, 'Waiting for Mia', false)).shareId;
    ids.keptReceived = (await request(rob, miaId, mia, 'Reviewed by Mia', true)).shareId;
    const { getTrack } = await import('../../functions/tracks/data/tracks.js');
    for (const t of [kept.track, withdrawn.track]) audioKeys.push((await getTrack(t.id))!.audioKey);
  });

  it('says what it will do, and that nothing stops it', async () => {
    const res = await call(mia, 'getDeletionCheck');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ blockers: [], tracks: 2, keptReviews: 2 });
  });

  it("asks for the account's e-mail, and is refused to an admin acting as the user", async () => {
    const wrong = await call(mia, 'deleteMyAccount', { email: 'someone-else@example.test' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: 'email_mismatch', fields: { email: "This is not your account's e-mail" } });
    expect((await call(mia, 'deleteMyAccount', {})).status).toBe(400);

    const admin = await flows.testAdmin(stack);
    const started = await call(admin, 'impersonate', { userId: miaId });
    expect(started.status).toBe(200);
    const res = await callRoute(stack.apiUrl, 'deleteMyAccount', { email: mia.email }, admin.idToken, undefined, {
      [IMPERSONATION_HEADER]: started.body.token,
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({
      code: 'not_while_impersonating',
      message: 'Deleting the account is not available while impersonating.',
    });
    expect((await call(mia, 'getMe')).status).toBe(200);
  });

  it('deletes her tracks, audio and records, signs her out for good, and leaves the reviews to the others', async () => {
    const res = await call(mia, 'deleteMyAccount', { email: mia.email.toUpperCase() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ deleted: true });

    // Gone: the account, her records, her tracks and their audio.
    await expect(passwordSignIn(stack, mia.email, TEST_PASSWORD)).rejects.toThrow();
    expect((await call(mia, 'getMe')).status).toBe(401);
    expect(await itemsUnder(stack, `USER#${miaId}`)).toEqual([]);
    const { headObject } = await import('../../functions/tracks/data/media.js');
    for (const key of audioKeys) expect(await headObject(key), key).toBeNull();
    const { getUser } = await import('../../functions/people/data/users.js');
    expect(await getUser(miaId)).toBeNull();
    // Told by e-mail, whatever she chose to hear: nothing to unsubscribe from, and the way back to the front page.
    const told = await waitForEmail(stack.mailUrl, mia.email, /Your Snip account was deleted/);
    expect(told.body.text).toContain(`Your Snip account (${mia.email}) was deleted as you asked`);
    expect(told.body.text).not.toMatch(/unsubscribe/i);

    // Quinn keeps the review he wrote, attributed to 'Deleted user', the track named no more.
    const kept = await call(quinn, 'getShare', { id: ids.keptMade });
    expect(kept.status).toBe(200);
    expect(kept.body.share).toMatchObject({
      status: 'completed',
      sharedByName: DELETED_USER,
      sharedByUsername: '',
      trackTitle: DELETED_TRACK,
      leftBy: 'author',
    });
    expect(kept.body.comments.map((c: { authorName: string; text: string }) => [c.authorName, c.text])).toEqual([
      ['Quinn Staying', 'The intro drags'],
      [DELETED_USER, 'Which part of the intro?'],
    ]);
    expect(JSON.stringify(kept.body)).not.toContain('Mia Leaving');
    // Nobody is there to read more.
    const reply = await call(quinn, 'addComment', { id: ids.keptMade, timestamp: 0, text: 'Anyone there?', tags: [] });
    expect(reply.status).toBe(409);
    expect(reply.body.error).toEqual({
      code: 'participant_left',
      message: 'The other side of this request deleted their account: this conversation is closed.',
    });
    // The request he never answered went with its track.
    expect((await call(quinn, 'getShare', { id: ids.withdrawn })).status).toBe(404);

    // Rob keeps Mia's review of his track; the request she never answered is declined, saying why.
    const reviewed = await call(rob, 'getShare', { id: ids.keptReceived });
    expect(reviewed.body.share).toMatchObject({
      status: 'completed',
      sharedWithName: DELETED_USER,
      trackTitle: 'Reviewed by Mia',
      leftBy: 'reviewer',
    });
    expect(reviewed.body.comments[0]).toMatchObject({ authorName: DELETED_USER, text: 'The intro drags' });
    const declined = await call(rob, 'getShare', { id: ids.waitingForMia });
    expect(declined.body.share).toMatchObject({
      status: 'declined',
      sharedWithName: DELETED_USER,
      decline: { reason: 'other', text: DECLINED_BY_DELETION },
    });
    expect(robId).toBeTruthy();
  });
});

describe('deleting a musician who paid for a review', () => {
  it('keeps the payment and the ledger, without her name, and the pro keeps the review and the money', async () => {
    const { user: pro, id: proId } = await flows.onboardedUser(stack, 'pro', { fullName: 'Paul Paid' });
    await money.setPrice(stack, proId, 3000);
    const { user: nina } = await flows.onboardedUser(stack, 'musician', { fullName: 'Nina Paying' });
    const { view, orderId } = await money.paidRequest(stack, nina, { id: proId, priceCents: 3000 }, 'Paid and kept');
    expect((await call(pro, 'respondToShare', { id: view.shareId, status: 'accepted' })).status).toBe(200);
    expect((await flows.fullReview(stack, pro, view.shareId, 1)).status).toBe(200);
    const before = { balance: await money.balanceOf(proId), entries: (await money.ledger(proId)).length };

    expect((await call(nina, 'getDeletionCheck')).body.blockers).toEqual([]);
    expect((await call(nina, 'deleteMyAccount', { email: nina.email })).status).toBe(200);

    const payment = await money.payment(orderId);
    expect(payment).toMatchObject({ payerName: DELETED_USER, proName: 'Paul Paid', amountCents: 3000 });
    expect(JSON.stringify(payment)).not.toContain('Nina Paying');
    expect({ balance: await money.balanceOf(proId), entries: (await money.ledger(proId)).length }).toEqual(before);
    const kept = await call(pro, 'getShare', { id: view.shareId });
    expect(kept.body.share).toMatchObject({ status: 'completed', sharedByName: DELETED_USER, leftBy: 'author' });

    // The pro, his balance settled (here by an admin's correction), leaves too: the payment names neither.
    const admin = await flows.testAdmin(stack);
    const settled = await call(admin, 'adjustBalance', {
      id: proId,
      balance: 0,
      expectedBalanceCents: before.balance,
      reason: 'Paid outside',
    });
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    expect((await call(pro, 'deleteMyAccount', { email: pro.email })).status).toBe(200);
    expect(await money.payment(orderId)).toMatchObject({ payerName: DELETED_USER, proName: DELETED_USER });
    const entries = await money.ledger(proId);
    expect(entries.length).toBe(before.entries + 1);
    expect(entries.reduce((sum, e) => sum + e.amountCents, 0)).toBe(0);

    // The hold ends with nobody's balance to move: released, and looked at no more.
    const { checkDuePayments } = await import('../../functions/money/payment-checks.js');
    const { fulfilledAt } = await money.payment(orderId);
    await checkDuePayments(new Date(Date.parse(fulfilledAt!) + (EARNING_HOLD_DAYS + 1) * DAY_MS), { orderId });
    expect(await money.payment(orderId)).toMatchObject({ releasedAt: expect.any(String), proLeftAt: expect.any(String) });
    expect((await money.payment(orderId)).checkAt).toBeUndefined();
  });
});

describe('what stops a deletion', () => {
  it('keeps a profile credited after it was read (a capture landing during the deletion): its removal is refused', async () => {
    const { user, id } = await flows.onboardedUser(stack, 'pro', { fullName: 'Rita Racing' });
    const { getUser } = await import('../../functions/people/data/users.js');
    const { removeUserRecords } = await import('../../functions/people/data/user-removal.js');
    const read = (await getUser(id))!;
    // A money move changes the balance, not the profile's version.
    await setAttributes(stack, { PK: `USER#${id}`, SK: 'PROFILE' }, { balanceCents: 2400, pendingCents: 2400 });
    expect(await removeUserRecords(read)).toBe(false);
    expect((await getUser(id))!.balanceCents).toBe(2400);
    const refused = await call(user, 'deleteMyAccount', { email: user.email });
    expect(refused.body.error.code).toBe('deletion_blocked');
    // No entry explains that balance: put back as it was, so that the books still hold.
    await setAttributes(stack, { PK: `USER#${id}`, SK: 'PROFILE' }, { balanceCents: 0, pendingCents: 0 });
  });

  it('lists paid requests either side, a review accepted and not in, a balance, and an admin account; then refuses with 409', async () => {
    const { user: pro, id: proId } = await flows.onboardedUser(stack, 'pro', { fullName: 'Pat Busy' });
    await money.setPrice(stack, proId, 3000);
    const { user: max } = await flows.onboardedUser(stack, 'musician', { fullName: 'Max Waiting' });
    // One delivered (Pat's earnings), one waiting for Pat's answer.
    const delivered = await money.paidRequest(stack, max, { id: proId, priceCents: 3000 }, 'Delivered');
    expect((await call(pro, 'respondToShare', { id: delivered.view.shareId, status: 'accepted' })).status).toBe(200);
    expect((await flows.fullReview(stack, pro, delivered.view.shareId, 1)).status).toBe(200);
    const waiting = await money.paidRequest(stack, max, { id: proId, priceCents: 3000 }, 'Waiting');

    const pats = (await call(pro, 'getDeletionCheck')).body;
    expect(pats.blockers.map((b: { kind: string; shareId?: string }) => [b.kind, b.shareId])).toEqual([
      ['request', waiting.view.shareId],
      ['balance', undefined],
    ]);
    expect(pats.blockers[0].message).toBe(`"Waiting": Max Waiting's paid request waits for your answer.`);
    expect(pats.blockers[1].message).toMatch(/^Your earnings balance is \$\d+\.\d\d: it must be paid out/);
    const maxs = (await call(max, 'getDeletionCheck')).body;
    expect(maxs.blockers).toEqual([
      {
        kind: 'request',
        shareId: waiting.view.shareId,
        message: '"Waiting": your paid request to Pat Busy waits for their answer (deleting its track withdraws it, refunded).',
      },
    ]);

    // A free review accepted and not submitted.
    const { user: ivy, id: ivyId } = await flows.onboardedUser(stack, 'musician', { fullName: 'Ivy Reviewing' });
    const asked = await request(max, ivyId, ivy, 'In progress', false);
    expect((await flows.respondToShare(stack, ivy, asked.shareId, 'accepted')).status).toBe(200);
    expect((await call(ivy, 'getDeletionCheck')).body.blockers).toEqual([
      { kind: 'review', shareId: asked.shareId, message: `"In progress": you accepted Max Waiting's request: submit your review first.` },
    ]);

    const refused = await call(max, 'deleteMyAccount', { email: max.email });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({ code: 'deletion_blocked', message: maxs.blockers[0].message });
    const two = await call(pro, 'deleteMyAccount', { email: pro.email });
    expect(two.body.error.message).toBe(`${pats.blockers[0].message} (and 1 more to settle first)`);
    // Nothing went.
    for (const who of [max, pro, ivy]) expect((await call(who, 'getMe')).status).toBe(200);
    expect((await call(max, 'getShare', { id: waiting.view.shareId })).body.share.sharedWithName).toBe('Pat Busy');

    const admin = await flows.testAdmin(stack);
    expect((await call(admin, 'getDeletionCheck')).body.blockers.map((b: { kind: string }) => b.kind)).toEqual(['admin']);

    // A report of the delivered review stops both sides until an admin decides it.
    expect((await call(max, 'reportReview', { id: delivered.view.shareId, reason: 'generic' })).status).toBe(200);
    const reported = (await call(max, 'getDeletionCheck')).body.blockers;
    expect(reported.map((b: { kind: string; shareId?: string }) => [b.kind, b.shareId])).toEqual([
      ['request', waiting.view.shareId],
      ['dispute', delivered.view.shareId],
    ]);
    expect(reported[1].message).toBe(`"Delivered": a report of this review waits for an admin's decision.`);
    expect((await call(pro, 'getDeletionCheck')).body.blockers.map((b: { kind: string }) => b.kind)).toEqual([
      'request',
      'dispute',
      'balance',
    ]);
  });

  it('lists a payout on its way and a plan that renews', async () => {
    const { user: ula, id: ulaId } = await flows.onboardedUser(stack, 'pro', { fullName: 'Ula Upcoming' });
    await setAttributes(stack, { PK: `USER#${ulaId}`, SK: 'OPEN_PAYOUT' }, { payoutId: 'po-on-its-way' });
    const plan = {
      id: 'plus',
      name: 'Plus',
      status: 'active',
      cancelAtPeriodEnd: false,
      subscriptionId: 'sub_1',
      priceId: 'p',
      currentPeriodEnd: null,
      limits: {},
    };
    await setAttributes(stack, { PK: `USER#${ulaId}`, SK: 'PROFILE' }, { plan });
    const check = (await call(ula, 'getDeletionCheck')).body.blockers;
    expect(check).toEqual([
      { kind: 'payout', message: 'A payout to your PayPal account is on its way: wait until it arrives.' },
      { kind: 'plan', message: 'Your Plus plan renews: cancel it on Billing first.' },
    ]);
    // A plan cancelled at the end of its period renews no more.
    await setAttributes(stack, { PK: `USER#${ulaId}`, SK: 'PROFILE' }, { plan: { ...plan, cancelAtPeriodEnd: true } });
    expect((await call(ula, 'getDeletionCheck')).body.blockers.map((b: { kind: string }) => b.kind)).toEqual(['payout']);
    expect((await call(ula, 'deleteMyAccount', { email: ula.email })).body.error.code).toBe('deletion_blocked');
  });

  it('lists a Snip Pro request still finding its reviewer, until it is withdrawn', async () => {
    const { user: sam } = await flows.onboardedUser(stack, 'musician', { fullName: 'Sam Snippro' });
    const track = await flows.uploadTrack(stack, sam, 'Waiting Pool', { seconds: 1 });
    // The demo's pool: Priya takes Electronic / Dance requests.
    const order = await call(sam, 'createPoolRequest', {
      trackId: track.id,
      genre: 'Electronic / Dance',
      shareOptions: money.REQUEST_OPTIONS,
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    await money.onApprovalPage(stack, order.body.approveUrl, 'approve');
    expect((await money.captureOrder(stack, sam, order.body.orderId)).body.status).toBe('pooled');
    expect((await call(sam, 'getDeletionCheck')).body.blockers).toEqual([
      {
        kind: 'request',
        message: '"Waiting Pool": your Snip Pro request is finding its reviewer: withdraw it on your home page first (refunded in full).',
      },
    ]);
    expect((await call(sam, 'deleteMyAccount', { email: sam.email })).body.error.code).toBe('deletion_blocked');
    expect((await call(sam, 'withdrawPoolRequest', { orderId: order.body.orderId })).status).toBe(200);
    expect((await call(sam, 'getDeletionCheck')).body.blockers).toEqual([]);
  });

  it("takes a pro off Choose Your Pro and the directory's search", async () => {
    const { user: pia, id: piaId } = await flows.onboardedUser(stack, 'pro', { fullName: 'Pia Parting' });
    const { user: viewer } = await flows.onboardedUser(stack, 'musician');
    const found = async () => ({
      pros: (await flows.allPros(stack, viewer.idToken)).map((p) => p.id),
      search: (await call(viewer, 'searchUsers', { q: 'Pia Parting' })).body.users.map((u: { id: string }) => u.id),
    });
    expect(await found()).toEqual({ pros: expect.arrayContaining([piaId]), search: [piaId] });
    expect((await call(pia, 'deleteMyAccount', { email: pia.email })).status).toBe(200);
    const after = await found();
    expect(after.pros).not.toContain(piaId);
    expect(after.search).toEqual([]);
  });
});
