import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  callRoute,
  createConfirmedUser,
  flows,
  itemsUnder,
  listEmails,
  type TestUser,
  useStackEnvironment,
  waitForEmail,
} from '../support/stack-kit.js';
import { SUGGESTIONS_PER_HOUR } from '../../shared/feedback.js';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

const stack = inject('stack');
const options = {
  feedbackNotes: 'Is the drop big enough?',
  context: 'work_in_progress',
  categories: ['mixing'],
  trackPurpose: 'streaming_release',
};

let musician: TestUser;
let reviewer: TestUser;
let stranger: TestUser;
let reviewerId: string;

const onboard = (user: TestUser, type: 'musician' | 'pro') => flows.onboard(stack, user, type);
const uploadTrack = (user: TestUser, title = 'Demo') => flows.uploadTrack(stack, user, title);

async function newShare(title = 'Demo') {
  const track = await uploadTrack(musician, title);
  const res = await flows.requestFeedback(stack, musician, reviewerId, track.id, options);
  expect(res.status).toBe(200);
  return { track, share: res.body };
}

/** What a user does on a request: comments added, edited and deleted, feedback submitted. */
const onShare = (id: string, as: TestUser) => ({
  comment: (timestamp: number | null, text: string, tags: string[] = []) =>
    callRoute(stack.apiUrl, 'addComment', { id, timestamp, text, tags }, as.idToken),
  edit: (commentId: string, text: string, tags: string[] = []) =>
    callRoute(stack.apiUrl, 'updateComment', { id, commentId, text, tags }, as.idToken),
  remove: (commentId: string) => callRoute(stack.apiUrl, 'deleteComment', { id, commentId }, as.idToken),
  submit: (feedback: Record<string, unknown>) => callRoute(stack.apiUrl, 'submitFeedback', { id, ...feedback }, as.idToken),
});

beforeAll(async () => {
  [musician, reviewer, stranger] = await Promise.all([
    createConfirmedUser(stack, { fullName: 'Sam Sharer' }),
    createConfirmedUser(stack, { fullName: 'Rita Reviewer', username: `rita${Date.now() % 100000}` }),
    createConfirmedUser(stack, { fullName: 'Otto Outsider' }),
  ]);
  useStackEnvironment(stack);
  await onboard(musician, 'musician');
  reviewerId = await onboard(reviewer, 'pro');
  await onboard(stranger, 'musician');
});

describe('finding a reviewer', () => {
  it('finds people by name or username prefix, case-insensitively, without the caller', async () => {
    const byName = await callRoute(stack.apiUrl, 'searchUsers', { q: 'RITA rev' }, musician.idToken);
    expect(byName.body.users.map((u: { id: string }) => u.id)).toContain(reviewerId);
    const byLastName = await callRoute(stack.apiUrl, 'searchUsers', { q: 'review', type: 'pro' }, musician.idToken);
    expect(byLastName.body.users.map((u: { id: string }) => u.id)).toContain(reviewerId);
    const self = await callRoute(stack.apiUrl, 'searchUsers', { q: 'rita' }, reviewer.idToken);
    expect(self.body.users.map((u: { id: string }) => u.id)).not.toContain(reviewerId);
    const musiciansOnly = await callRoute(stack.apiUrl, 'searchUsers', { q: 'rita', type: 'musician' }, musician.idToken);
    expect(musiciansOnly.body.users.map((u: { id: string }) => u.id)).not.toContain(reviewerId);
    expect((await callRoute(stack.apiUrl, 'searchUsers', { q: 'r' }, musician.idToken)).status).toBe(400);
  });

  it('lists the pros with their price', async () => {
    // Every page: other files add pros whose names come first.
    const pros = await flows.allPros(stack, musician.idToken);
    const paul = pros.find((u: { fullName: string }) => u.fullName === 'Paul Producer');
    expect(paul.feedbackPriceCents).toBe(3000);
    expect(pros.every((u: { type: string }) => u.type === 'pro')).toBe(true);
  });
});

