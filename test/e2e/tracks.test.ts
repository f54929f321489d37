/**
 * Tracks in the browser, on the local stack: direct upload with progress (WAV and MP3 made by the test),
 * the list with duration and waveform, playing, seeking and skipping, the snippet editor, a picture
 * renamed .mp3, a stalled stream loaded again, a cancelled upload, bulk delete, and a change made in a second browser appearing live.
 */
import type { CDPSession, Locator, Page, Request, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { AUDIO_FILE_ERROR } from '../../shared/schemas/tracks.js';
import { STALL_MS } from '../../web/src/components/audio-player/stall-watch.js';
import { callRoute, signIn, type TestUser } from '../support/stack-kit.js';
import { uploadTrack } from '../support/flows.js';
import { mp3Bytes, pngBytes, wavBytes } from '../support/audio.js';
import { DESKTOP, PHONE, screenshot } from '../support/browser.js';
import { browserTests, onboardedMusician, scratchFiles } from './fixtures.js';
import { expectFitsWidth, trackRow as row } from './helpers.js';
import { expectAccessible } from '../support/a11y.js';

const e2e = browserTests();
const { stack } = e2e;
const files = scratchFiles();
let user: TestUser;
let wavFile: string;
let mp3: Buffer;
let mp3File: string;
let versionFile: string;
let fakeMp3File: string;
let textFile: string;

async function apiTracks(u: TestUser): Promise<{ id: string; title: string; duration: number; snippet: { start: number; end: number } }[]> {
  const res = await callRoute(stack.apiUrl, 'listTracks', {}, await signIn(stack, u.email, u.password));
  expect(res.status).toBe(200);
  return res.body.tracks;
}

const mediaTime = (r: Locator) => r.getByTestId('player-media').evaluate((a: HTMLAudioElement) => a.currentTime);
const isPaused = (r: Locator) => r.getByTestId('player-media').evaluate((a: HTMLAudioElement) => a.paused);

async function waitForMediaTime(r: Locator, check: (t: number) => boolean, what: string, timeout = 10_000): Promise<number> {
  const deadline = Date.now() + timeout;
  let t = await mediaTime(r);
  while (!check(t)) {
    if (Date.now() > deadline) throw new Error(`media time ${t} never ${what}`);
    await new Promise((res) => setTimeout(res, 100));
    t = await mediaTime(r);
  }
  return t;
}

/** Slows the page's uploads down (bytes per second), or lifts the limit with null. */
async function throttleUploads(cdp: CDPSession, bytesPerSecond: number | null) {
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond ?? -1,
  });
}

/** Records every value the upload progress bar shows, into window.__progress. */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { __progress: number[] }).__progress = seen;
    const read = () => {
      const bar = document.querySelector('[role="progressbar"][aria-label="Upload progress"]');
      if (!bar) return;
      const v = Number(bar.getAttribute('aria-valuenow'));
      if (seen[seen.length - 1] !== v) seen.push(v);
    };
    new MutationObserver(read).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
}
const progressSeen = (page: Page) => page.evaluate(() => (window as unknown as { __progress: number[] }).__progress);

async function openUpload(page: Page) {
  await page.getByTestId('upload-open').click();
  await page.getByRole('dialog', { name: 'Upload Track' }).waitFor();
}

/** Drops a file on the drop zone as a user dragging it from their desktop would. */
/** Drags a file made of `bytes` onto the element with the test id and drops it, as a desktop file manager would. */
async function dropFile(page: Page, testId: string, bytes: Buffer, name: string, type: string) {
  await page.getByTestId(testId).evaluate(
    (el, { b64, name, type }) => {
      const bin = atob(b64);
      const data = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) data[i] = bin.charCodeAt(i);
      const dt = new DataTransfer();
      dt.items.add(new File([data], name, { type }));
      el.dispatchEvent(new DragEvent('dragenter', { bubbles: true, cancelable: true, dataTransfer: dt }));
      el.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: dt }));
      el.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: dt }));
    },
    { b64: bytes.toString('base64'), name, type },
  );
}

beforeAll(async () => {
  // 60 s of stereo 44.1 kHz PCM: about 10 MB, enough to watch the progress bar move.
  wavFile = files.write('Long Tone.wav', wavBytes({ seconds: 60, channels: 2, frequency: 330 }));
  mp3 = mp3Bytes({ seconds: 5, frequency: 523 });
  mp3File = files.write('Short Tone.mp3', mp3);
  versionFile = files.write('Short Tone v2.wav', wavBytes({ seconds: 3, channels: 2, frequency: 440 }));
  fakeMp3File = files.write('cover.mp3', pngBytes());
  textFile = files.write('notes.txt', Buffer.from('not audio'));
  user = await onboardedMusician('Tara Tracks', 'tracks');
});

