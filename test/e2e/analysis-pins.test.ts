/**
 * Analysis pins in the browser on the local stack, on a paid request: the pro sees what analysis found in the
 * track as suggested pins (on the waveform and listed), confirms two (one edited) and dismisses one; once
 * the review is delivered the musician sees the two comments labelled 'From analysis', nothing of the
 * dismissed one, and the review's verified receipt (checked again on demand); their own report lists every
 * finding. At desktop and phone widths, axe-clean.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { defectsWavBytes } from '../support/audio.js';
import { PHONE, screenshot } from '../support/browser.js';
import { createConfirmedUser, flows, money, useStackEnvironment, type TestUser } from '../support/stack-kit.js';
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

const PRICE = 1500;
const SECONDS = 8;

beforeAll(async () => {
  useStackEnvironment(stack);
  mia = await createConfirmedUser(stack, { fullName: `Mia Pins${suffix}`, prefix: 'pin-m' });
  quinn = await createConfirmedUser(stack, { fullName: `Quinn Pins${suffix}`, prefix: 'pin-q' });
  await flows.onboard(stack, mia, 'musician');
  const quinnId = await flows.onboard(stack, quinn, 'pro');
  await money.setPrice(stack, quinnId, PRICE);
  const track = await flows.registerUpload(stack, mia, defectsWavBytes(SECONDS), `${title}.wav`, title);
  expect(track.status).toBe('ready');
  const order = await money.createOrder(stack, mia, { proUserId: quinnId, trackId: track.id, feedbackPriceCents: PRICE });
  expect(order.status).toBe(200);
  await money.onApprovalPage(stack, order.body.approveUrl, 'approve');
  const captured = await money.captureOrder(stack, mia, order.body.orderId);
  expect(captured.status).toBe(200);
  shareId = captured.body.shareId;
  await flows.respondToShare(stack, quinn, shareId, 'accepted');
  // The pro has heard the whole track (a paid comment needs its moment heard).
  expect((await flows.listen(stack, quinn, shareId, [[0, SECONDS]])).status).toBe(200);
});

describe('analysis pins', () => {
  it('the pro confirms two suggestions, one edited, and dismisses one', async () => {
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

  it('the musician sees the two comments labelled, nothing of the dismissed one, the receipt, and every finding in the report', async () => {
    // The rest of the paid floor, as the pro writes it (three more comments, scores, a general comment), then Submit.
    const done = await flows.fullReview(stack, quinn, shareId, SECONDS);
    expect(done.status).toBe(200);
    const page = await e2e.signedIn(mia, '/dashboard');
    await page.goto(`${stack.appUrl}/feedback/${shareId}`);
    await page.getByText('Clipped at 0:01: the limiter is 3 dB too hot.').waitFor();
    expect(await page.getByTestId('comments-made').textContent()).toBe('5 comments: 3 typed, 2 from analysis');
    const labels = await page.getByTestId('comment-made').allTextContents();
    expect(labels.filter((l) => l === 'From analysis')).toHaveLength(2);
    expect(await page.getByText(/\bclick\b/i).count()).toBe(0);
    const receipt = page.getByTestId('review-receipt');
    expect(await receipt.getByTestId('receipt-mark').textContent()).toBe('✓ Verified receipt');
    expect(await receipt.getByTestId('receipt-summary').textContent()).toMatch(
      /^Listened to 100% \(0:08 of 0:08\), \d+ sessions?; delivered \d+ min after acceptance; 5 comments$/,
    );
    await receipt.getByTestId('receipt-check').click();
    await receipt.getByText('The signature holds.').waitFor();
    await expectAccessible(page, "the musician's view of a review from analysis, with its receipt");
    await screenshot(page, 'analysis-pins-musician');

    await page.goto(`${stack.appUrl}/dashboard`);
    const row = page.getByTestId('track-row').filter({ hasText: title });
    await row.getByTestId('track-report-toggle').click();
    const found = row.getByTestId('found-by-analysis');
    await found.waitFor();
    expect(await found.getByTestId('finding').count()).toBe(3);
    expect(await found.textContent()).toMatch(/Clipping at 0:01: \d+ samples at full scale \(high\)/);
  });
});