describe('sharing', () => {
  it('creates a pending share with its options, marks the track shared and e-mails the reviewer once', async () => {
    const since = Date.now();
    const { track, share } = await newShare('Requested');
    expect(share).toMatchObject({
      status: 'pending',
      trackId: track.id,
      sharedWithName: 'Rita Reviewer',
      sharedByName: 'Sam Sharer',
      shareOptions: { feedbackNotes: options.feedbackNotes, context: 'work_in_progress', mixingMastering: true, feedbackType: 'peer' },
    });
    const tracks = await callRoute(stack.apiUrl, 'listTracks', {}, musician.idToken);
    expect(tracks.body.tracks.find((t: { id: string }) => t.id === track.id).isShared).toBe(true);
    const mail = await waitForEmail(stack.mailUrl, reviewer.email, /requested: Requested/i, { since });
    expect(mail.body.html).toContain(`${stack.appUrl}/feedback/${share.id}`);
    const toReviewer = await callRoute(stack.apiUrl, 'listShares', { as: 'reviewer', status: 'pending,accepted' }, reviewer.idToken);
    expect(toReviewer.body.shares.map((s: { id: string }) => s.id)).toContain(share.id);
    // The track's report comes with the request, as the track list has it (no lane); the reviewer asks for the lane.
    const listed = tracks.body.tracks.find((t: { id: string }) => t.id === track.id).report;
    expect(listed).toEqual(expect.objectContaining({ integratedLufs: expect.any(Number) }));
    expect(toReviewer.body.shares.find((s: { id: string }) => s.id === share.id).trackReport).toEqual(listed);
    const [stored] = (await itemsUnder(stack, `SHARE#${share.id}`)).filter((i) => i.SK === 'META');
    expect(stored.trackReport).not.toHaveProperty('shortTerm');
    const whole = await callRoute(stack.apiUrl, 'getTrackReport', { trackId: track.id }, reviewer.idToken);
    expect(whole.status).toBe(200);
    expect(whole.body.shortTermLufs).toEqual(expect.any(Array));
  });

  it("refuses a priced pro until payments exist, another user's track and oneself", async () => {
    const track = await uploadTrack(musician, 'Priced');
    const paul = (await flows.allPros(stack, musician.idToken)).find((u: { fullName: string }) => u.fullName === 'Paul Producer');
    const priced = await flows.requestFeedback(stack, musician, paul.id, track.id, options);
    expect(priced.status).toBe(409);
    expect(priced.body.error.code).toBe('payment_required');
    expect((await flows.requestFeedback(stack, stranger, reviewerId, track.id, options)).status).toBe(403);
    const me = await callRoute(stack.apiUrl, 'getMe', {}, musician.idToken);
    expect((await flows.requestFeedback(stack, musician, me.body.id, track.id, options)).status).toBe(400);
    const noNotes = await flows.requestFeedback(stack, musician, reviewerId, track.id, { ...options, feedbackNotes: ' ' });
    expect(noNotes.status).toBe(400);
  });
});

