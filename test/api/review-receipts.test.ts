/**
 * A paid review's signed receipt, through the API on the local stack (signed through the local KMS, with the
 * SDK calls made in AWS): made when the review is delivered, shown to its musician with its check, on the
 * public link and beside a 'did not listen' report in the admins' queue; checked by anyone holding it, and a
 * changed byte fails. A free review has none. With KMS failing at delivery, the review still goes out, and
 * the receipt is made on its musician's first read, of what was delivered.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  callerOn,
  callRoute,
  createConfirmedUser,
  flows,
  itemsUnder,
  money,
  useStackEnvironment,
  type TestUser,
} from '../support/stack-kit.js';
import { startFaultStack, type FaultStack } from '../support/faults.js';
import { reviewDigest } from '../../functions/feedback/receipts.js';

const stack = inject('stack');
const call = callerOn(stack);
const PRICE = 1500;

let pro: TestUser;
let proId: string;
let musician: TestUser;
let shareId: string;
let receipt: { signed: string; signature: string; keyId: string; algorithm: string; verified: boolean; payload: Record<string, any> };

/** A route anyone may call, without signing in. */
const anyone = (name: 'checkReceipt' | 'getPublicReview', input: Record<string, unknown>) => callRoute(stack.apiUrl, name, input);
const check = (r: Omit<typeof receipt, 'payload' | 'verified'>) =>
  anyone('checkReceipt', { signed: r.signed, signature: r.signature, keyId: r.keyId, algorithm: r.algorithm });

beforeAll(async () => {
  useStackEnvironment(stack);
  pro = await createConfirmedUser(stack, { fullName: 'Rita Receipt' });
  proId = await flows.onboard(stack, pro, 'pro');
  await money.setPrice(stack, proId, PRICE);
  ({ user: musician } = await flows.onboardedUser(stack, 'musician', { fullName: 'Milo Receipt' }));
  const { view } = await money.paidRequest(stack, musician, { id: proId, priceCents: PRICE }, 'Receipt Song');
  shareId = view.shareId;
  expect((await call(pro, 'respondToShare', { id: shareId, status: 'accepted' })).status).toBe(200);
  expect((await flows.fullReview(stack, pro, shareId, 1)).status).toBe(200);
});