describe('tracks on the Musician Experience page', () => {
  const session = e2e.signedInForAll(() => user, '/dashboard', DESKTOP);
  let page: Page;
  let cdp: CDPSession;
  const signedUrlRequests: Request[] = [];
  const wavesurferRequests: Request[] = [];
  const rangeRequests: string[] = [];

  beforeAll(async () => {
    page = session.page;
    cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    page.on('request', (req) => {
      // The track's own audio: a codec preview's encoding (`preview=`) is another file.
      if (req.url().includes('/tracks/signed-url') && !req.url().includes('preview=')) signedUrlRequests.push(req);
      if (/\/assets\/[^/]*wavesurfer[^/]*\.js$/.test(new URL(req.url()).pathname)) wavesurferRequests.push(req);
      if (req.url().startsWith(stack.s3Endpoint) && req.method() === 'GET' && req.headers()['range'])
        rangeRequests.push(req.headers()['range']);
    });
  });
  it('shows the empty state to a musician with no tracks', async () => {
    await page.getByRole('heading', { name: 'Musician Experience' }).waitFor();
    await page.getByTestId('tracks-empty').waitFor();
    expect(await page.getByRole('heading', { name: 'No tracks yet' }).isVisible()).toBe(true);
    await screenshot(page, 'tracks-empty');
  });

  it('uploads a WAV straight to storage with a progress bar', async () => {
    await openUpload(page);
    await page.getByTestId('upload-file-input').setInputFiles(wavFile);
    expect(await page.getByTestId('upload-file-name').textContent()).toBe('Long Tone.wav');
    // The title is suggested from the file name.
    expect(await page.getByLabel('Track title').inputValue()).toBe('Long Tone');
    await recordProgress(page);
    await throttleUploads(cdp, 3 * 1024 * 1024);
    try {
      await page.getByTestId('upload-submit').click();
      await page.getByTestId('upload-progress').waitFor();
      await page.waitForFunction(() => {
        const v = Number(document.querySelector('[aria-label="Upload progress"]')?.getAttribute('aria-valuenow'));
        return v > 10 && v < 90;
      });
      expect(await page.getByTestId('upload-cancel').isVisible()).toBe(true);
      expect(await page.getByTestId('upload-percent').textContent()).toMatch(/^\d{1,2}%$/);
      await screenshot(page, 'tracks-upload-progress');
    } finally {
      await throttleUploads(cdp, null);
    }
    await page.getByRole('dialog', { name: 'Upload Track' }).waitFor({ state: 'detached', timeout: 30_000 });
    const seen = await progressSeen(page);
    expect(seen.some((v) => v > 0 && v < 100)).toBe(true);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen[seen.length - 1]).toBe(100);
    await row(page, 'Long Tone').waitFor();
  });

  it('uploads an MP3 dropped on the track list', async () => {
    await dropFile(page, 'tracks-panel', mp3, 'Short Tone.mp3', 'audio/mpeg');
    await page.getByRole('dialog', { name: 'Upload Track' }).waitFor();
    expect(await page.getByTestId('upload-file-name').textContent()).toBe('Short Tone.mp3');
    expect(await page.getByLabel('Track title').inputValue()).toBe('Short Tone');
    await page.getByTestId('upload-submit').click();
    await page.getByRole('dialog', { name: 'Upload Track' }).waitFor({ state: 'detached', timeout: 30_000 });
    await row(page, 'Short Tone').waitFor();
  });

  it('lists them newest first with their duration, a new marker and a waveform drawn without the audio', async () => {
    const titles = await page.getByTestId('track-title').allTextContents();
    expect(titles).toEqual(['Short Tone', 'Long Tone']);
    expect(await row(page, 'Long Tone').getByTestId('track-duration').textContent()).toBe('1:00');
    expect(await row(page, 'Short Tone').getByTestId('track-duration').textContent()).toBe('0:05');
    expect(await row(page, 'Short Tone').getByTestId('track-new').textContent()).toBe('New');
    expect(await page.getByTestId('tracks-count').textContent()).toBe('2 tracks');
    // At rest each waveform is the stored peaks drawn as bars, and wavesurfer is not loaded.
    for (const title of ['Long Tone', 'Short Tone']) {
      expect(await row(page, title).locator('.player-wave-fallback path').getAttribute('d')).toMatch(/^M0 /);
    }
    expect(wavesurferRequests).toHaveLength(0);
    // The pointer over a player brings wavesurfer (one load for every player), which then draws its waveform.
    for (const title of ['Long Tone', 'Short Tone']) {
      const wave = row(page, title).getByTestId('player-waveform');
      await row(page, title).getByTestId('player').hover();
      await wave.and(page.locator('[data-drawn="true"]')).waitFor();
      // wavesurfer draws the stored peaks on canvases inside its shadow root.
      const canvases = await wave.evaluate((el) => {
        const host = el.querySelector('.player-wave-canvas > div');
        return host?.shadowRoot?.querySelectorAll('canvas').length ?? 0;
      });
      expect(canvases).toBeGreaterThan(0);
    }
    expect(wavesurferRequests).toHaveLength(1);
    // Drawing the list asked for no audio link.
    expect(signedUrlRequests).toHaveLength(0);
    expect(
      await row(page, 'Long Tone')
        .getByTestId('player-media')
        .evaluate((a: HTMLAudioElement) => a.currentSrc),
    ).toBe('');
    await screenshot(page, 'tracks-list');
  });

  it("opens a track's technical report, on a phone too", async () => {
    const r = row(page, 'Long Tone');
    await r.getByTestId('track-report-toggle').click();
    const report = r.getByTestId('technical-report');
    await report.waitFor();
    // The tone is 0.9 of full scale at its loudest, in both channels alike.
    expect(await report.getByRole('definition').nth(6).textContent()).toBe('1.00 (mono-safe)');
    expect(await report.getByTestId('streaming-advice').textContent()).toMatch(
      /Spotify \(-14 LUFS\) would turn this (up|down) by \d+\.\d dB/,
    );
    await report.getByTestId('loudness-lane').waitFor();
    // What analysis found, with no reviewer needed.
    await report.getByTestId('found-by-analysis').waitFor();
    // How it comes out of each streaming encoder: being encoded, then measured (the page asks again by itself).
    const encoded = report.getByTestId('after-encoding');
    await encoded.waitFor();
    expect(await encoded.getByTestId('codec-preview').count()).toBe(7);
    expect(await encoded.locator('[data-profile="aac-256"]').textContent()).toMatch(/Not previewed\. No faithful open AAC encoder/);
    await encoded.locator('[data-status="pending"]').first().waitFor({ state: 'detached', timeout: 90_000 });
    // The tone peaks at 0.9 of full scale: no encoder takes it past 0 dBFS.
    const mp3 = await encoded.locator('[data-profile="mp3-128"]').getByRole('cell').allTextContents();
    expect(mp3[1]).toMatch(/^-\d+\.\d dBTP$/);
    expect(mp3[2]).toBe('None');
    // Each encoding is heard through the browser's own decoder, the next from where the last was.
    await encoded.getByRole('button', { name: 'Listen to the MP3 128 encoding' }).click();
    const heard = encoded.getByTestId('encoding-player').locator('audio');
    const playedTo = (min: number) =>
      heard.evaluate(
        (a: HTMLAudioElement, at) =>
          new Promise<number>((resolve, reject) => {
            const check = () => (a.currentTime > at && !a.paused ? resolve(a.currentTime) : undefined);
            a.addEventListener('timeupdate', check);
            a.addEventListener('error', () => reject(new Error(`the encoding did not play: ${a.error?.message ?? a.error?.code}`)));
            check();
          }),
        min,
      );
    const before = await playedTo(0.5);
    await encoded.getByRole('button', { name: 'Listen to the Opus 160 encoding' }).click();
    await heard.and(page.locator('[src*="opus-160"]')).waitFor();
    expect(await playedTo(before)).toBeGreaterThanOrEqual(before);
    // The whole minute, the encoder's padding not played.
    expect(await heard.evaluate((a: HTMLAudioElement) => a.duration)).toBeCloseTo(60, 1);
    await heard.evaluate((a: HTMLAudioElement) => a.pause());
    await expectAccessible(page, 'the technical report');
    await screenshot(page, 'tracks-report');
    const phone = await e2e.signedIn(user, '/dashboard', PHONE);
    await row(phone, 'Long Tone').getByTestId('track-report-toggle').click();
    await row(phone, 'Long Tone').getByTestId('technical-report').waitFor();
    await row(phone, 'Long Tone').locator('[data-testid="codec-preview"][data-status="ready"]').first().waitFor();
    await row(phone, 'Long Tone').getByRole('button', { name: 'Listen to the MP3 128 encoding' }).click();
    await row(phone, 'Long Tone').getByTestId('encoding-player').waitFor();
    await row(phone, 'Long Tone')
      .getByTestId('encoding-audio')
      .evaluate((a: HTMLAudioElement) => a.pause());
    await expectFitsWidth(phone, 'the technical report');
    await screenshot(phone, 'tracks-report');
    await phone.close();
    await r.getByTestId('track-report-toggle').click();
  }, 150_000);

  it('plays, seeks, skips and answers the keyboard', async () => {
    const r = row(page, 'Long Tone');
    await r.getByRole('button', { name: 'Play Long Tone' }).click();
    await r.getByRole('button', { name: 'Pause Long Tone' }).waitFor();
    const t1 = await waitForMediaTime(r, (t) => t > 0.3, 'advanced');
    await page.waitForTimeout(600);
    const t2 = await mediaTime(r);
    expect(t2).toBeGreaterThan(t1);
    expect(signedUrlRequests).toHaveLength(1);
    // The media element streams from storage with range requests.
    expect(rangeRequests.length).toBeGreaterThan(0);

    // Click the middle of the waveform: about 30 s.
    const box = (await r.getByTestId('player-waveform').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const mid = await waitForMediaTime(r, (t) => t > 28 && t < 33, 'reached the middle');
    await r.getByRole('button', { name: 'Forward 10 seconds' }).click();
    await waitForMediaTime(r, (t) => t >= mid + 9 && t < mid + 13, 'skipped forward');
    await r.getByRole('button', { name: 'Back 10 seconds' }).click();
    await waitForMediaTime(r, (t) => t >= mid - 1 && t < mid + 4, 'skipped back');

    // Drag across the row: the position follows the pointer.
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await waitForMediaTime(r, (t) => t > 45 && t < 52, 'followed the drag');

    // Keyboard: space pauses, arrows skip 10 s, space plays again.
    const wave = r.getByRole('slider', { name: 'Seek Long Tone' });
    await wave.focus();
    await page.keyboard.press('Space');
    await r.getByRole('button', { name: 'Play Long Tone' }).waitFor();
    expect(await isPaused(r)).toBe(true);
    await page.keyboard.press('Home');
    await waitForMediaTime(r, (t) => t < 0.5, 'went to the start');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await waitForMediaTime(r, (t) => Math.abs(t - 20) < 0.5, 'skipped 20 s');
    expect(await r.getByTestId('player-time').textContent()).toBe('0:20/1:00');
    expect(await wave.getAttribute('aria-valuetext')).toBe('0:20 of 1:00');
    await page.keyboard.press('ArrowLeft');
    await waitForMediaTime(r, (t) => Math.abs(t - 10) < 0.5, 'skipped back 10 s');
    await page.keyboard.press('Space');
    await r.getByRole('button', { name: 'Pause Long Tone' }).waitFor();
    await waitForMediaTime(r, (t) => t > 10.3, 'played on');
    await screenshot(page, 'tracks-playing');

    // Playing another track pauses this one.
    await row(page, 'Short Tone').getByRole('button', { name: 'Play Short Tone' }).click();
    await row(page, 'Short Tone').getByRole('button', { name: 'Pause Short Tone' }).waitFor();
    await r.getByRole('button', { name: 'Play Long Tone' }).waitFor();
    await row(page, 'Short Tone').getByRole('button', { name: 'Pause Short Tone' }).click();
  });

  it('plays as a streaming service would, at its gain, without a gap or a jump of the playhead, on a phone too', async () => {
    const r = row(page, 'Long Tone');
    const playAs = r.getByTestId('player-play-as');
    const choice = playAs.getByLabel('Play as');
    const what = playAs.getByTestId('play-as-what');
    expect(await what.textContent()).toBe('As uploaded: at the level it was mastered at');
    /** The loudest sample played from 0:10 to about 0:11 under `label` (the page's figure, after the service's gain). */
    const peakOfASecond = async (label: string) => {
      await choice.selectOption({ label });
      await r.getByRole('slider', { name: 'Seek Long Tone' }).focus();
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowRight');
      await waitForMediaTime(r, (t) => Math.abs(t - 10) < 0.3, 'went to 0:10');
      await page.keyboard.press('Space');
      await waitForMediaTime(r, (t) => t > 11.1, 'played a second');
      await page.keyboard.press('Space');
      await r.getByRole('button', { name: 'Play Long Tone' }).waitFor();
      const text = await playAs.getByTestId('play-as-peak').textContent({ timeout: 5_000 });
      return Number(/(-?\d+\.\d) dBFS/.exec(text!)![1]);
    };
    const louder = await peakOfASecond('Spotify Loud');
    const loud = Number(/^Spotify Loud \(-11 LUFS\) would turn this down by (\d+\.\d) dB/.exec((await what.textContent())!)![1]);
    const normal = await peakOfASecond('Spotify');
    const down = Number(/^Spotify \(-14 LUFS\) would turn this down by (\d+\.\d) dB/.exec((await what.textContent())!)![1]);
    // The same second, as much quieter at Normal's level as the rules say: 3 dB below Loud's.
    expect(down - loud).toBeCloseTo(3, 1);
    expect(Math.abs(louder - normal - (down - loud))).toBeLessThan(0.2);
    await choice.selectOption({ label: 'YouTube (as measured)' });
    expect(await what.textContent()).toMatch(/^YouTube \(-14 LUFS, as measured: its rule is not published\) would turn this down by/);

    // Switching while it plays: where the media is against the page's clock (the median of a few readings, as the
    // media's time moves in steps) moves by no more than 50 ms.
    const offset = () =>
      r.getByTestId('player-media').evaluate(async (a: HTMLAudioElement) => {
        const offsets: number[] = [];
        for (let i = 0; i < 11; i++) {
          offsets.push(a.currentTime - performance.now() / 1000);
          await new Promise((next) => setTimeout(next, 25));
        }
        return { at: offsets.sort((x, y) => x - y)[5], paused: a.paused };
      });
    await r.getByRole('button', { name: 'Play Long Tone' }).click();
    await waitForMediaTime(r, (t) => t > 11.5, 'played on');
    for (const label of ['Spotify', 'Apple Music (as measured)', 'As uploaded', 'Spotify Loud']) {
      const before = await offset();
      await choice.selectOption({ label });
      const after = await offset();
      expect(after.paused).toBe(false);
      expect(Math.abs(after.at - before.at), `switching to ${label}`).toBeLessThanOrEqual(0.05);
    }
    await r.getByRole('button', { name: 'Pause Long Tone' }).click();
    await expectAccessible(page, "the player's Play as");
    await screenshot(page, 'tracks-play-as');
    const phone = await e2e.signedIn(user, '/dashboard', PHONE);
    await row(phone, 'Long Tone').getByTestId('player-play-as').waitFor();
    await expectFitsWidth(phone, "the player's Play as");
    await screenshot(phone, 'tracks-play-as-phone');
  });

  it('edits a snippet with the pointer and the keyboard, auditions it, and keeps it after a reload', async () => {
    const r = row(page, 'Long Tone');
    await r.getByTestId('track-snippet-toggle').click();
    const editor = r.getByTestId('snippet-editor');
    await editor.waitFor();
    expect(await editor.getByTestId('snippet-start').textContent()).toBe('0:00');
    expect(await editor.getByTestId('snippet-end').textContent()).toBe('0:30');

    // Drag the end handle to three quarters of the track (45 s).
    await editor.scrollIntoViewIfNeeded();
    const area = (await editor.getByTestId('snippet-area').boundingBox())!;
    const end = (await editor.getByTestId('snippet-handle-end').boundingBox())!;
    await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2);
    await page.mouse.down();
    await page.mouse.move(area.x + area.width * 0.75, end.y + end.height / 2, { steps: 6 });
    await page.mouse.up();
    expect(await editor.getByTestId('snippet-end').textContent()).toBe('0:45');

    // The start handle with the keyboard; it cannot come closer than 1 s to the end.
    const start = editor.getByRole('slider', { name: 'Snippet start' });
    await start.focus();
    await page.keyboard.press('End');
    expect(await start.getAttribute('aria-valuenow')).toBe('44');
    await page.keyboard.press('Home');
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    expect(await editor.getByTestId('snippet-start').textContent()).toBe('0:05');
    expect(await editor.getByTestId('snippet-length').textContent()).toBe('0:40');
    await r.getByTestId('player-region').waitFor();

    // Audition plays the range from its start.
    await editor.getByTestId('snippet-audition').click();
    await r.getByRole('button', { name: 'Pause Long Tone' }).waitFor();
    await waitForMediaTime(r, (t) => t >= 5 && t < 8, 'started at the snippet');
    expect(await editor.getByTestId('snippet-audition').textContent()).toBe('Stop');
    await editor.getByTestId('snippet-audition').click();
    await r.getByRole('button', { name: 'Play Long Tone' }).waitFor();

    await editor.getByTestId('snippet-save').click();
    await editor.getByTestId('snippet-saved').waitFor();
    await screenshot(page, 'tracks-snippet');
    const saved = (await apiTracks(user)).find((t) => t.title === 'Long Tone')!;
    expect(saved.snippet).toEqual({ start: 5, end: 45 });

    await page.reload();
    await row(page, 'Long Tone').getByTestId('track-snippet-toggle').click();
    const again = row(page, 'Long Tone').getByTestId('snippet-editor');
    expect(await again.getByTestId('snippet-start').textContent()).toBe('0:05');
    expect(await again.getByTestId('snippet-end').textContent()).toBe('0:45');
    await row(page, 'Long Tone').getByTestId('track-snippet-toggle').click();
  });

  it('stops auditioning at the end of the snippet', async () => {
    const r = row(page, 'Short Tone');
    await r.getByTestId('track-snippet-toggle').click();
    const editor = r.getByTestId('snippet-editor');
    // Snippet 0:02 - 0:03 of the 5 s track.
    const end = editor.getByRole('slider', { name: 'Snippet end' });
    await end.focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    const start = editor.getByRole('slider', { name: 'Snippet start' });
    await start.focus();
    await page.keyboard.press('End');
    expect([await editor.getByTestId('snippet-start').textContent(), await editor.getByTestId('snippet-end').textContent()]).toEqual([
      '0:02',
      '0:03',
    ]);
    await editor.getByTestId('snippet-audition').click();
    await r.getByRole('button', { name: 'Pause Short Tone' }).waitFor();
    await r.getByRole('button', { name: 'Play Short Tone' }).waitFor({ timeout: 15_000 });
    const t = await mediaTime(r);
    expect(t).toBeGreaterThanOrEqual(2.9);
    expect(t).toBeLessThan(3.3);
    await r.getByTestId('track-snippet-toggle').click();
  });

  it('loads a stream that stalled while playing again from where it stood, with the same link', async () => {
    const fresh = await e2e.signedIn(user, '/dashboard');
    const links: string[] = [];
    const held: Route[] = [];
    fresh.on('request', (req) => void (req.url().includes('/tracks/signed-url') && links.push(req.url())));
    // Storage answers the first request for the audio with nothing, ever: the element waits, playing, with no error.
    await fresh.route(
      (url) => url.href.startsWith(stack.s3Endpoint),
      (route) => (route.request().method() === 'GET' && held.length === 0 ? void held.push(route) : route.continue()),
    );
    const r = row(fresh, 'Short Tone');
    await r.getByRole('button', { name: 'Play Short Tone' }).click();
    await expect.poll(() => held.length, { timeout: 10_000 }).toBe(1);
    expect(await isPaused(r)).toBe(false);
    await waitForMediaTime(r, (t) => t > 0.3, 'played on after the reload', STALL_MS + 10_000);
    expect(links).toHaveLength(1);
    await held[0].abort().catch(() => {}); // the element gave it up when it loaded again
  });

  it('refuses a picture renamed .mp3 and anything that is not audio, leaving no track behind', async () => {
    await openUpload(page);
    await page.getByTestId('upload-file-input').setInputFiles(textFile);
    expect(await page.getByTestId('upload-file-error').textContent()).toBe(AUDIO_FILE_ERROR);

    await page.getByTestId('upload-file-input').setInputFiles(fakeMp3File);
    expect(await page.getByTestId('upload-file-error').count()).toBe(0);
    await page.getByTestId('upload-submit').click();
    // Processing refuses it, behind whatever else is queued: another file's burst of 40 uploads can hold the
    // shared queue for half a minute (flows.processedTrack allows a minute too).
    await page.getByTestId('upload-error').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('upload-error').textContent()).toMatch(/not audio/i);
    await screenshot(page, 'tracks-upload-error');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect((await apiTracks(user)).map((t) => t.title).sort()).toEqual(['Long Tone', 'Short Tone']);
    // The list drops the refused track once it has been read again (on a busy machine, a moment later).
    await expect.poll(() => page.getByTestId('track-row').count(), { timeout: 10_000 }).toBe(2);
  });

  it('cancels an upload half way and leaves no track behind', async () => {
    await openUpload(page);
    await page.getByTestId('upload-file-input').setInputFiles(wavFile);
    await page.getByLabel('Track title').fill('Cancelled Tone');
    await throttleUploads(cdp, 1024 * 1024);
    try {
      await page.getByTestId('upload-submit').click();
      await page.waitForFunction(() => Number(document.querySelector('[aria-label="Upload progress"]')?.getAttribute('aria-valuenow')) > 5);
      await page.getByTestId('upload-cancel').click();
      await page.getByTestId('upload-progress').waitFor({ state: 'detached' });
    } finally {
      await throttleUploads(cdp, null);
    }
    // The modal stays, ready for another try.
    expect(await page.getByTestId('upload-submit').isEnabled()).toBe(true);
    await page.keyboard.press('Escape');
    await page.waitForTimeout(1000);
    expect((await apiTracks(user)).map((t) => t.title)).not.toContain('Cancelled Tone');
    expect(await page.getByTestId('track-row').count()).toBe(2);
  });

  it('shows a track uploaded in a second browser without a reload', async () => {
    const other = await e2e.signedIn(user, '/dashboard', PHONE);
    await row(other, 'Long Tone').waitFor();
    await screenshot(other, 'tracks-list');
    await openUpload(other);
    await other.getByTestId('upload-file-input').setInputFiles(mp3File);
    await other.getByLabel('Track title').fill('Live Tone');
    await screenshot(other, 'tracks-upload-modal');
    await other.getByTestId('upload-submit').click();
    await other.getByRole('dialog').waitFor({ state: 'detached', timeout: 30_000 });

    // The first browser shows it by itself.
    await row(page, 'Live Tone').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('track-title').first().textContent()).toBe('Live Tone');

    // And a deletion in the first shows in the second.
    await row(page, 'Live Tone').getByRole('button', { name: 'Delete Live Tone' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete track?' });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await row(page, 'Live Tone').waitFor({ state: 'detached' });
    await row(other, 'Live Tone').waitFor({ state: 'detached', timeout: 15_000 });

    // The phone layout with the snippet editor open.
    await row(other, 'Long Tone').getByTestId('track-snippet-toggle').click();
    await row(other, 'Long Tone').getByTestId('snippet-editor').waitFor();
    await screenshot(other, 'tracks-snippet');
  });

  it('uploads a new version of a track and switches between its versions, on a phone too; closed while it loads, nothing plays', async () => {
    const r = row(page, 'Short Tone');
    await r.getByTestId('track-new-version').click();
    const dialog = page.getByRole('dialog', { name: 'Upload a new version' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Track title').count()).toBe(0);
    await dialog.getByTestId('upload-file-input').setInputFiles(versionFile);
    await expectAccessible(page, 'the new-version dialog');
    await dialog.getByTestId('upload-submit').click();
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });

    // Still one row, now showing v2; v1 is a click away.
    expect(await page.getByTestId('track-row').count()).toBe(2);
    const versions = r.getByRole('group', { name: 'Versions of Short Tone' });
    await versions.getByRole('button', { name: 'v2' }).and(page.locator('[aria-pressed="true"]')).waitFor();
    expect(await r.getByTestId('track-duration').textContent()).toBe('0:03');
    await r.getByRole('button', { name: 'Play Short Tone (v2)' }).waitFor();
    await expectAccessible(page, 'a track with versions');
    await screenshot(page, 'tracks-versions');
    await versions.getByRole('button', { name: 'v1' }).click();
    expect(await r.getByTestId('track-duration').textContent()).toBe('0:05');

    // A/B at the same playhead, the louder version turned down to the other's loudness.
    await r.getByTestId('track-compare-toggle').click();
    const compare = r.getByTestId('version-compare');
    await compare.waitFor();
    const matchText = (await compare.getByTestId('compare-match-text').textContent())!;
    const matched = /^(v[12]) played (\d+\.\d) dB quieter to match$/.exec(matchText);
    expect(matched, matchText).not.toBeNull();
    const matchDb = Number(matched![2]);
    await compare.getByTestId('compare-play').click();
    const audioA = compare.getByTestId('compare-audio-A');
    const audioB = compare.getByTestId('compare-audio-B');
    const state = (el: typeof audioA) => el.evaluate((a: HTMLAudioElement) => ({ paused: a.paused, time: a.currentTime }));
    await expect.poll(async () => (await state(audioA)).time, { timeout: 10_000 }).toBeGreaterThan(0.5);
    // The key B switches to v2 at the same second, still playing.
    await compare.getByTestId('compare-A').focus();
    await page.keyboard.press('b');
    await expect.poll(async () => (await state(audioB)).paused, { timeout: 5_000 }).toBe(false);
    const [a, b] = [await state(audioA), await state(audioB)];
    expect(a.paused).toBe(true);
    expect(Math.abs(b.time - a.time)).toBeLessThan(0.5);
    expect(await compare.getByTestId('compare-B').getAttribute('aria-pressed')).toBe('true');
    // With the focus on the waveform's slider (which takes no letters), the keys switch too.
    await compare.getByTestId('compare-seek').focus();
    await page.keyboard.press('a');
    await expect.poll(() => compare.getByTestId('compare-A').getAttribute('aria-pressed'), { timeout: 5_000 }).toBe('true');
    await expectAccessible(page, 'the A/B comparison');
    await screenshot(page, 'tracks-compare');

    // The match is a gain in the same worklet as 'Play as': the louder version's first 0.6 s (its loudest sample
    // is the pulse at 0.5 s) plays as much louder with matching off as the line said, by the page's own figure.
    const louder = matched![1] === 'v1' ? audioA : audioB;
    await page.keyboard.press(matched![1] === 'v1' ? 'a' : 'b');
    const play = compare.getByTestId('compare-play');
    const peakOfStart = async () => {
      // To 0:01, then back to the start (the slider moves in whole seconds: Home alone may not move it).
      await compare.getByTestId('compare-seek').focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Home');
      await expect.poll(async () => (await state(louder)).time).toBeLessThan(0.2);
      await play.click();
      // Paused before the next pulse, at 1 s: looked at every 50 ms.
      await expect.poll(async () => (await state(louder)).time, { timeout: 5_000, interval: 50 }).toBeGreaterThan(0.6);
      await play.click();
      // The audio thread tells the peak every 50 ms: the last word on what played comes just after the pause.
      await page.waitForTimeout(200);
      const text = await compare.getByTestId('compare-peak').textContent({ timeout: 5_000 });
      return Number(/(-?\d+\.\d) dBFS/.exec(text!)![1]);
    };
    // Each change of gain measures afresh (so, paused first): off first, then on again.
    await play.click();
    await expect.poll(async () => (await state(louder)).paused).toBe(true);
    await compare.getByTestId('compare-match').uncheck();
    const asTheyAre = await peakOfStart();
    await compare.getByTestId('compare-match').check();
    const asMatched = await peakOfStart();
    expect(Math.abs(asTheyAre - asMatched - matchDb)).toBeLessThan(0.2);
    await compare.getByTestId('compare-match').uncheck();
    expect(await compare.getByTestId('compare-match-text').textContent()).toMatch(/^Played as they are/);
    // Both as a service plays them: each at its own gain, matching left to the service.
    await compare.getByLabel('Play both as').selectOption({ label: 'Spotify' });
    expect(await compare.getByTestId('compare-match-text').textContent()).toMatch(
      /^Spotify plays each at its own level: v1 turned (down|up) \d+\.\d dB, v2 turned (down|up) \d+\.\d dB/,
    );
    expect(await compare.getByTestId('compare-match').isDisabled()).toBe(true);
    await expectAccessible(page, 'the A/B comparison played as a service');
    if ((await compare.getByTestId('compare-play').getAttribute('aria-label'))?.startsWith('Pause'))
      await compare.getByTestId('compare-play').click();
    await r.getByTestId('track-compare-toggle').click();

    // Closed while its first play still asks for the versions' links: once they come, nothing plays (an element
    // no longer shown would play on, with nothing left to stop it).
    await r.getByTestId('track-compare-toggle').click();
    await page.route(/\/tracks\/signed-url/, async (route) => {
      await new Promise((done) => setTimeout(done, 1000));
      await route.fallback();
    });
    const elements = await r.getByTestId('version-compare').locator('audio').elementHandles();
    await r.getByTestId('version-compare').getByTestId('compare-play').click();
    await r.getByTestId('track-compare-toggle').click();
    await page.waitForTimeout(3500);
    for (const el of elements) expect(await el.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
    await page.unroute(/\/tracks\/signed-url/);

    const phone = await e2e.signedIn(user, '/dashboard', PHONE);
    await row(phone, 'Short Tone').getByRole('group', { name: 'Versions of Short Tone' }).waitFor();
    await expectFitsWidth(phone, 'a track with versions');
    await screenshot(phone, 'tracks-versions');
    await row(phone, 'Short Tone').getByTestId('track-compare-toggle').click();
    await row(phone, 'Short Tone').getByTestId('version-compare').getByLabel('Play both as').selectOption({ label: 'Spotify' });
    await expectFitsWidth(phone, 'the A/B comparison played as a service');
    await expectAccessible(phone, 'the A/B comparison on a phone');
    await screenshot(phone, 'tracks-compare');
    await phone.close();
  });

  it('deletes two tracks in one confirmed operation', async () => {
    await page.getByRole('checkbox', { name: 'Select Long Tone' }).check();
    await page.getByRole('checkbox', { name: 'Select Short Tone' }).check();
    expect(await page.getByTestId('tracks-selected').textContent()).toBe('2 selected');
    expect(await page.getByTestId('tracks-select-all').isChecked()).toBe(true);
    await page.getByTestId('tracks-delete-selected').click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete 2 tracks?' });
    await dialog.waitFor();
    await screenshot(page, 'tracks-delete-dialog');
    const deleteCalls: string[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/tracks/delete')) deleteCalls.push(req.postData() ?? '');
    });
    await dialog.getByRole('button', { name: 'Delete 2 tracks' }).click();
    await page.getByTestId('tracks-empty').waitFor();
    expect(deleteCalls).toHaveLength(1);
    expect(JSON.parse(deleteCalls[0]).ids).toHaveLength(2);
    expect(await apiTracks(user)).toEqual([]);
  });
});