describe('the review', () => {
  it('runs from request to rating, and keeps outsiders out of the share, its feedback and its audio', async () => {
    const since = Date.now();
    const { track, share } = await newShare('Full loop');

    // Outsiders see nothing; the reviewer may listen.
    expect((await callRoute(stack.apiUrl, 'getShare', { id: share.id }, stranger.idToken)).status).toBe(403);
    expect((await callRoute(stack.apiUrl, 'getSignedUrl', { trackId: track.id }, stranger.idToken)).status).toBe(403);
    expect((await callRoute(stack.apiUrl, 'getSignedUrl', { trackId: track.id }, reviewer.idToken)).status).toBe(200);

    // Only the reviewer answers.
    expect((await flows.respondToShare(stack, musician, share.id, 'accepted')).status).toBe(403);
    expect((await flows.respondToShare(stack, reviewer, share.id, 'accepted')).body.status).toBe('accepted');
    expect((await flows.respondToShare(stack, reviewer, share.id, 'declined')).status).toBe(409);
    // The musician is told, with no deadline: a free request has none.
    const accepted = await waitForEmail(stack.mailUrl, musician.email, /^Accepted: Full loop$/, { since });
    expect(accepted.body.text).toContain('accepted your request for feedback on "Full loop".');
    expect(accepted.body.text).not.toContain('due by');

    const late = await onShare(share.id, reviewer).comment(3.2, '  Kick is buried  ', ['#Mixing', '#Bassline']);
    // Tags are the spec's category tags: the label with a leading '#'.
    expect(late.body).toMatchObject({ text: 'Kick is buried', tags: ['#Mixing', '#Bassline'], authorName: 'Rita Reviewer' });
    expect((await onShare(share.id, reviewer).comment(1, 'Keys are not tags', ['mixing'])).status).toBe(400);
    const early = await onShare(share.id, reviewer).comment(0.5, 'Great intro');
    const general = await onShare(share.id, reviewer).comment(null, 'Nice overall');
    expect((await onShare(share.id, reviewer).comment(1, '   ')).status).toBe(400);
    expect((await onShare(share.id, stranger).comment(1, 'me too')).status).toBe(403);

    // Only a comment's author edits or deletes it.
    expect((await onShare(share.id, musician).edit(early.body.id, 'Hacked')).status).toBe(403);
    expect((await onShare(share.id, musician).remove(early.body.id)).status).toBe(403);
    const edited = await onShare(share.id, reviewer).edit(early.body.id, 'Great intro pad', ['#Melody']);
    expect(edited.body).toMatchObject({ text: 'Great intro pad', tags: ['#Melody'], timestamp: 0.5 });
    expect((await onShare(share.id, reviewer).remove(general.body.id)).status).toBe(200);

    // Feedback completes the share, once.
    expect((await onShare(share.id, musician).submit({ criteria: { mixingMastering: 3 } })).status).toBe(403);
    const done = await onShare(share.id, reviewer).submit({ criteria: { mixingMastering: 3, energyImpact: 5 }, comment: 'Solid track' });
    expect(done.status).toBe(200);
    expect(done.body.share.status).toBe('completed');
    expect(done.body.feedback).toMatchObject({ criteria: { mixingMastering: 3, energyImpact: 5 }, comment: 'Solid track' });
    expect(done.body.comments.map((c: { timestamp: number | null }) => c.timestamp)).toEqual([0.5, 3.2]);
    expect((await onShare(share.id, reviewer).submit({ criteria: { vocalsLyrics: 1 } })).status).toBe(409);
    // The submitted review is frozen; the reviewer may still answer questions with new comments.
    const frozen = await onShare(share.id, reviewer).edit(early.body.id, 'Changed later');
    expect(frozen.status).toBe(409);
    expect(frozen.body.error.code).toBe('completed');
    expect((await onShare(share.id, reviewer).remove(early.body.id)).status).toBe(409);
    expect((await onShare(share.id, musician).comment(3, 'Why so low?')).status).toBe(200);
    expect((await onShare(share.id, reviewer).comment(3, 'Cut it below 50 Hz')).status).toBe(200);
    await waitForEmail(stack.mailUrl, musician.email, /responded/i, { since });
    expect((await callRoute(stack.apiUrl, 'getShare', { id: share.id }, stranger.idToken)).status).toBe(403);

    // One rating, by the musician.
    expect((await callRoute(stack.apiUrl, 'rateFeedback', { id: share.id, rating: 4 }, stranger.idToken)).status).toBe(403);
    expect((await callRoute(stack.apiUrl, 'rateFeedback', { id: share.id, rating: 0 }, musician.idToken)).status).toBe(400);
    const rated = await callRoute(stack.apiUrl, 'rateFeedback', { id: share.id, rating: 4, comment: 'Thanks' }, musician.idToken);
    expect(rated.body.ranking).toMatchObject({ rating: 4, comment: 'Thanks' });
    // Both sides' lists show the rating without opening the share.
    const mine = await callRoute(stack.apiUrl, 'listShares', { as: 'author' }, musician.idToken);
    expect(mine.body.shares.find((s: { id: string }) => s.id === share.id).rating).toBe(4);
    const theirs = await callRoute(stack.apiUrl, 'listShares', { as: 'reviewer', status: 'completed' }, reviewer.idToken);
    expect(theirs.body.shares.find((s: { id: string }) => s.id === share.id).rating).toBe(4);
    expect((await callRoute(stack.apiUrl, 'rateFeedback', { id: share.id, rating: 5 }, musician.idToken)).status).toBe(409);

    // Each e-mail went out exactly once.
    const mails = (await listEmails(stack.mailUrl)).filter(
      (m) => m.subject.includes('Full loop') && m.at * (m.at < 1e12 ? 1000 : 1) >= since - 1000,
    );
    expect(mails.filter((m) => /requested/i.test(m.subject))).toHaveLength(1);
    expect(mails.filter((m) => /responded/i.test(m.subject))).toHaveLength(1);
    expect(mails.filter((m) => m.subject === 'Accepted: Full loop')).toHaveLength(1);
    // Comments are e-mailed as digests, a while after the last one: never one e-mail per comment.
    expect(mails.filter((m) => /comment/i.test(m.subject)).length).toBeLessThanOrEqual(2);
  });

  it('takes no review before the request is accepted, and none with nothing in it', async () => {
    const { share } = await newShare('Empty');
    const early = await onShare(share.id, reviewer).submit({ criteria: { energyImpact: 4 } });
    expect(early.status).toBe(409);
    expect(early.body.error).toEqual({ code: 'not_accepted', message: 'Accept the request before reviewing it' });
    expect((await onShare(share.id, reviewer).comment(1, 'Early')).status).toBe(409);
    await flows.respondToShare(stack, reviewer, share.id, 'accepted');
    const res = await onShare(share.id, reviewer).submit({ criteria: {} });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'review_incomplete', missing: ['something'] });
  });

  it('keeps comment times within the track, also when a comment is edited', async () => {
    const { share } = await newShare('Short');
    await flows.respondToShare(stack, reviewer, share.id, 'accepted');
    expect((await onShare(share.id, reviewer).comment(60, 'Late')).status).toBe(400);
    const ok = await onShare(share.id, reviewer).comment(2, 'In time');
    const moved = await callRoute(
      stack.apiUrl,
      'updateComment',
      { id: share.id, commentId: ok.body.id, text: 'In time', tags: [], timestamp: 60 },
      reviewer.idToken,
    );
    expect(moved.status).toBe(400);
    expect(moved.body.error.message).toBe('The time is past the end of the track');
  });

  it('closes a declined request: the author sees it declined, and it takes no comments or feedback', async () => {
    const since = Date.now();
    const { share } = await newShare('Not for me');
    const declined = await flows.respondToShare(stack, reviewer, share.id, 'declined');
    expect(declined.body.status).toBe('declined');
    // The musician is told, with the reason (none given: 'Other') and no refund: nothing was paid.
    const told = await waitForEmail(stack.mailUrl, musician.email, /^Declined: Not for me$/, { since });
    expect(told.body.text).toMatch(/declined your request for feedback on "Not for me"\.\s+Their reason: Other\./);
    expect(told.body.text).not.toContain('refunded');
    const mine = await callRoute(stack.apiUrl, 'listShares', { as: 'author' }, musician.idToken);
    expect(mine.body.shares.find((s: { id: string }) => s.id === share.id).status).toBe('declined');
    for (const [route, input] of [
      ['addComment', { id: share.id, timestamp: 1, text: 'Still here', tags: [] }],
      ['submitFeedback', { id: share.id, criteria: { energyImpact: 3 } }],
    ] as const) {
      const res = await callRoute(stack.apiUrl, route, input, reviewer.idToken);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('declined');
    }
    expect((await flows.respondToShare(stack, reviewer, share.id, 'accepted')).status).toBe(409);
  });

  it('deletes a shared track with its share, comments, feedback and rating', async () => {
    const { track, share } = await newShare('Doomed');
    await flows.respondToShare(stack, reviewer, share.id, 'accepted');
    await onShare(share.id, reviewer).comment(1, 'Hi');
    await onShare(share.id, reviewer).submit({ criteria: { vocalsLyrics: 2 } });
    expect((await callRoute(stack.apiUrl, 'deleteTracks', { ids: [track.id] }, musician.idToken)).status).toBe(200);
    expect((await callRoute(stack.apiUrl, 'getShare', { id: share.id }, musician.idToken)).status).toBe(404);
    const left = await callRoute(stack.apiUrl, 'listShares', { as: 'reviewer' }, reviewer.idToken);
    expect(left.body.shares.map((s: { id: string }) => s.id)).not.toContain(share.id);
  });
});

