/**
 * Reference tracks in the browser on the local stack: the musician attaches one to an open request and sees it
 * measured; the reviewer hears the mix and the reference in turn at the same loudness and the same playhead
 * (moved on the waveform), reads the differences band by band, and makes one a comment. At desktop and phone
 * widths, axe-clean.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { steadyToneWav } from '../support/audio.js';
import { PHONE, screenshot } from '../support/browser.js';
import { createConfirmedUser, flows, useStackEnvironment, type TestUser } from '../support/stack-kit.js';
import { expectAccessible, expectFitsWidth } from './helpers.js';
import { browserTests } from './fixtures.js';

const e2e = browserTests();
const { stack } = e2e;
const suffix = Math.floor(1000 + Math.random() * 9000);

let rae: TestUser;
let rui: TestUser;
let ruiId: string;
let shareId: string;

/** Where the side's audio element stands, and whether it plays. */
const side = (page: Page, which: 'mix' | 'reference') =>
  page
    .getByTestId(`reference-audio-${which}`)
    .evaluate((el: HTMLAudioElement) => ({ at: el.currentTime, paused: el.paused, volume: el.volume }));

beforeAll(async () => {
  useStackEnvironment(stack);
  rae = await createConfirmedUser(stack, { fullName: `Rae Refs${suffix}`, prefix: 'ref-m' });
  rui = await createConfirmedUser(stack, { fullName: `Rui Refs${suffix}`, prefix: 'ref-p' });
  await flows.onboard(stack, rae, 'musician');
  ruiId = await flows.onboard(stack, rui, 'pro');
  const track = await flows.registerUpload(stack, rae, steadyToneWav(700, 0.5, 8), `Mix ${suffix}.wav`, `Mix ${suffix}`);
  expect(track.status).toBe('ready');
  shareId = (await flows.requestFeedback(stack, rae, ruiId, track.id, { feedbackNotes: 'Closer to my references?', context: 'mix_check' }))
    .body.id;
});

