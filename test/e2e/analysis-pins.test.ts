/**
 * Analysis pins in the browser on the local stack: the reviewer sees what analysis found in the track as
 * suggested pins (on the waveform and listed), confirms two (one edited) and dismisses one; the musician then
 * sees two comments labelled 'From analysis' and nothing of the dismissed one, and their own report lists
 * every finding. At desktop and phone widths, axe-clean.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { defectsWavBytes } from '../support/audio.js';
import { PHONE, screenshot } from '../support/browser.js';
import { callRoute, createConfirmedUser, type TestUser } from '../support/stack-kit.js';
import { onboard, registerUpload, requestFeedback, respondToShare } from '../support/flows.js';
import { expectAccessible, expectFitsWidth } from './helpers.js';
import { browserTests } from './fixtures.js';

const e2e = browserTests();
const { stack } = e2e;
const suffix = Math.floor(1000 + Math.random() * 9000);
const title = `Pinned ${suffix}`;

let mia: TestUser;
let quinn: TestUser;
let shareId: string;

const pin = (page: Page, kind: string) => page.getByTestId('analysis-pin').and(page.locator(`[data-kind="${kind}"]`));

beforeAll(async () => {
  mia = await createConfirmedUser(stack, { fullName: `Mia Pins${suffix}`, prefix: 'pin-m' });
  quinn = await createConfirmedUser(stack, { fullName: `Quinn Pins${suffix}`, prefix: 'pin-q' });
  await onboard(stack, mia, 'musician');
  const quinnId = await onboard(stack, quinn, 'musician');
  const track = await registerUpload(stack, mia, defectsWavBytes(), `${title}.wav`, title);
  expect(track.status).toBe('ready');
  shareId = (await requestFeedback(stack, mia, quinnId, track.id, { feedbackNotes: 'Anything broken?', context: 'mix_check' })).body.id;
  await respondToShare(stack, quinn, shareId, 'accepted');
});

describe('analysis pins', () => {
  it('the reviewer confirms two suggestions, one edited, and dismisses one', async () => {
    const page = await e2e.signedIn(quinn, '/dashboard');
    await page.goto(`${stack.appUrl}/feedback/${shareId}`);
    const pins = page.getByTestId('analysis-pins');
    await pins.waitFor();
    expect(await page.getByTestId('analysis-pin').count()).toBe(3);
    // Each is a pin on the waveform too, beside the comments' markers.
    expect(await page.locator('[data-testid="player-marker"][title^="Suggested by analysis"]').count()).toBe(3);
    await expectAccessible(page, 'the suggested pins');
    await screenshot(page, 'analysis-pins');

    await pin(page, 'clip').getByTestId('pin-confirm').click();
    const text = pin(page, 'clip').getByTestId('pin-text');
    expect(await text.inputValue()).toMatch(/^The waveform is flattened at full scale here/);
    await text.fill('Clipped at 0:01: the limiter is 3 dB too hot.');
    await pin(page, 'clip').getByTestId('pin-add').click();
    await pin(page, 'clip').waitFor({ state: 'detached' });

    await pin(page, 'dropout').getByTestId('pin-confirm').click();
    await pin(page, 'dropout').getByTestId('pin-add').click();
    await pin(page, 'dropout').waitFor({ state: 'detached' });

    await pin(page, 'click').getByTestId('pin-dismiss').click();
    await pin(page, 'click').waitFor({ state: 'detached' });
    expect(await page.getByTestId('analysis-pins-count').textContent()).toBe('2 confirmed, 1 dismissed');
    // The reviewer's own comments say so before Submit.
    await page.getByText('Clipped at 0:01: the limiter is 3 dB too hot.').waitFor();
    expect(await page.getByTestId('comments-made').textContent()).toBe('2 comments: 2 from analysis');

    const phone = await e2e.signedIn(quinn, '/dashboard', PHONE);
    await phone.goto(`${stack.appUrl}/feedback/${shareId}`);
    await phone.getByTestId('analysis-pins').waitFor();
    await expectFitsWidth(phone, 'the suggested pins');
    await screenshot(phone, 'analysis-pins-phone');
  });

  it('the musician sees the two comments labelled, nothing of the dismissed one, and every finding in the report', async () => {
    const done = await callRoute(stack.apiUrl, 'submitFeedback', { id: shareId, criteria: { energyImpact: 4 } }, quinn.idToken);
    expect(done.status).toBe(200);
    const page = await e2e.signedIn(mia, '/dashboard');
    await page.goto(`${stack.appUrl}/feedback/${shareId}`);
    await page.getByText('Clipped at 0:01: the limiter is 3 dB too hot.').waitFor();
    expect(await page.getByTestId('comments-made').textContent()).toBe('2 comments: 2 from analysis');
    const labels = await page.getByTestId('comment-made').allTextContents();
    expect(labels).toEqual(['From analysis', 'From analysis']);
    expect(await page.getByText(/click/i).count()).toBe(0);
    await expectAccessible(page, "the musician's view of a review from analysis");

    await page.goto(`${stack.appUrl}/dashboard`);
    const row = page.getByTestId('track-row').filter({ hasText: title });
    await row.getByTestId('track-report-toggle').click();
    const found = row.getByTestId('found-by-analysis');
    await found.waitFor();
    expect(await found.getByTestId('finding').count()).toBe(3);
    expect(await found.textContent()).toMatch(/Clipping at 0:01: \d+ samples at full scale \(high\)/);
  });
});