/** The share's pending comment digests, read from the table. */
async function digestsOf(shareId: string): Promise<Record<string, any>[]> {
  const { dynamo } = await import('../../functions/lib/aws/dynamo.js');
  const res = await dynamo().send(
    new QueryCommand({
      TableName: stack.tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :d)',
      ExpressionAttributeValues: { ':pk': `SHARE#${shareId}`, ':d': 'DIGEST#' },
      ConsistentRead: true,
    }),
  );
  return res.Items ?? [];
}

/**
 * Sets when the share's pending digests are due, as the passing of time would: the test decides when a
 * burst is over instead of waiting out COMMENT_DIGEST_DELAY_SECONDS. A digest already sent stays sent.
 */
async function digestsDueAt(shareId: string, at: Date) {
  const { dynamo } = await import('../../functions/lib/aws/dynamo.js');
  const dueAt = at.toISOString();
  for (const d of await digestsOf(shareId)) {
    await dynamo()
      .send(
        new UpdateCommand({
          TableName: stack.tableName,
          Key: { PK: d.PK, SK: d.SK },
          UpdateExpression: 'SET dueAt = :due, GSI2SK = :gs',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':due': dueAt, ':gs': `${dueAt}#${shareId}#${d.toUserId}` },
        }),
      )
      .catch((err: Error) => {
        if (err.name !== 'ConditionalCheckFailedException') throw err;
      });
  }
}

