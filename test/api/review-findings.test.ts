/**
 * Analysis findings as a request's reviewer works with them, through the API on the local stack: the track's
 * findings are suggested to the reviewer alone; one confirmed becomes a comment labelled 'from analysis'
 * (whatever the client says, once however often it is sent), one dismissed is no longer suggested and never
 * reaches the musician, and the admins see each detector's counts.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { callerOn, dynamo, flows, itemsUnder, useStackEnvironment, type TestUser } from '../support/stack-kit.js';
import { defectsWavBytes } from '../support/audio.js';

const stack = inject('stack');
const call = callerOn(stack);

let musician: TestUser;
let reviewer: TestUser;
let stranger: TestUser;
let shareId: string;
let trackId: string;

interface ReviewFinding {
  id: string;
  kind: string;
  start: number;
  status: string;
  commentId?: string;
}
const findings = async (as: TestUser) => call(as, 'listReviewFindings', { id: shareId });
const byKind = (list: ReviewFinding[], kind: string) => list.find((f) => f.kind === kind)!;

beforeAll(async () => {
  useStackEnvironment(stack);
  musician = (await flows.onboardedUser(stack, 'musician', { fullName: 'Fay Found' })).user;
  const peer = await flows.onboardedUser(stack, 'pro', { fullName: 'Pia Pins' });
  reviewer = peer.user;
  stranger = (await flows.onboardedUser(stack, 'musician')).user;
  const track = await flows.registerUpload(stack, musician, defectsWavBytes(), 'Defects.wav', 'Defects');
  expect(track.status).toBe('ready');
  trackId = track.id;
  shareId = (await flows.requestFeedback(stack, musician, peer.id, trackId, { feedbackNotes: 'Anything broken?', context: 'mix_check' }))
    .body.id;
});

describe("a request's analysis findings", () => {
  it("the owner's report lists every finding, with no reviewer needed", async () => {
    const report = await call(musician, 'getTrackReport', { trackId });
    expect(report.status).toBe(200);
    expect(report.body.findings.map((f: { kind: string }) => f.kind)).toEqual(['clip', 'dropout', 'click']);
  });

  it('are suggested to the reviewer alone, once the request is accepted', async () => {
    for (const user of [musician, stranger]) expect((await findings(user)).status).toBe(403);
    const pending = await call(reviewer, 'dismissFinding', { id: shareId, findingId: 'click-1' });
    expect(pending.status).toBe(409);
    await flows.respondToShare(stack, reviewer, shareId, 'accepted');
    const listed = await findings(reviewer);
    expect(listed.status).toBe(200);
    expect(listed.body.findings.map((f: ReviewFinding) => [f.kind, f.status])).toEqual([
      ['clip', 'open'],
      ['dropout', 'open'],
      ['click', 'open'],
    ]);
  });

  it('one confirmed becomes a comment from analysis, the same one however often it is sent', async () => {
    const clip = byKind((await findings(reviewer)).body.findings, 'clip');
    const input = { id: shareId, timestamp: 1, endTimestamp: 1.3, text: 'Clipping here: pull the limiter back.', tags: ['#Mastering'] };
    const first = await call(reviewer, 'addComment', { ...input, finding: clip.id, pasted: true });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ made: { how: 'analysis' }, finding: clip.id, tags: ['#Mastering'] });
    const again = await call(reviewer, 'addComment', { ...input, finding: clip.id });
    expect(again.body.id).toBe(first.body.id);
    const listed = byKind((await findings(reviewer)).body.findings, 'clip');
    expect(listed).toMatchObject({ status: 'confirmed', commentId: first.body.id });
    // Edited, it stays from analysis.
    const edited = await call(reviewer, 'updateComment', {
      id: shareId,
      commentId: first.body.id,
      text: 'Clipped: 3 dB too hot here.',
      tags: [],
    });
    expect(edited.body.made).toEqual({ how: 'analysis' });
    // Taken back (its comment deleted) and confirmed again, it counts for its detector once. The admins'
    // counts are the whole stack's: a round with another file's confirmation in it is measured again.
    const counted = async () => {
      const admin = await flows.testAdmin(stack);
      return (await call(admin, 'getFindingStats', {})).body.detectors.find((d: { kind: string }) => d.kind === 'clip').confirmed;
    };
    let commentId = first.body.id;
    let moved = -1;
    for (let round = 0; round < 3 && moved !== 0; round++) {
      const before = await counted();
      expect((await call(reviewer, 'deleteComment', { id: shareId, commentId })).status).toBe(200);
      const back = await call(reviewer, 'addComment', { ...input, finding: clip.id });
      expect(back.body.made).toEqual({ how: 'analysis' });
      commentId = back.body.id;
      moved = (await counted()) - before;
    }
    expect(moved).toBe(0);
    const kept = (await itemsUnder(stack, `SHARE#${shareId}`)).find((i) => i.SK === 'FINDINGS')!;
    expect([...kept.confirmedIds]).toEqual([clip.id]);
    // A finding the track does not have, or one the musician names, is refused.
    expect((await call(reviewer, 'addComment', { ...input, finding: 'clip-9' })).status).toBe(404);
    expect((await call(musician, 'addComment', { ...input, finding: 'dropout-1' })).status).toBe(403);
    expect((await call(reviewer, 'addComment', { ...input, finding: '../x' })).status).toBe(400);
    // 'From analysis' is about the finding: not a comment elsewhere, nor a general one.
    for (const timestamp of [6, null]) {
      const away = await call(reviewer, 'addComment', { ...input, timestamp, endTimestamp: null, finding: 'dropout-1' });
      expect(away.status).toBe(400);
      expect(away.body.error.message).toBe('A comment from analysis stands where its finding is');
    }
  });

  it('one dismissed is no longer suggested, cannot be confirmed, and is counted once', async () => {
    const dismissed = await call(reviewer, 'dismissFinding', { id: shareId, findingId: 'click-1' });
    expect(dismissed.status).toBe(200);
    expect(byKind(dismissed.body.findings, 'click').status).toBe('dismissed');
    expect((await call(reviewer, 'dismissFinding', { id: shareId, findingId: 'click-1' })).status).toBe(200);
    const confirm = await call(reviewer, 'addComment', {
      id: shareId,
      timestamp: 5,
      text: 'A click at five seconds.',
      tags: [],
      finding: 'click-1',
    });
    expect(confirm.status).toBe(409);
    // A confirmed one is taken back by deleting its comment, not dismissed.
    expect((await call(reviewer, 'dismissFinding', { id: shareId, findingId: 'clip-1' })).status).toBe(409);
    expect((await call(musician, 'dismissFinding', { id: shareId, findingId: 'dropout-1' })).status).toBe(403);
  });

  it('the musician sees the confirmed comment labelled, and nothing of the dismissed finding', async () => {
    expect((await call(reviewer, 'submitFeedback', { id: shareId, criteria: { energyImpact: 4 } })).status).toBe(200);
    const seen = await call(musician, 'getShare', { id: shareId });
    const theirs = seen.body.comments.filter((c: { finding?: string }) => c.finding);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({ finding: 'clip-1', made: { how: 'analysis' } });
    expect(JSON.stringify(seen.body)).not.toContain('click-1');
    expect(JSON.stringify(seen.body)).not.toMatch(/dismiss/i);
    const exported = await call(musician, 'exportMyData', {});
    expect(exported.status).toBe(200);
    expect(JSON.stringify(exported.body)).not.toContain('click-1');
    // Once submitted, nothing more is dismissed.
    expect((await call(reviewer, 'dismissFinding', { id: shareId, findingId: 'dropout-1' })).status).toBe(409);
  });

  it('are copied beside the request, out of the realtime channel; a request made before reads them from its track', async () => {
    const peer = await flows.onboardedUser(stack, 'musician');
    const other = (await flows.requestFeedback(stack, musician, peer.id, trackId, { feedbackNotes: 'Again?', context: 'mix_check' })).body
      .id;
    const kept = (await itemsUnder(stack, `SHARE#${other}`)).find((i) => i.SK === 'FINDINGS')!;
    expect(kept.findings.map((f: { id: string }) => f.id)).toEqual(['clip-1', 'dropout-1', 'click-1']);
    expect(kept.participants).toBeUndefined();
    await (await dynamo()).send(new DeleteCommand({ TableName: stack.tableName, Key: { PK: `SHARE#${other}`, SK: 'FINDINGS' } }));
    await flows.respondToShare(stack, peer.user, other, 'accepted');
    const listed = await call(peer.user, 'listReviewFindings', { id: other });
    expect(listed.body.findings.map((f: ReviewFinding) => f.id)).toEqual(['clip-1', 'dropout-1', 'click-1']);
  });

  it("the admins see each detector's confirmed and dismissed findings", async () => {
    const admin = await flows.testAdmin(stack);
    const stats = await call(admin, 'getFindingStats', {});
    expect(stats.status).toBe(200);
    const clip = stats.body.detectors.find((d: { kind: string }) => d.kind === 'clip');
    const click = stats.body.detectors.find((d: { kind: string }) => d.kind === 'click');
    expect(clip.confirmed).toBeGreaterThanOrEqual(1);
    expect(click.dismissed).toBeGreaterThanOrEqual(1);
    expect(click.dismissRate).toBeGreaterThan(0);
    expect((await call(musician, 'getFindingStats', {})).status).toBe(403);
  });
});

// Last: its report, once read, asks for the upload's codec previews, whose overs would join the findings above.
describe("a long upload's analysis findings", () => {
  it('are found the same in an upload long enough for the findings to take a thread of their own', async () => {
    // Six times the 8 s, 4.2 MB: processing gives its findings a thread (functions/tracks/audio/findings-thread.ts).
    const long = await flows.registerUpload(stack, musician, defectsWavBytes(8, 44_100, 6), 'Long defects.wav', 'Long defects');
    expect(long.status).toBe('ready');
    const report = await call(musician, 'getTrackReport', { trackId: long.id });
    const found = report.body.findings.map((f: { kind: string; start: number }) => [f.kind, Math.round(f.start)]);
    expect(found).toEqual(
      [0, 8, 16, 24, 32, 40].flatMap((s) => [
        ['clip', s + 1],
        ['dropout', s + 3],
        ['click', s + 5],
      ]),
    );
  });
});