describe('a track list longer than a page', () => {
  it("loads the second page with 'Load more tracks', keeping the count of all the tracks", async () => {
    const pager = await onboardedMusician('Paige Pager', 'tracks');
    const first = await uploadTrack(stack, pager, 'Newest');
    // Older copies of the processed track, written as registration writes a track: 32 tracks, two pages.
    const db = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        region: 'us-east-1',
        endpoint: stack.dynamoEndpoint,
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }),
    );
    // The report is left out: a track keeps it packed (functions/tracks/stored-report.ts), not as the API shows it.
    const { audioUrl, report: _report, ...view } = first;
    const items = Array.from({ length: 31 }, (_, i) => {
      const id = randomUUID();
      const at = new Date(Date.parse(first.createdAt) - (i + 1) * 1000).toISOString();
      return {
        PK: `TRACK#${id}`,
        SK: 'META',
        GSI3PK: `OWNER#${first.userId}`,
        GSI3SK: `TRACK#${at}#${id}`,
        entity: 'track',
        ...view,
        id,
        title: `Older ${i + 1}`,
        audioKey: audioUrl,
        shareOptions: null,
        createdAt: at,
        updatedAt: at,
      };
    });
    for (let i = 0; i < items.length; i += 25) {
      await db.send(
        new BatchWriteCommand({ RequestItems: { [stack.tableName]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }),
      );
    }

    const page = await e2e.signedIn(pager, '/dashboard', DESKTOP);
    await page.getByTestId('track-list').waitFor();
    expect(await page.getByTestId('track-row').count()).toBe(30);
    expect(await page.getByTestId('tracks-count').textContent()).toBe('32 tracks');
    expect(await page.getByTestId('tracks-select-all-hint').textContent()).toContain('30 loaded');
    expect(await row(page, 'Older 30').count()).toBe(0);
    await screenshot(page, 'tracks-load-more');

    await page.getByTestId('tracks-load-more').click();
    await row(page, 'Older 31').waitFor();
    expect(await page.getByTestId('track-row').count()).toBe(32);
    expect(await page.getByTestId('tracks-load-more').count()).toBe(0);
    expect(await page.getByTestId('tracks-select-all-hint').count()).toBe(0);
    const titles = await page.getByTestId('track-title').allTextContents();
    expect(titles[0]).toBe('Newest');
    expect(titles.slice(-2)).toEqual(['Older 30', 'Older 31']);

    // Select all takes every loaded track, those of the second page too.
    await page.getByTestId('tracks-select-all').check();
    expect(await page.getByTestId('tracks-selected').textContent()).toBe('32 selected');
  });
});

describe('tracks on the Pro Experience page', () => {
  it('shows the upload and the track list to a pro, on a phone too', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await e2e.signedIn('pro2@demo.test', '/dashboard', viewport);
      await page.getByRole('heading', { name: 'Pro Experience' }).waitFor();
      await page.getByTestId('tracks-panel').waitFor();
      expect(await page.getByTestId('upload-open').isVisible()).toBe(true);
      await page.locator('[data-testid="tracks-empty"], [data-testid="track-list"]').first().waitFor();
      await screenshot(page, 'tracks-pro');
      await page.context().close();
    }
  });
});