async function waitForNoDigest(shareId: string, timeoutMs = 20_000) {
  for (const until = Date.now() + timeoutMs; (await digestsOf(shareId)).length; await new Promise((r) => setTimeout(r, 200))) {
    if (Date.now() > until) throw new Error(`The digests of ${shareId} were not taken within ${timeoutMs} ms`);
  }
}

const commentMails = async (to: string, title: string, since: number) =>
  (await listEmails(stack.mailUrl, to)).filter(
    (m) => /comment/i.test(m.subject) && m.subject.includes(title) && m.at * (m.at < 1e12 ? 1000 : 1) >= since - 1000,
  );

describe('comments on a range', () => {
  it('takes a start and an end after it, within the track; an edit keeps the range unless the time changes', async () => {
    const { share } = await newShare(`Range ${Date.now() % 100000}`);
    await flows.respondToShare(stack, reviewer, share.id, 'accepted');
    const as = (input: Record<string, unknown>) =>
      callRoute(stack.apiUrl, 'addComment', { id: share.id, tags: [], ...input }, musician.idToken);
    const range = await as({ timestamp: 1, endTimestamp: 2.5, text: 'The fill drags' });
    expect(range.status).toBe(200);
    expect(range.body).toMatchObject({ timestamp: 1, endTimestamp: 2.5 });
    // A moment stays as it was: no end.
    expect((await as({ timestamp: 1, text: 'Here' })).body).not.toHaveProperty('endTimestamp');

    for (const [input, field] of [
      [{ timestamp: 2, endTimestamp: 2 }, 'endTimestamp'],
      [{ timestamp: 2, endTimestamp: 1 }, 'endTimestamp'],
      [{ timestamp: null, endTimestamp: 2 }, 'endTimestamp'],
      [{ timestamp: 1, endTimestamp: 600 }, 'endTimestamp'],
    ] as const) {
      const res = await as({ ...input, text: 'Bad range' });
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(Object.keys(res.body.error.fields ?? {})).toContain(field);
    }

    const edit = (input: Record<string, unknown>) =>
      callRoute(stack.apiUrl, 'updateComment', { id: share.id, commentId: range.body.id, tags: [], ...input }, musician.idToken);
    expect((await edit({ text: 'The fill drags a bit' })).body).toMatchObject({ timestamp: 1, endTimestamp: 2.5 });
    expect((await edit({ text: 'Now a moment', timestamp: 2 })).body).not.toHaveProperty('endTimestamp');
    expect((await edit({ text: 'A range again', timestamp: 0, endTimestamp: 3 })).body).toMatchObject({ timestamp: 0, endTimestamp: 3 });
    const read = await callRoute(stack.apiUrl, 'getShare', { id: share.id }, reviewer.idToken);
    expect(read.body.comments.find((c: { id: string }) => c.id === range.body.id)).toMatchObject({ timestamp: 0, endTimestamp: 3 });
  });
});

