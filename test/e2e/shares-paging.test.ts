/**
 * The requests lists show a page at a time: the pro's 'Tracks to Rate' and the musician's Feedback Hub
 * each add the next, older page below with 'Load more requests'. The requests are written in-process.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SHARES_PAGE_SIZE } from '../../functions/feedback/shares.js';
import { shareOptionsSchema } from '../../shared/schemas/shares.js';
import { onboard, uploadTrack } from '../support/flows.js';
import { createConfirmedUser, type TestUser, useStackEnvironment } from '../support/stack-kit.js';
import { browserTests } from './fixtures.js';

const e2e = browserTests();
const { stack } = e2e;
const COUNT = SHARES_PAGE_SIZE + 5;
let musician: TestUser;
let pro: TestUser;
/** The requests' ids, newest first. */
let newestFirst: string[] = [];

beforeAll(async () => {
  useStackEnvironment(stack);
  [musician, pro] = await Promise.all([
    createConfirmedUser(stack, { prefix: 'sp-musician', fullName: 'Mona Pages' }),
    createConfirmedUser(stack, { prefix: 'sp-pro', fullName: 'Piet Pages' }),
  ]);
  const [musicianId, proId] = await Promise.all([onboard(stack, musician, 'musician'), onboard(stack, pro, 'pro')]);
  const track = await uploadTrack(stack, musician, 'Paged Song');
  const { getUser } = await import('../../functions/people/data/users.js');
  const { getTrack } = await import('../../functions/tracks/data/tracks.js');
  const { newShare } = await import('../../functions/feedback/requests.js');
  const { putNewShare, setStatus } = await import('../../functions/feedback/data/shares.js');
  const [author, reviewer, record] = await Promise.all([getUser(musicianId), getUser(proId), getTrack(track.id)]);
  const options = shareOptionsSchema.parse({ feedbackNotes: 'Paging', context: 'mix_check' });
  const base = Date.now() - COUNT * 60_000;
  const ids = await Promise.all(
    Array.from({ length: COUNT }, async (_, i) => {
      const share = {
        ...newShare(author!, record!, reviewer!, options, randomUUID(), null),
        createdAt: new Date(base + i * 60_000).toISOString(),
      };
      expect(await putNewShare(share)).toBe('created');
      // Both statuses of 'Tracks to Rate', interleaved: its pages merge them by date.
      if (i % 2) expect(await setStatus(share, ['pending'], 'accepted')).toBe(true);
      return share.id;
    }),
  );
  newestFirst = ids.reverse();
}, 120_000);

/** Shows the first page of a list, then the rest below it with 'Load more requests'. */
async function pagesThrough(page: Page, list: string) {
  const items = page.getByTestId(list).getByTestId('share-item');
  const shown = () => items.evaluateAll((els) => els.map((e) => e.getAttribute('data-share-id')));
  await expect.poll(() => items.count(), { timeout: 15_000 }).toBe(SHARES_PAGE_SIZE);
  expect(await shown()).toEqual(newestFirst.slice(0, SHARES_PAGE_SIZE));
  const more = page.getByTestId(`${list}-more`);
  expect(await more.textContent()).toBe('Load more requests');
  await more.click();
  await expect.poll(() => items.count()).toBe(COUNT);
  expect(await shown()).toEqual(newestFirst);
  await expect.poll(() => more.isVisible()).toBe(false);
}

describe('paged requests lists', () => {
  it("the pro's Tracks to Rate: 25, then the rest with 'Load more requests'", async () => {
    const page = await e2e.signedIn(pro, '/dashboard');
    await page.getByTestId('reviewer-tabs').waitFor();
    // The requests waiting are the pro's work: above their own tracks.
    const top = async (testId: string) => (await page.getByTestId(testId).boundingBox())!.y;
    expect(await top('reviewer-tabs')).toBeLessThan(await top('tracks-panel'));
    await expect.poll(() => page.getByTestId('tab-rate').textContent()).toContain(`${SHARES_PAGE_SIZE}+`);
    await pagesThrough(page, 'to-rate-list');
    expect(await page.getByTestId('tab-rate').textContent()).toContain(String(COUNT));
  });

  it("the musician's Feedback Hub: 25, then the rest with 'Load more requests'", async () => {
    const page = await e2e.signedIn(musician, '/dashboard');
    await page.getByTestId('feedback-hub').waitFor();
    await pagesThrough(page, 'hub-list');
  });
});
