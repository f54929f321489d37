/**
 * The requests lists come a page at a time, newest first, in either role and across several statuses,
 * and refuse a cursor that is not theirs. The requests are written in-process (many, quickly) with spread
 * dates and statuses, so that every page boundary falls between statuses.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callRoute, createConfirmedUser, flows, type TestUser, useStackEnvironment } from '../support/stack-kit.js';
import { DYNAMO_SEQUENTIAL_HEADER } from '../../scripts/dev/stack/gateway.js';
import type { ShareStatus } from '../../shared/feedback.js';
import { shareOptionsSchema } from '../../shared/schemas/shares.js';

const stack = inject('stack');
const COUNT = 32;
const PAGE = 25;
const options = shareOptionsSchema.parse({ feedbackNotes: 'Paging', context: 'mix_check' });

let author: TestUser;
let reviewer: TestUser;
/** The requests as written, newest first. */
let written: { id: string; status: ShareStatus }[] = [];

const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

beforeAll(async () => {
  useStackEnvironment(stack);
  [author, reviewer] = await Promise.all([
    createConfirmedUser(stack, { prefix: 'page-author', fullName: 'Paula Pages' }),
    createConfirmedUser(stack, { prefix: 'page-reviewer', fullName: 'Rory Pages' }),
  ]);
  const [authorId, reviewerId] = await Promise.all([flows.onboard(stack, author, 'musician'), flows.onboard(stack, reviewer, 'musician')]);
  const tracks = await Promise.all(['Page One', 'Page Two'].map((t) => flows.uploadTrack(stack, author, t)));
  const { getUser } = await import('../../functions/people/data/users.js');
  const { getTrack } = await import('../../functions/tracks/data/tracks.js');
  const { newShare } = await import('../../functions/feedback/requests.js');
  const { putNewShare, setStatus } = await import('../../functions/feedback/data/shares.js');
  const [authorRecord, reviewerRecord, ...trackRecords] = await Promise.all([
    getUser(authorId),
    getUser(reviewerId),
    ...tracks.map((t) => getTrack(t.id)),
  ]);
  const base = Date.parse('2026-01-01T00:00:00.000Z');
  const cycle: ShareStatus[] = ['pending', 'accepted', 'pending', 'declined', 'accepted'];
  const made = await Promise.all(
    Array.from({ length: COUNT }, async (_, i) => {
      const share = {
        ...newShare(authorRecord!, trackRecords[i % 2]!, reviewerRecord!, options, randomUUID(), null),
        createdAt: new Date(base + i * 60_000).toISOString(),
      };
      expect(await putNewShare(share)).toBe('created');
      const status = cycle[i % cycle.length];
      if (status !== 'pending') expect(await setStatus(share, ['pending'], status)).toBe(true);
      return { id: share.id, status };
    }),
  );
  written = made.reverse();
}, 120_000);

/** Every page of a list, following `next`, checking each answer. */
async function allPages(user: TestUser, input: Record<string, unknown>) {
  const pages: { id: string; status: ShareStatus }[][] = [];
  let cursor: string | undefined;
  do {
    const res = await callRoute(stack.apiUrl, 'listShares', { ...input, ...(cursor ? { cursor } : {}) }, user.idToken);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Number(res.headers.get(DYNAMO_SEQUENTIAL_HEADER))).toBeLessThanOrEqual(3);
    pages.push(res.body.shares);
    cursor = res.body.next ?? undefined;
    expect(pages.length).toBeLessThan(5);
  } while (cursor);
  return pages;
}

const ids = (list: { id: string }[]) => list.map((s) => s.id);

describe('paging the requests lists', () => {
  for (const as of ['author', 'reviewer'] as const) {
    const user = () => (as === 'author' ? author : reviewer);

    it(`${as}: every request once, newest first, ${PAGE} a page`, async () => {
      const pages = await allPages(user(), { as });
      expect(pages.map((p) => p.length)).toEqual([PAGE, COUNT - PAGE]);
      expect(ids(pages.flat())).toEqual(ids(written));
    });

    it(`${as}: several statuses page in date order across them`, async () => {
      const wanted: ShareStatus[] = ['pending', 'accepted'];
      const pages = await allPages(user(), { as, status: wanted.join(',') });
      const expected = written.filter((s) => wanted.includes(s.status));
      expect(expected.length).toBeGreaterThan(PAGE);
      expect(pages[0]).toHaveLength(PAGE);
      expect(ids(pages.flat())).toEqual(ids(expected));
      expect(pages.flat().every((s) => wanted.includes(s.status))).toBe(true);
    });

    it(`${as}: one status fits in one page`, async () => {
      const pages = await allPages(user(), { as, status: 'declined' });
      expect(pages).toHaveLength(1);
      expect(ids(pages[0])).toEqual(ids(written.filter((s) => s.status === 'declined')));
    });
  }

  it("refuses a cursor that is not one of the list's own with 400 invalid_cursor", async () => {
    const first = await callRoute(stack.apiUrl, 'listShares', { as: 'author' }, author.idToken);
    const key = JSON.parse(Buffer.from(first.body.next, 'base64url').toString('utf8'));
    const firstAsReviewer = await callRoute(stack.apiUrl, 'listShares', { as: 'reviewer', status: 'pending,accepted' }, reviewer.idToken);
    const [, position] = Object.entries(JSON.parse(Buffer.from(firstAsReviewer.body.next, 'base64url').toString('utf8')))[0] as [
      string,
      string,
    ];
    const forged: [TestUser, Record<string, unknown>][] = [
      [author, { as: 'author', cursor: 'not-a-cursor' }],
      [author, { as: 'author', cursor: encode({ ...key, GSI1PK: 'SHAREDBY#someone-else' }) }],
      [author, { as: 'author', cursor: encode({ ...key, GSI1SK: 'TRACK#2026' }) }],
      [author, { as: 'author', cursor: encode({ ...key, extra: 'x' }) }],
      // Another user's list: the key names the caller's partition, not this one.
      [reviewer, { as: 'author', cursor: first.body.next }],
      [reviewer, { as: 'reviewer', cursor: 'not-a-cursor' }],
      [reviewer, { as: 'reviewer', cursor: encode([position]) }],
      [reviewer, { as: 'reviewer', cursor: encode({ unknown: position }) }],
      [reviewer, { as: 'reviewer', status: 'pending', cursor: encode({ accepted: position }) }],
      [reviewer, { as: 'reviewer', cursor: encode({ pending: 42 }) }],
      [reviewer, { as: 'reviewer', cursor: encode({ pending: 'no-separator' }) }],
      [reviewer, { as: 'reviewer', cursor: encode({ pending: `${position}#more` }) }],
    ];
    for (const [user, input] of forged) {
      const res = await callRoute(stack.apiUrl, 'listShares', input, user.idToken);
      expect(res, JSON.stringify(input)).toMatchObject({ status: 400, body: { error: { code: 'invalid_cursor' } } });
    }
  });
});