describe('comment e-mails', () => {
  // The musician's questions go to the reviewer as they come; the reviewer's comments are the review's,
  // which reaches the musician when submitted (test/api/review-trust.test.ts).
  it('a burst of comments is one digest, sent once it is quiet, with the comments that still exist', async () => {
    const since = Date.now();
    const title = `Digest ${Date.now() % 100000}`;
    const { share } = await newShare(title);
    await flows.respondToShare(stack, reviewer, share.id, 'accepted');
    const add = async (text: string, timestamp: number | null, endTimestamp?: number) => {
      const res = await callRoute(stack.apiUrl, 'addComment', { id: share.id, timestamp, endTimestamp, text, tags: [] }, musician.idToken);
      expect(res.status).toBe(200);
      return res.body.id as string;
    };
    // On a range: said as one in the e-mail.
    const first = await add('Kick is buried', 3.2, 4);
    const [before] = await digestsOf(share.id);
    const second = await add('Great intro', 0.5);
    const third = await add('Vocals are too wet', null);
    const digests = await digestsOf(share.id);
    // Held back while the test deletes one: as if the burst were still going on.
    await digestsDueAt(share.id, new Date(Date.now() + 3600_000));

    expect(digests).toHaveLength(1);
    expect(digests[0]).toMatchObject({ toUserId: reviewerId, shareId: share.id });
    expect([...digests[0].commentIds].sort()).toEqual([first, second, third].sort());
    // Each comment pushes the digest back: it goes out a while after the last one.
    expect(digests[0].dueAt > before.dueAt).toBe(true);
    expect(await commentMails(reviewer.email, title, since)).toEqual([]);

    expect((await onShare(share.id, musician).remove(third)).status).toBe(200);
    await digestsDueAt(share.id, new Date());
    const mail = await waitForEmail(stack.mailUrl, reviewer.email, new RegExp(`comments on ${title}`), { since, timeoutMs: 20_000 });
    expect(mail.subject).toBe(`2 new comments on ${title}`);
    const text = mail.body.text ?? mail.body.html ?? '';
    expect(text).toContain('At 0:03-0:04: Kick is buried');
    expect(text).toContain('At 0:00: Great intro');
    expect(text).not.toContain('Vocals are too wet');
    expect(mail.body.html).toContain(`${stack.appUrl}/feedback/${share.id}`);

    await waitForNoDigest(share.id);
    await new Promise((r) => setTimeout(r, 3000));
    expect(await commentMails(reviewer.email, title, since)).toHaveLength(1);
    // The musician wrote them all: nothing for the musician.
    expect(await commentMails(musician.email, title, since)).toEqual([]);
  });

  it('claims a digest once, only as it was seen, and puts a failed one back merged with any newer one', async () => {
    const { claimDigest, restoreDigest } = await import('../../functions/feedback/data/shares.js');
    const { share } = await newShare(`Claims ${Date.now() % 100000}`);
    const ask = (text: string) =>
      callRoute(stack.apiUrl, 'addComment', { id: share.id, timestamp: null, text, tags: [] }, musician.idToken);
    const first = (await ask('First question')).body.id;
    const later = new Date(Date.now() + 3600_000);
    await digestsDueAt(share.id, later);
    const [seen] = await digestsOf(share.id);
    const digest = { shareId: share.id, toUserId: reviewerId, dueAt: seen.dueAt, commentIds: [first], attempts: 0 };

    // A run that saw an older due time (a comment pushed it back since) does not get it.
    expect(await claimDigest({ ...digest, dueAt: new Date().toISOString() })).toBeNull();
    const claimed = await claimDigest(digest);
    expect(claimed).toMatchObject({ shareId: share.id, toUserId: reviewerId, commentIds: [first] });
    expect(await claimDigest(digest)).toBeNull();
    expect(await digestsOf(share.id)).toEqual([]);

    // Its sending failed while a new comment started the next digest: both end up in one.
    const second = (await ask('Second question')).body.id;
    await digestsDueAt(share.id, later);
    expect(await restoreDigest({ ...claimed!, attempts: 1 }, later.toISOString())).toBe(true);
    const [merged] = await digestsOf(share.id);
    expect([...merged.commentIds].sort()).toEqual([first, second].sort());
    expect(merged.attempts).toBe(1);
  });

  it('sends nothing for a burst whose comments were all deleted', async () => {
    const since = Date.now();
    const title = `Quiet ${Date.now() % 100000}`;
    const { share } = await newShare(title);
    const ids: string[] = [];
    for (const text of ['Is the kick too loud?', 'Or the bass?']) {
      const res = await callRoute(stack.apiUrl, 'addComment', { id: share.id, timestamp: 1, text, tags: [] }, musician.idToken);
      expect(res.status).toBe(200);
      ids.push(res.body.id);
    }
    await digestsDueAt(share.id, new Date(Date.now() + 3600_000));
    expect((await digestsOf(share.id)).map((d) => d.toUserId)).toEqual([reviewerId]);
    for (const commentId of ids) {
      expect((await callRoute(stack.apiUrl, 'deleteComment', { id: share.id, commentId }, musician.idToken)).status).toBe(200);
    }
    await digestsDueAt(share.id, new Date());
    await waitForNoDigest(share.id);
    await new Promise((r) => setTimeout(r, 2000));
    expect(await commentMails(reviewer.email, title, since)).toEqual([]);
  });
});

