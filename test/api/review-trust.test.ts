/**
 * A paid review a musician can trust, through the API on the local stack: the floor it must meet, proof of
 * listening and the claims it refuses, drafts private until Submit, a copied review refused, declines with
 * a reason, and a track that cannot be deleted under a pro at work.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  callerOn,
  createConfirmedUser,
  flows,
  itemsUnder,
  money,
  setAttributes,
  type TestUser,
  useStackEnvironment,
} from '../support/stack-kit.js';

const stack = inject('stack');
const PRICE = 3000;
const ALL_CRITERIA = { mixingMastering: 4, compositionArrangement: 4, vocalsLyrics: 3, energyImpact: 5 };

let pro: TestUser;
let proId: string;

const newMusician = (name = 'Tess Trusting') => flows.onboardedUser(stack, 'musician', { fullName: name });
const call = callerOn(stack);
/** A report in the session named, or in a new one the server gives (as a player loading the audio). */
const report = (user: TestUser, id: string, ranges: [number, number][], session?: string) => flows.listen(stack, user, id, ranges, session);
const comment = (
  user: TestUser,
  id: string,
  timestamp: number | null,
  tags: string[] = [],
  text = `At ${timestamp}: ${flows.freshReviewText(4)}`,
) => call(user, 'addComment', { id, timestamp, text, tags });
/** As if a player had been listening for `seconds` until now: what the listening clock lets a claim cover. */
const listenedFor = (shareId: string, seconds: number) =>
  setAttributes(stack, { PK: `SHARE#${shareId}`, SK: 'LISTENING' }, { clockSeconds: seconds, tickAt: new Date().toISOString() });

async function acceptedPaid(title: string, seconds = 1) {
  const { user } = await newMusician();
  const { view, orderId, track } = await money.paidRequest(stack, user, { id: proId, priceCents: PRICE }, title, seconds);
  expect((await call(pro, 'respondToShare', { id: view.shareId, status: 'accepted' })).status).toBe(200);
  return { musician: user, shareId: view.shareId as string, orderId, track };
}

beforeAll(async () => {
  useStackEnvironment(stack);
  pro = await createConfirmedUser(stack, { fullName: 'Paul Proof' });
  proId = await flows.onboard(stack, pro, 'pro');
  await money.setPrice(stack, proId, PRICE);
});