describe('reference tracks', () => {
  it('the musician attaches one to the request and sees it measured', async () => {
    const page = await e2e.signedIn(rae, '/dashboard');
    await page.goto(`${stack.appUrl}/feedback/${shareId}`);
    await page.getByTestId('share-references').waitFor();
    await expectAccessible(page, 'the references, none yet');
    await page
      .getByTestId('reference-file')
      .setInputFiles({ name: 'Bass reference.wav', mimeType: 'audio/wav', buffer: steadyToneWav(60, 0.2, 8) });
    const item = page.getByTestId('reference-item');
    await item.and(page.locator('[data-status="ready"]')).waitFor({ timeout: 30_000 });
    expect(await item.textContent()).toMatch(/1\.\s*Bass reference\.wav.*0:08.*LUFS/);
    await expectAccessible(page, 'a reference, measured');
    await screenshot(page, 'references-musician');
    const phone = await e2e.signedIn(rae, `/feedback/${shareId}`, PHONE);
    await phone.getByTestId('reference-item').waitFor();
    await expectFitsWidth(phone, 'the references on a phone');
    await screenshot(phone, 'references-musician-phone');
  });

  it('the reviewer hears mix and reference matched in loudness at one playhead, and makes a difference a comment', async () => {
    expect((await flows.respondToShare(stack, rui, shareId, 'accepted')).status).toBe(200);
    const page = await e2e.signedIn(rui, '/dashboard');
    await page.goto(`${stack.appUrl}/feedback/${shareId}`);
    const item = page.getByTestId('reference-item');
    await item.waitFor();
    await item.getByText('Compare with the mix').click();
    // The mix is louder: it is the one turned down, by a gain in the same worklet as 'Play as'.
    const said = await page.getByTestId('reference-listen').getByRole('status').textContent();
    const matchDb = Number(/^The mix played (\d+\.\d) dB quieter to match$/.exec(said!)![1]);
    await page.getByTestId('reference-play').click();
    await expect.poll(async () => (await side(page, 'mix')).at, { timeout: 10_000 }).toBeGreaterThan(0.5);
    // Its tone peaks at -6.0 dBFS; as played, that less the match (the audio thread tells it every 50 ms).
    const played = async () => Number(/(-?\d+\.\d) dBFS/.exec((await page.getByTestId('reference-peak').textContent()) ?? '')?.[1]);
    await expect.poll(played, { timeout: 5_000 }).toBeCloseTo(20 * Math.log10(0.5) - matchDb, 0);
    const mix = await side(page, 'mix');
    await page.getByTestId('reference-side-reference').click();
    await expect.poll(async () => (await side(page, 'reference')).paused, { timeout: 10_000 }).toBe(false);
    const heard = await side(page, 'reference');
    // Where the mix was, give or take the moment the switch took.
    expect(heard.at).toBeGreaterThanOrEqual(mix.at - 0.1);
    expect((await side(page, 'mix')).paused).toBe(true);
    // Both at full volume: the gains are the worklet's, which iOS applies too (its audio elements ignore volume).
    expect([mix.volume, heard.volume]).toEqual([1, 1]);
    // The waveform's slider moves the one playhead: the reference plays on from there.
    await page.getByTestId('reference-seek').fill('5');
    await expect.poll(async () => (await side(page, 'reference')).at, { timeout: 10_000 }).toBeGreaterThanOrEqual(5);
    expect((await side(page, 'reference')).at).toBeLessThan(7);
    // Paused, the playhead moved, then the other side: it plays from there.
    await page.getByTestId('reference-play').click();
    await page.getByTestId('reference-seek').fill('2');
    await page.getByTestId('reference-side-mix').click();
    await page.getByTestId('reference-play').click();
    await expect.poll(async () => (await side(page, 'mix')).paused, { timeout: 10_000 }).toBe(false);
    expect((await side(page, 'mix')).at).toBeGreaterThanOrEqual(2);
    expect((await side(page, 'mix')).at).toBeLessThan(3.5);
    // The keys R and M switch too, with the focus anywhere in the panel (here its slider).
    await page.getByTestId('reference-seek').focus();
    await page.keyboard.press('r');
    await expect.poll(async () => (await side(page, 'reference')).paused, { timeout: 10_000 }).toBe(false);
    expect(await page.getByTestId('reference-side-reference').getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('m');
    await expect.poll(async () => (await side(page, 'mix')).paused, { timeout: 10_000 }).toBe(false);
    // Played to its end, the playhead goes back to the start: Play then plays it again from there.
    const seek = page.getByTestId('reference-seek');
    await seek.fill(String(Number(await seek.getAttribute('max')) - 0.5));
    await expect.poll(async () => (await side(page, 'mix')).paused, { timeout: 10_000 }).toBe(true);
    await expect.poll(() => seek.inputValue(), { timeout: 5_000 }).toBe('0');
    expect(await page.getByTestId('reference-play').textContent()).toBe('Play');

    const low = page.getByTestId('comparison-row').and(page.locator('[data-row="band-low"]'));
    expect(await low.textContent()).toMatch(/Low band.*\u2212\d+\.\d dB/);
    await expectAccessible(page, 'the comparison');
    await screenshot(page, 'references-reviewer');
    await low.getByTestId('cite-difference').click();
    await page
      .getByTestId('comment-text')
      .filter({ hasText: /^Low band \u2212\d+\.\d dB vs reference 1$/ })
      .waitFor();
    expect(await low.getByTestId('cite-difference').textContent()).toBe('Added');
    // The server reads it as a measured line: the comment says it is from analysis.
    expect(await page.getByTestId('comments-made').textContent()).toBe('1 comment: 1 from analysis');

    const phone = await e2e.signedIn(rui, `/feedback/${shareId}`, PHONE);
    await phone.getByTestId('reference-item').getByText('Compare with the mix').click();
    await phone.getByTestId('reference-comparison').waitFor();
    await expectFitsWidth(phone, 'the comparison on a phone');
    await expectAccessible(phone, 'the comparison on a phone');
    await screenshot(phone, 'references-reviewer-phone');
  });
  it('a play still loading starts where the slider was moved meanwhile, a pause from elsewhere shows, and nothing starts once the panel is closed', async () => {
    const page = await e2e.signedIn(rui, '/dashboard');
    // Every play() the page makes is kept, so that one on an element no longer shown can still be seen.
    await page.addInitScript(() => {
      const play = HTMLMediaElement.prototype.play;
      const played: HTMLMediaElement[] = [];
      Object.assign(window, { played });
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        played.push(this);
        return play.call(this);
      };
    });
    // The audio itself comes a second and a half late: long enough to act while it loads.
    await page.route(
      () => true,
      async (route) => {
        if (route.request().resourceType() === 'media') await new Promise((r) => setTimeout(r, 1500));
        await route.fallback();
      },
    );
    await page.goto(`${stack.appUrl}/feedback/${shareId}`);
    await page.getByTestId('reference-item').getByText('Compare with the mix').click();
    const play = page.getByTestId('reference-play');
    const hasSource = (which: 'mix' | 'reference') =>
      page.getByTestId(`reference-audio-${which}`).evaluate((el: HTMLAudioElement) => Boolean(el.getAttribute('src')));
    await play.click();
    await expect.poll(() => hasSource('mix'), { timeout: 10_000 }).toBe(true);
    // Moved while the mix still loads: it plays from there once it can, and says so.
    await page.getByTestId('reference-seek').fill('3');
    await expect.poll(async () => (await side(page, 'mix')).paused, { timeout: 10_000 }).toBe(false);
    expect((await side(page, 'mix')).at).toBeGreaterThanOrEqual(3);
    await expect.poll(() => play.textContent(), { timeout: 5_000 }).toBe('Pause');
    // Paused from elsewhere (the system's media keys, a headset unplugged): the button says so.
    await page.getByTestId('reference-audio-mix').evaluate((el: HTMLAudioElement) => el.pause());
    await expect.poll(() => play.textContent(), { timeout: 5_000 }).toBe('Play');
    // The reference asked for, and the panel closed while it loads: nothing plays, now or once it has loaded.
    await page.getByTestId('reference-side-reference').click();
    await play.click();
    await expect.poll(() => hasSource('reference'), { timeout: 10_000 }).toBe(true);
    await page.getByTestId('reference-item').getByText('Compare with the mix').click();
    await expect.poll(() => page.getByTestId('reference-listen').count()).toBe(0);
    await page.waitForTimeout(3000);
    const playing = await page.evaluate(() => (window as unknown as { played: HTMLMediaElement[] }).played.filter((m) => !m.paused).length);
    expect(playing).toBe(0);
  });
});