describe('AI Suggest', () => {
  /** A request the reviewer has accepted: a suggestion is only for one. */
  let asked: string;
  beforeAll(async () => {
    const { share } = await newShare('Suggest Me');
    expect((await flows.respondToShare(stack, reviewer, share.id, 'accepted')).status).toBe(200);
    asked = share.id;
  });

  it('rewrites the draft for its tags without repeating the time and categories the comment shows (local provider)', async () => {
    const res = await callRoute(
      stack.apiUrl,
      'suggestComment',
      { text: 'kick too quiet', timestamp: 83, tags: ['#Mixing'], shareId: asked },
      reviewer.idToken,
    );
    expect(res.status).toBe(200);
    expect(res.body.text).toMatch(/^Kick too quiet\. To make it stronger, try balancing the levels/);
    expect((await callRoute(stack.apiUrl, 'suggestComment', { text: '   ', shareId: asked }, reviewer.idToken)).status).toBe(400);
  });

  it('is given only for a request: none for no request, which, pasted, would read as typed', async () => {
    const loose = await callRoute(stack.apiUrl, 'suggestComment', { text: 'kick too quiet' }, reviewer.idToken);
    expect(loose.status).toBe(400);
    expect(JSON.stringify(loose.body.error)).toContain('shareId');
  });

  it('is limited per user per hour', async () => {
    const { user, id } = await flows.onboardedUser(stack, 'musician');
    const theirs = await flows.acceptedRequest(stack, user, id);
    const statuses: number[] = [];
    for (let i = 0; i < SUGGESTIONS_PER_HOUR + 1; i++) {
      statuses.push((await callRoute(stack.apiUrl, 'suggestComment', { text: `try ${i}`, shareId: theirs }, user.idToken)).status);
    }
    expect(statuses.slice(0, SUGGESTIONS_PER_HOUR).every((s) => s === 200)).toBe(true);
    // The free plan's limit: a 409 that names the plan lifting it.
    const over = await callRoute(stack.apiUrl, 'suggestComment', { text: 'one more', shareId: theirs }, user.idToken);
    expect(over).toMatchObject({ status: 409, body: { error: { code: 'plan_limit', upgradePlanId: 'plan_plus' } } });
    expect(over.body.error.message).toBe(
      'Your Free plan allows 30 AI suggestions an hour. Upgrade to Plus ($9.00 a month) for 120 AI suggestions an hour.',
    );
    expect(statuses.at(-1)).toBe(409);
    // Others are not affected.
    expect((await callRoute(stack.apiUrl, 'suggestComment', { text: 'still fine', shareId: asked }, reviewer.idToken)).status).toBe(200);
  });
});