describe('the floor of a paid review', () => {
  it('a one-star review with no words is refused with what it misses; one that meets the floor is taken', async () => {
    const { shareId, orderId } = await acceptedPaid('Ninety seconds', 90);
    const bare = await call(pro, 'submitFeedback', { id: shareId, criteria: { mixingMastering: 1 } });
    expect(bare.status).toBe(409);
    expect(bare.body.error.code).toBe('review_incomplete');
    expect(bare.body.error.missing).toEqual(['listened', 'criteria', 'comments', 'thirds', 'general', 'why:mixingMastering']);
    expect(bare.body.error.message).toContain('Listen to at least 80% of the track (1:12 left)');

    // Nothing heard yet: no comment on a moment of the track.
    expect((await comment(pro, shareId, 5)).body.error).toMatchObject({ code: 'not_heard' });
    const first = await report(pro, shareId, [[0, 10]]);
    expect(first.body).toMatchObject({ heardSeconds: 10, sessions: 1, requiredSeconds: 72 });
    expect((await comment(pro, shareId, 5, ['#Mixing'])).status).toBe(200);
    expect((await comment(pro, shareId, 50)).body.error).toMatchObject({ code: 'not_heard' });

    await listenedFor(shareId, 60);
    const all = await report(pro, shareId, [[10, 90]]);
    expect(all.body).toMatchObject({ heardSeconds: 90, sessions: 2 });
    expect((await comment(pro, shareId, 45)).status).toBe(200);
    expect((await comment(pro, shareId, 80)).status).toBe(200);

    const short = await call(pro, 'submitFeedback', {
      id: shareId,
      criteria: { ...ALL_CRITERIA, mixingMastering: 1 },
      comment: flows.freshReviewText(39),
    });
    expect(short.body.error).toMatchObject({ code: 'review_incomplete', missing: ['general'] });
    const done = await call(pro, 'submitFeedback', {
      id: shareId,
      criteria: { ...ALL_CRITERIA, mixingMastering: 1 },
      comment: flows.freshReviewText(40),
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.listening).toMatchObject({ heardSeconds: 90, sessions: 2 });
    expect((await money.payment(orderId)).fulfilledAt).toEqual(expect.any(String));
  });

  it('a comment deleted while Submit is under way refuses the completion that was checked against it', async () => {
    const { musician, shareId, orderId } = await acceptedPaid('Deleted during submit', 3);
    expect((await report(pro, shareId, [[0, 3]])).status).toBe(200);
    const ids: string[] = [];
    for (const t of [0, 1, 2]) ids.push((await comment(pro, shareId, t, ['#Mixing'])).body.id);
    const shares = await import('../../functions/feedback/data/shares.js');
    // Each change to the reviewer's comments is counted; the musician's are not part of the review.
    expect((await shares.getShareBundle(shareId))!.reviewEdits).toBe(3);
    expect((await comment(musician, shareId, null)).status).toBe(200);
    const read = (await shares.getShareBundle(shareId))!;
    expect(read.reviewEdits).toBe(3);

    // Submit read the review (and checked the floor on it); a second tab deletes a comment before its write.
    expect((await call(pro, 'deleteComment', { id: shareId, commentId: ids[2] })).status).toBe(200);
    const feedback = { criteria: ALL_CRITERIA, comment: flows.freshReviewText(40), userId: proId, createdAt: new Date().toISOString() };
    expect(await shares.completeWithFeedback(read.share, feedback, [], { reviewEdits: read.reviewEdits })).toBe(false);
    expect((await shares.readShare(shareId))!.record.status).toBe('accepted');
    expect((await money.payment(orderId)).fulfilledAt).toBeUndefined();
    // Submitted again, the review is checked as it now stands: two timed comments are too few.
    const again = await call(pro, 'submitFeedback', { id: shareId, criteria: ALL_CRITERIA, comment: flows.freshReviewText(40) });
    expect(again.body.error).toMatchObject({ code: 'review_incomplete', missing: ['comments'] });
    expect((await comment(pro, shareId, 2, ['#Mixing'])).status).toBe(200);
    const done = await call(pro, 'submitFeedback', { id: shareId, criteria: ALL_CRITERIA, comment: flows.freshReviewText(40) });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    // The count is done with once the review is in.
    expect((await itemsUnder(stack, `SHARE#${shareId}`)).some((i) => i.SK === 'REVIEW_EDITS')).toBe(false);
  });

  it("reads the words: 'nice', 'good', 'ok' and 'good track' twenty times are refused, naming each comment, until they say something", async () => {
    const { shareId } = await acceptedPaid('Nice good ok', 3);
    await report(pro, shareId, [[0, 3]]);
    const ids: string[] = [];
    for (const [t, text] of [
      [0, 'nice'],
      [1, 'good'],
      [2, 'ok'],
    ] as const) {
      ids.push((await comment(pro, shareId, t, [], text)).body.id);
    }
    const junk = await call(pro, 'submitFeedback', { id: shareId, criteria: ALL_CRITERIA, comment: `${'good track '.repeat(20)}good` });
    expect(junk.body.error).toMatchObject({ code: 'review_incomplete', missing: ['specific', 'varied'] });
    expect(junk.body.error.message).toContain("0:00 'nice', 0:01 'good', 0:02 'ok'");
    for (const [i, text] of ['Kick buried under the pad', 'Snare crack too bright at 5 kHz', 'Vocal sits behind the guitars'].entries()) {
      expect((await call(pro, 'updateComment', { id: shareId, commentId: ids[i], text, tags: ['#Mixing'] })).status).toBe(200);
    }
    const done = await call(pro, 'submitFeedback', { id: shareId, criteria: ALL_CRITERIA, comment: flows.freshReviewText(40) });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
  });

  it('an instrumental is not scored on Vocals & Lyrics: three criteria complete it, a vocals score is refused', async () => {
    const { user } = await newMusician();
    const options = { ...money.REQUEST_OPTIONS, vocalsLyrics: false };
    const { view } = await money.paidRequest(stack, user, { id: proId, priceCents: PRICE }, 'Instrumental', 3, options);
    const shareId = view.shareId as string;
    expect((await call(pro, 'respondToShare', { id: shareId, status: 'accepted' })).status).toBe(200);
    await report(pro, shareId, [[0, 3]]);
    for (const t of [0, 1, 2]) expect((await comment(pro, shareId, t, ['#Mixing'])).status).toBe(200);
    const three = { mixingMastering: 4, compositionArrangement: 4, energyImpact: 5 };
    const scored = await call(pro, 'submitFeedback', {
      id: shareId,
      criteria: { ...three, vocalsLyrics: 3 },
      comment: flows.freshReviewText(),
    });
    expect(scored.status).toBe(400);
    expect(scored.body.error.message).toBe('Vocals & Lyrics is not scored on this track: the musician said it is an instrumental');
    const done = await call(pro, 'submitFeedback', { id: shareId, criteria: three, comment: flows.freshReviewText() });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
  });

  it('the pro may mark Vocals & Lyrics as not applying: it is then not asked for, and not scored', async () => {
    const { shareId } = await acceptedPaid('No vocals here');
    await report(pro, shareId, [[0, 1]]);
    for (const t of [0, 0.5]) expect((await comment(pro, shareId, t, ['#Mixing'])).status).toBe(200);
    const three = { mixingMastering: 4, compositionArrangement: 4, energyImpact: 5 };
    const scored = await call(pro, 'submitFeedback', {
      id: shareId,
      criteria: { ...three, vocalsLyrics: 3 },
      notApplicable: ['vocalsLyrics'],
      comment: flows.freshReviewText(),
    });
    expect(scored.status).toBe(400);
    expect(scored.body.error.message).toBe('Vocals & Lyrics is not scored on this track: you marked it as not applying');
    // Only what may not apply can be marked so.
    const other = await call(pro, 'submitFeedback', { id: shareId, criteria: three, notApplicable: ['energyImpact'], comment: 'x' });
    expect(other.status).toBe(400);
    const done = await call(pro, 'submitFeedback', {
      id: shareId,
      criteria: three,
      notApplicable: ['vocalsLyrics'],
      comment: flows.freshReviewText(),
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.feedback).toMatchObject({ criteria: three, notApplicable: ['vocalsLyrics'] });
  });

  it('a low score needs a comment tagged with its category saying why', async () => {
    const { shareId } = await acceptedPaid('Low vocals');
    await report(pro, shareId, [[0, 1]]);
    expect((await comment(pro, shareId, 0, ['#Mixing'])).status).toBe(200);
    const low = await call(pro, 'submitFeedback', {
      id: shareId,
      criteria: { ...ALL_CRITERIA, vocalsLyrics: 2 },
      comment: flows.freshReviewText(),
    });
    expect(low.body.error).toMatchObject({ code: 'review_incomplete', missing: ['why:vocalsLyrics'] });
    expect((await comment(pro, shareId, 0.5, ['#Vocal'])).status).toBe(200);
    const ok = await call(pro, 'submitFeedback', {
      id: shareId,
      criteria: { ...ALL_CRITERIA, vocalsLyrics: 2 },
      comment: flows.freshReviewText(),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it("a general comment copied from the reviewer's review of another track is refused", async () => {
    const text = flows.freshReviewText();
    const first = await acceptedPaid('Original');
    expect((await flows.fullReview(stack, pro, first.shareId, 1, { comment: text })).status).toBe(200);
    const second = await acceptedPaid('Copy');
    const copied = `${text.split(' ').slice(0, -1).join(' ')} changed`;
    const refused = await flows.fullReview(stack, pro, second.shareId, 1, { comment: copied });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: 'review_repeated',
      message: 'This reads like your review of another track: write this one for this track.',
    });
    expect(
      (await call(pro, 'submitFeedback', { id: second.shareId, criteria: ALL_CRITERIA, comment: flows.freshReviewText() })).status,
    ).toBe(200);
  });

  it("a comment copied from the reviewer's comments on another track is refused, unless it is one of their templates", async () => {
    const note = `The sub bass and the kick fight around 60 Hz ${Date.now()}`;
    const review = async (title: string) => {
      const { shareId } = await acceptedPaid(title, 3);
      expect((await report(pro, shareId, [[0, 3]])).status).toBe(200);
      for (const [t, text] of [
        [0, note],
        [1, `Moment one: ${flows.freshReviewText(4)}`],
        [2, `Moment two: ${flows.freshReviewText(4)}`],
      ] as const) {
        expect((await call(pro, 'addComment', { id: shareId, timestamp: t, text, tags: ['#Mixing'] })).status).toBe(200);
      }
      return call(pro, 'submitFeedback', { id: shareId, criteria: ALL_CRITERIA, comment: flows.freshReviewText() });
    };
    expect((await review('Commented first')).status).toBe(200);
    const copied = await review('Commented again');
    expect(copied.status).toBe(409);
    expect(copied.body.error).toMatchObject({ code: 'review_repeated', comments: [note.slice(0, 80)] });
    expect(copied.body.error.message).toMatch(/^Some of your comments read like your comments on another track/);
    // Kept as a template, the note is the pro's own to reuse.
    expect((await call(pro, 'createTemplate', { title: 'Low end', text: note })).status).toBe(200);
    expect((await review('Commented from a template')).status).toBe(200);
  });

  it("a free review keeps the spec's rule: a score, a comment or a general comment", async () => {
    const { user: musician } = await newMusician();
    const { user: peer, id: peerId } = await flows.onboardedUser(stack, 'musician', { fullName: 'Petra Peer' });
    const track = await flows.uploadTrack(stack, musician, 'Free one', { seconds: 1 });
    const share = (await flows.requestFeedback(stack, musician, peerId, track.id, money.REQUEST_OPTIONS)).body;
    await flows.respondToShare(stack, peer, share.id, 'accepted');
    const empty = await call(peer, 'submitFeedback', { id: share.id });
    expect(empty.body.error).toMatchObject({ code: 'review_incomplete', missing: ['something'] });
    // No listening asked of a free review, and its comments sit anywhere.
    expect((await comment(peer, share.id, 0.5)).status).toBe(200);
    const done = await call(peer, 'submitFeedback', { id: share.id, criteria: { energyImpact: 4 } });
    expect(done.status).toBe(200);
    expect(done.body.listening).toMatchObject({ heardSeconds: 0, requiredSeconds: 0 });
  });
});

describe('proof of listening', () => {
  it('only the reviewer of an accepted request reports, clipped to the track, never faster than the clock allows', async () => {
    const { musician, shareId } = await acceptedPaid('Claims');
    expect((await report(musician, shareId, [[0, 1]])).status).toBe(403);
    const stranger = (await newMusician('Sam Stranger')).user;
    expect((await report(stranger, shareId, [[0, 1]])).status).toBe(403);
    // A track of one second heard for an hour is one second heard.
    await report(pro, shareId, []);
    await listenedFor(shareId, 3600);
    expect((await report(pro, shareId, [[0, 3600]])).body).toMatchObject({ heardSeconds: 1 });
    // Bad shapes are the caller's mistake.
    expect((await report(pro, shareId, [[5, 2]])).status).toBe(400);
    expect((await call(pro, 'reportListening', { id: shareId, session: 'x', ranges: [] })).status).toBe(400);

    const pending = await newMusician('Peg Pending');
    const paid = await money.paidRequest(stack, pending.user, { id: proId, priceCents: PRICE }, 'Not yet');
    expect((await report(pro, paid.view.shareId, [[0, 1]])).body.error).toMatchObject({ code: 'not_accepted' });
  });

  it('refuses a claim of more than twice the time a player has been listening', async () => {
    const { shareId } = await acceptedPaid('Long claim', 120);
    const { session } = await report(pro, shareId, []);
    // Claims far past the bound, so that a slow machine's seconds between the calls cannot make them plausible.
    expect((await report(pro, shareId, [[0, 40]], session)).body.error).toMatchObject({ code: 'listening_implausible' });
    expect((await report(pro, shareId, [[0, 10]], session)).status).toBe(200);
    await listenedFor(shareId, 20);
    // 20 s at up to 2x, with 15 s of lead: 55 s at most.
    expect((await report(pro, shareId, [[0, 80]], session)).body.error).toMatchObject({ code: 'listening_implausible' });
    expect((await report(pro, shareId, [[0, 50]], session)).body).toMatchObject({ heardSeconds: 50, sessions: 1 });
  });

  it('counts only sessions it gave with the audio, and only the time a player was there', async () => {
    const { shareId } = await acceptedPaid('Five minutes', 300);
    const listening = () => itemsUnder(stack, `SHARE#${shareId}`).then((items) => items.find((i) => i.SK === 'LISTENING')!);
    // A session the player made up is not one: nothing is counted.
    const madeUp = await call(pro, 'reportListening', { id: shareId, session: randomUUID(), ranges: [[0, 5]] });
    expect(madeUp.body.error).toMatchObject({ code: 'listening_session_unknown' });

    // The audio fetched a day ago, then nothing: the page left open buys a minute, not a day.
    const given = await call(pro, 'startListening', { id: shareId });
    expect(given.body).toMatchObject({ signedUrl: expect.stringContaining('audio/'), session: expect.any(String) });
    expect((await fetch(given.body.signedUrl)).status).toBe(200);
    const dayAgo = new Date(Date.now() - 86_400_000).toISOString();
    await setAttributes(stack, { PK: `SHARE#${shareId}`, SK: 'LISTENING' }, { tickAt: dayAgo, startedAt: dayAgo, clockSeconds: 0 });
    const whole = await report(pro, shareId, [[0, 300]], given.body.session);
    expect(whole.body.error).toMatchObject({ code: 'listening_implausible' });
    // The refused report still moved the clock: a minute at most (at 2x with 15 s of lead, 135 s).
    expect((await listening()).clockSeconds).toBeCloseTo(60, 0);
    expect((await report(pro, shareId, [[0, 130]], given.body.session)).body).toMatchObject({ heardSeconds: 130, sessions: 1 });

    // Two sessions at once share one clock: the second cannot claim on time the first already used.
    await listenedFor(shareId, 100);
    const other = await report(pro, shareId, [], undefined);
    expect((await report(pro, shareId, [[130, 215]], given.body.session)).status).toBe(200);
    expect((await report(pro, shareId, [[215, 300]], other.session)).body.error).toMatchObject({ code: 'listening_implausible' });
    expect((await listening()).heardSeconds).toBe(215);
  });
});

describe('drafts are private until Submit', () => {
  it('the musician sees neither the comments, the scores, the draft nor the listening until the review is in', async () => {
    const { musician, shareId } = await acceptedPaid('Private draft');
    await report(pro, shareId, [[0, 1]]);
    expect((await comment(pro, shareId, 0, ['#Mixing'])).status).toBe(200);
    // The comment being written keeps its range and tags; a range that ends before it starts is refused.
    const noteAt = { timestamp: 3, endTimestamp: 5, tags: ['#Mixing'] };
    const backwards = await call(pro, 'saveDraft', { id: shareId, note: 'Unsent', noteAt: { ...noteAt, endTimestamp: 2 } });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.message).toContain('The end of a range must come after its start');
    const saved = await call(pro, 'saveDraft', {
      id: shareId,
      criteria: { energyImpact: 4 },
      comment: 'Half written',
      note: 'Unsent',
      noteAt,
    });
    expect(saved.body).toMatchObject({ criteria: { energyImpact: 4 }, comment: 'Half written', note: 'Unsent', noteAt });
    expect((await comment(musician, shareId, null)).status).toBe(200);

    const mine = (await call(pro, 'getShare', { id: shareId })).body;
    expect(mine.comments).toHaveLength(2);
    expect(mine.draft).toMatchObject({ comment: 'Half written', note: 'Unsent', noteAt });
    expect(mine.listening).toMatchObject({ heardSeconds: 1 });
    const theirs = (await call(musician, 'getShare', { id: shareId })).body;
    expect(theirs.comments.map((c: { userId: string }) => c.userId)).toEqual([theirs.share.sharedByUserId]);
    expect(theirs).toMatchObject({ draft: null, listening: null, feedback: null });
    // Nor is it e-mailed: no digest waits for the musician.
    const items = await itemsUnder(stack, `SHARE#${shareId}`);
    expect(items.map((i) => i.SK)).not.toContain(`DIGEST#${theirs.share.sharedByUserId}`);
    // Only the reviewer keeps a draft.
    expect((await call(musician, 'saveDraft', { id: shareId, comment: 'Mine' })).status).toBe(403);

    expect((await flows.fullReview(stack, pro, shareId, 1)).status).toBe(200);
    const after = (await call(musician, 'getShare', { id: shareId })).body;
    expect(after.comments.length).toBeGreaterThanOrEqual(2);
    expect(after.listening).toMatchObject({ heardSeconds: 1, sessions: 2 });
    expect((await call(pro, 'getShare', { id: shareId })).body.draft).toBeNull();
    expect((await itemsUnder(stack, `SHARE#${shareId}`)).map((i) => i.SK)).not.toContain('DRAFT');
    expect((await call(pro, 'saveDraft', { id: shareId, comment: 'Too late' })).body.error).toMatchObject({ code: 'completed' });
  });
});

describe('declines and deletions', () => {
  it('a decline carries its reason to the musician', async () => {
    const { user } = await newMusician();
    const { view } = await money.paidRequest(stack, user, { id: proId, priceCents: PRICE }, 'Declined');
    const res = await call(pro, 'respondToShare', {
      id: view.shareId,
      status: 'declined',
      reason: 'not_my_genre',
      reasonText: 'I mix metal.',
    });
    expect(res.body.decline).toEqual({ reason: 'not_my_genre', text: 'I mix metal.' });
    const seen = (await call(user, 'getShare', { id: view.shareId })).body.share;
    expect(seen).toMatchObject({ status: 'declined', decline: { reason: 'not_my_genre', text: 'I mix metal.' } });
    expect((await call(pro, 'respondToShare', { id: view.shareId, status: 'declined', reason: 'bored' })).status).toBe(400);
  });

  it('a track under a pro at work cannot be deleted; once the review is in it can, and the pro stays paid', async () => {
    const { musician, shareId, orderId, track } = await acceptedPaid('At work');
    const refused = await call(musician, 'deleteTracks', { ids: [track.id] });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'review_in_progress', reviewer: 'Paul Proof' });
    expect(refused.body.error.message).toMatch(/"At work" cannot be deleted while Paul Proof is reviewing it \(due \w+ \d+, \d{4}\)/);
    expect((await flows.fullReview(stack, pro, shareId, 1)).status).toBe(200);
    expect((await call(musician, 'deleteTracks', { ids: [track.id] })).body).toMatchObject({ deleted: [track.id] });
    expect(await money.payment(orderId)).toMatchObject({ status: 'captured', fulfilledAt: expect.any(String) });
  });
});
