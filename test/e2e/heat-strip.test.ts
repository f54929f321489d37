/**
 * Where reviewers agree: a track with two completed reviews shows, under its waveform, the stretches both
 * commented on; a stretch clicked lists its comments, and a reviewer can be left out.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute, createConfirmedUser, type TestUser } from '../support/stack-kit.js';
import { DESKTOP, PHONE, screenshot } from '../support/browser.js';
import { onboard, requestFeedback, respondToShare, uploadTrack } from '../support/flows.js';
import { expectAccessible, expectFitsWidth, trackRow } from './helpers.js';
import { browserTests } from './fixtures.js';

const e2e = browserTests();
const { stack } = e2e;
const suffix = Math.floor(1000 + Math.random() * 9000);
const title = `Agreed ${suffix}`;

let mia: TestUser;
let page: Page;

/** A peer's completed review of the track with comments at these seconds. */
async function review(trackId: string, name: string, comments: [number, string, string][]) {
  const peer = await createConfirmedUser(stack, { fullName: `${name}${suffix}`, prefix: 'heat-p' });
  const peerId = await onboard(stack, peer, 'musician');
  const share = (await requestFeedback(stack, mia, peerId, trackId, { feedbackNotes: 'Thoughts?', context: 'mix_check' })).body.id;
  await respondToShare(stack, peer, share, 'accepted');
  for (const [timestamp, text, tag] of comments) {
    await callRoute(stack.apiUrl, 'addComment', { id: share, timestamp, text, tags: [tag] }, peer.idToken);
  }
  expect((await callRoute(stack.apiUrl, 'submitFeedback', { id: share, criteria: { energyImpact: 4 } }, peer.idToken)).status).toBe(200);
}

beforeAll(async () => {
  mia = await createConfirmedUser(stack, { fullName: `Mia Heat${suffix}`, prefix: 'heat-m' });
  await onboard(stack, mia, 'musician');
  const track = await uploadTrack(stack, mia, title, { seconds: 48 });
  await review(track.id, 'Quinn', [
    [20, 'The vocal gets lost here', '#Vocal'],
    [40, 'Nice outro', '#Arrangement'],
  ]);
  await review(track.id, 'Petra', [[20.5, 'Vocal buried under the pads', '#Vocal']]);
});
const session = e2e.signedInForAll(() => mia, '/dashboard', DESKTOP);
beforeAll(() => {
  page = session.page;
});

describe('where reviewers agree', () => {
  it('shows the stretch two reviewers commented on as the hottest, lists its comments, and leaves a reviewer out', async () => {
    const strip = trackRow(page, title).getByTestId('heat-strip');
    await strip.waitFor({ timeout: 15_000 });
    const cells = strip.getByTestId('heat-cell');
    expect(await cells.count()).toBe(2);
    const hot = cells.and(page.locator('[data-count="2"]'));
    expect(await hot.getAttribute('aria-label')).toBe('0:20-0:21: 2 comments from 2 reviewers, mostly Vocal');
    await hot.click();
    const listed = strip.getByTestId('heat-comments');
    expect(await listed.locator('li').allTextContents()).toEqual([
      `0:20Quinn${suffix}The vocal gets lost here`,
      `0:20Petra${suffix}Vocal buried under the pads`,
    ]);
    await expectAccessible(page, 'the heat strip');
    await screenshot(page, 'heat-strip');

    await strip.getByRole('button', { name: `Petra${suffix}` }).click();
    expect(await strip.getByRole('button', { name: `Petra${suffix}` }).getAttribute('aria-pressed')).toBe('false');
    expect(await cells.and(page.locator('[data-count="2"]')).count()).toBe(0);

    const phone = await e2e.signedIn(mia, '/dashboard', PHONE);
    await trackRow(phone, title).getByTestId('heat-strip').waitFor({ timeout: 15_000 });
    await expectFitsWidth(phone, 'the heat strip');
    await screenshot(phone, 'heat-strip');
    await phone.close();
  });
});