describe('due digests at scale', () => {
  it('spread over shards by share id, and the job still sends every one, one written before the shards too', async () => {
    const { DIGEST_SHARDS } = await import('../../functions/feedback/data/shares.js');
    const { shardKey } = await import('../../functions/platform/data/shards.js');
    const since = Date.now();
    const title = `Shards ${Date.now() % 100000}`;
    const track = await uploadTrack(musician, title);
    const shares: { id: string }[] = [];
    for (let i = 0; i < 16; i++) {
      const res = await flows.requestFeedback(stack, musician, reviewerId, track.id, options);
      expect(res.status).toBe(200);
      shares.push(res.body);
    }
    const asked = await Promise.all(shares.map((s) => onShare(s.id, musician).comment(null, 'Is the drop big enough?')));
    expect(asked.map((r) => r.status)).toEqual(shares.map(() => 200));

    const digests = (await Promise.all(shares.map((s) => digestsOf(s.id)))).flat();
    expect(digests).toHaveLength(16);
    for (const d of digests) expect(d.GSI2PK).toBe(shardKey('DIGEST#DUE', d.shareId, DIGEST_SHARDS));
    expect(new Set(digests.map((d) => d.GSI2PK)).size).toBeGreaterThan(2);
    // Due now: the scheduled job (every 2 s locally) reads every shard and sends each digest once.
    for (const s of shares) await digestsDueAt(s.id, new Date());
    for (const s of shares) await waitForNoDigest(s.id);
    for (const until = Date.now() + 20_000; (await commentMails(reviewer.email, title, since)).length < 16 && Date.now() < until;)
      await new Promise((r) => setTimeout(r, 300));
    await new Promise((r) => setTimeout(r, 2000));
    expect(await commentMails(reviewer.email, title, since)).toHaveLength(16);
  });
});