describe("a paid review's receipt", () => {
  it('is signed at delivery and shown to the musician, checked', async () => {
    const seen = await call(musician, 'getShare', { id: shareId });
    expect(seen.status).toBe(200);
    receipt = seen.body.receipt;
    expect(receipt.verified).toBe(true);
    expect(receipt.algorithm).toBe('ECDSA_SHA_256');
    const p = receipt.payload;
    expect(p).toMatchObject({ v: 1, requestId: shareId, trackId: seen.body.share.trackId, paidCents: PRICE, reviewerName: 'Rita Receipt' });
    expect(p.secondsHeard).toBe(seen.body.listening.heardSeconds);
    expect(p.sessions).toBe(seen.body.listening.sessions);
    const theirs = seen.body.comments.filter((c: { userId: string }) => c.userId !== seen.body.share.sharedByUserId);
    expect(p.comments).toHaveLength(theirs.length);
    expect(p.comments[0]).toMatchObject({ at: theirs[0].timestamp, tags: theirs[0].tags, made: theirs[0].made?.how ?? 'typed' });
    // The hash is of the review's words as delivered.
    expect(p.reviewSha256).toBe(reviewDigest(seen.body.feedback, theirs));
    expect(Math.round((Date.parse(p.deliveredAt) - Date.parse(p.acceptedAt)) / 1000)).toBe(p.secondsToDeliver);
    // The signed text is the payload, and carries nobody's account id.
    expect(JSON.parse(receipt.signed)).toEqual(p);
    expect(receipt.signed).not.toContain(seen.body.share.sharedByUserId);
  });

  it('checks for anyone holding it; one changed byte, a changed signature or another key fails', async () => {
    const ok = await check(receipt);
    expect(ok.status).toBe(200);
    expect(ok.body.valid).toBe(true);
    expect(ok.body.payload.requestId).toBe(shareId);

    const byte = receipt.signed.replace(`"paidCents":${PRICE}`, `"paidCents":${PRICE + 1}`);
    expect(byte).not.toBe(receipt.signed);
    expect((await check({ ...receipt, signed: byte })).body).toEqual({ valid: false, payload: null });
    const sig = Buffer.from(receipt.signature, 'base64');
    sig[sig.length - 1] ^= 1;
    expect((await check({ ...receipt, signature: sig.toString('base64') })).body.valid).toBe(false);
    expect((await check({ ...receipt, keyId: 'local:0000000000000000' })).body.valid).toBe(false);
    // Bad input is a clear 400, never an error of ours.
    expect((await anyone('checkReceipt', { signed: 'x' })).status).toBe(400);
    expect((await check({ ...receipt, signature: '!!not base64!!' })).body.valid).toBe(false);
  });

  it('goes with the public link, marked verified', async () => {
    const made = await call(musician, 'makePublicLink', { id: shareId });
    expect(made.status).toBe(200);
    const token = made.body.token;
    const open = await anyone('getPublicReview', { token });
    expect(open.status).toBe(200);
    expect(open.body.receipt).toMatchObject({ verified: true, signed: receipt.signed });
  });

  it("stands beside a 'did not listen' report in the admins' queue", async () => {
    const reported = await call(musician, 'reportReview', { id: shareId, reason: 'did_not_listen', text: 'The comments are generic.' });
    expect(reported.status).toBe(200);
    const admin = await flows.testAdmin(stack);
    const queue = await call(admin, 'listDisputes', {});
    const mine = queue.body.disputes.find((d: { share: { id: string } }) => d.share.id === shareId);
    expect(mine.receipt).toMatchObject({ verified: true, signed: receipt.signed });
    expect(mine.feedback.receipt).toBeUndefined();
  });

  describe('with KMS failing at delivery', () => {
    let faults: FaultStack;
    beforeAll(async () => {
      faults = await startFaultStack(stack);
    });
    afterAll(() => faults.stop());

    it("the review goes out without one, and its musician's first read makes it, of what was delivered", async () => {
      const { view } = await money.paidRequest(stack, musician, { id: proId, priceCents: PRICE }, 'Receipt Song Two');
      const id = view.shareId;
      expect((await call(pro, 'respondToShare', { id, status: 'accepted' })).status).toBe(200);
      faults.arm('kms', { kind: 'unavailable', at: 0, times: 50 });
      const delivery = await flows.fullReview({ ...stack, apiUrl: faults.apiUrl }, pro, id, 1);
      expect(delivery.status, JSON.stringify(delivery.body)).toBe(200);
      expect(faults.fired()).toBe(true);
      faults.arm(null);
      const kept = await itemsUnder(stack, `SHARE#${id}`);
      expect(kept.find((i) => i.SK === 'FEEDBACK')).toMatchObject({ comment: expect.any(String) });
      expect(kept.find((i) => i.SK === 'FEEDBACK')!.receipt).toBeUndefined();

      // Talk after delivery: a question and the pro's answer are not part of what was delivered.
      expect((await call(musician, 'addComment', { id, timestamp: 1, text: 'Which reverb do you mean here?', tags: [] })).status).toBe(200);
      const answer = await call(pro, 'addComment', { id, timestamp: 1, text: 'The plate on the snare, about 1.8 s long.', tags: [] });
      // A public read makes none (only a participant's read may).
      const link = await call(musician, 'makePublicLink', { id });
      expect((await anyone('getPublicReview', { token: link.body.token })).body.receipt ?? null).toBeNull();

      const seen = await call(musician, 'getShare', { id });
      expect(seen.body.receipt).toMatchObject({ verified: true });
      const p = seen.body.receipt.payload;
      expect(answer.status).toBe(200);
      expect(p.deliveredAt).toBe(seen.body.feedback.createdAt);
      const delivered = seen.body.comments.filter(
        (c: { userId: string; id: string }) => c.userId !== seen.body.share.sharedByUserId && c.id !== answer.body?.id,
      );
      expect(p.comments).toHaveLength(delivered.length);
      expect(p.reviewSha256).toBe(reviewDigest(seen.body.feedback, delivered));
      expect((await check(seen.body.receipt)).body.valid).toBe(true);
      // Kept: the next read shows the same receipt, and so does the public link.
      expect((await call(musician, 'getShare', { id })).body.receipt.signature).toBe(seen.body.receipt.signature);
      expect((await anyone('getPublicReview', { token: link.body.token })).body.receipt).toMatchObject({ verified: true });
    });
  });

  it('a free review has none', async () => {
    const peer = await flows.onboardedUser(stack, 'musician');
    const track = await flows.uploadTrack(stack, musician, 'Free Song', { seconds: 2 });
    const free = (await flows.requestFeedback(stack, musician, peer.id, track.id, { feedbackNotes: 'Thoughts?', context: 'mix_check' }))
      .body.id;
    await flows.respondToShare(stack, peer.user, free, 'accepted');
    expect((await call(peer.user, 'submitFeedback', { id: free, criteria: { energyImpact: 3 } })).status).toBe(200);
    expect((await call(musician, 'getShare', { id: free })).body.receipt).toBeNull();
  });
});
