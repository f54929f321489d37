/**
 * The main journeys again in the other engines, Firefox ESR (Gecko) and WebKitGTK (Safari's engine), as a
 * musician on Firefox or an iPhone meets them: sign-in
 * and an admin's authenticator code, an upload played and sought, a new version compared A/B at the same
 * second, a reference track attached and heard against the mix, a paid request from the payment to the rating of
 * its review, a Snip Pro request paid for and
 * withdrawn, a payout withdrawn, and the account
 * page. Every screen is tested in Chromium by its own file; here each journey is walked once, through the parts
 * where engines differ (forms, file inputs, media, pointer and keyboard, downloads), with screenshots at both
 * widths under SCREENSHOTS=1. WebKitGTK runs them through test/support/webkit-page.ts, over classic WebDriver.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, downloadOf, ENGINE_NAMES, PHONE, screenshot, type Engine } from '../support/browser.js';
import { ensureTotp, flows, type TestUser } from '../support/stack-kit.js';
import { steadyToneWav, wavBytes } from '../support/audio.js';
import { browserTests, onboardedMusician, scratchFiles } from './fixtures.js';
import {
  adminSignInWithCode,
  DEMO_PASSWORD,
  expectFitsWidth,
  expectLatestPayout,
  fillField,
  proCardNamed,
  showProCard,
  signInUi,
  submitReview,
  toggleDigestsByKeyboard,
  trackRow,
  waitForPath,
} from './helpers.js';

const ENGINES: Engine[] = ['firefox', 'webkit'];
const files = scratchFiles('engines');

/** The demo pro, who charges $30. */
const PRO = 'Paul Producer';
/**
 * What the pro says in each engine's paid request: their own words each time, since the same comments on
 * another track are refused as pasted (the pro reviews in every engine).
 */
const COMMENTS: Record<Engine, string[]> = {
  chromium: [],
  firefox: [
    'The kick and the bass fight around 60 Hz here',
    'The snare is too bright, tame it near 5 kHz',
    'The ending fades out too fast to land',
  ],
  webkit: [
    'The low end gets muddy under the second chorus',
    'The vocal sits a little behind the guitars in this part',
    'The fade at the end cuts off the reverb tail',
  ],
};

const media = (scope: Locator, testId = 'player-media') =>
  scope.getByTestId(testId).evaluate((a: HTMLAudioElement) => ({
    time: a.currentTime,
    paused: a.paused,
    volume: a.volume,
    // What a stalled player says when a test fails on it.
    readyState: a.readyState,
    networkState: a.networkState,
    error: a.error && `${a.error.code} ${a.error.message}`,
  }));

/** Two audio elements of `panel` read at once (a switch between them is judged within one read): `[first, second]`. */
const mediaPair = (panel: Locator, testIds: [string, string]) =>
  panel.evaluate(
    (el: HTMLElement, ids: string[]) =>
      ids.map((id) => {
        const a = el.querySelector(`[data-testid="${id}"]`) as HTMLAudioElement;
        return { time: a.currentTime, paused: a.paused };
      }),
    testIds,
  );

/**
 * The open request dialog filled in for `title` (and the genre, for Snip Pro) and paid on PayPal's page at
 * `price`: done once the success page shows `outcome`.
 */
async function requestAndPay(
  page: Page,
  title: string,
  notes: string,
  opts: { genre?: string; price: string; outcome: 'payment-summary' | 'payment-pooled' },
): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Request Feedback' });
  await dialog.getByLabel('Track', { exact: true }).selectOption({ label: title });
  await fillField(dialog.getByLabel('Feedback notes', { exact: true }), notes);
  await dialog.getByLabel('Context', { exact: true }).selectOption('mix_check');
  if (opts.genre) await dialog.getByLabel('Genre of the track', { exact: true }).selectOption(opts.genre);
  await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
  await dialog.getByRole('region', { name: 'Review and Pay' }).getByRole('button', { name: 'Pay with PayPal' }).click();
  await page.getByRole('heading', { name: `Pay ${opts.price} to Snip with PayPal` }).waitFor({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await waitForPath(page, '/feedback/success', 20_000);
  await page.getByTestId(opts.outcome).waitFor({ timeout: 20_000 });
}

for (const engine of ENGINES) {
  const name = ENGINE_NAMES[engine];

  describe(`the main journeys in ${name}`, () => {
    const e2e = browserTests(engine);
    const { stack } = e2e;
    let musician: TestUser;
    const shot = (page: Page, what: string) => screenshot(page, `${engine}-${what}`);
    /** The track the journeys upload and play. */
    const tone = `${name} Tone`;

    beforeAll(async () => {
      musician = await onboardedMusician(`Gina ${name}`, `engine-${engine}`);
    });

    it('signs in through the form and out; an admin signs in with their authenticator code', async () => {
      const page = await e2e.page();
      await signInUi(page, musician);
      await waitForPath(page, '/dashboard');
      await page.getByRole('heading', { name: 'Musician Experience' }).waitFor();
      await shot(page, 'dashboard');
      await page.getByTestId('sidebar').getByRole('button', { name: 'Logout' }).click();
      await waitForPath(page, '/');
      await page.goto(`${stack.appUrl}/dashboard`);
      await waitForPath(page, '/login');

      const secret = await ensureTotp(stack, 'admin@demo.test', DEMO_PASSWORD);
      await page.goto(`${stack.appUrl}/admin/login`);
      await adminSignInWithCode(page, secret);
    });

    it('uploads a WAV through the file picker, then plays it, seeks on the waveform, skips and pauses by keyboard', async () => {
      const page = await e2e.signedIn(musician, '/dashboard');
      await page.getByTestId('upload-open').click();
      const dialog = page.getByRole('dialog', { name: 'Upload Track' });
      await dialog.getByTestId('upload-file-input').setInputFiles(files.write(`${tone}.wav`, wavBytes({ seconds: 30, channels: 2 })));
      expect(await dialog.getByLabel('Track title').inputValue()).toBe(tone);
      await dialog.getByTestId('upload-submit').click();
      await dialog.waitFor({ state: 'detached', timeout: 30_000 });

      const row = trackRow(page, tone);
      await row.getByRole('button', { name: `Play ${tone}` }).click({ timeout: 30_000 });
      await row.getByRole('button', { name: `Pause ${tone}` }).waitFor();
      await expect.poll(async () => (await media(row)).time, { timeout: 10_000 }).toBeGreaterThan(0.3);
      await shot(page, 'playing');

      const box = (await row.getByTestId('player-waveform').boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await expect.poll(async () => (await media(row)).time, { timeout: 10_000 }).toBeGreaterThan(13);
      await row.getByRole('button', { name: 'Forward 10 seconds' }).click();
      await expect.poll(async () => (await media(row)).time, { timeout: 10_000 }).toBeGreaterThan(23);

      await row.getByRole('slider', { name: `Seek ${tone}` }).focus();
      await page.keyboard.press('Space');
      await row.getByRole('button', { name: `Play ${tone}` }).waitFor();
      expect((await media(row)).paused).toBe(true);
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowRight');
      await expect.poll(async () => (await media(row)).time, { timeout: 10_000 }).toBeCloseTo(10, 0);
      expect(await row.getByTestId('player-time').textContent()).toBe('0:10/0:30');

      // Played as Spotify plays it: through the page's audio graph, at Spotify's gain. (Headless Firefox with no audio
      // device keeps its AudioContext suspended, so nothing is played through the graph there to measure.)
      const playAs = row.getByTestId('player-play-as');
      await playAs.getByLabel('Play as').selectOption({ label: 'Spotify' });
      expect(await playAs.getByTestId('play-as-what').textContent()).toMatch(/^Spotify \(-14 LUFS\) would turn this down by \d+\.\d dB$/);
      const pressed = Date.now();
      await row.getByRole('button', { name: `Play ${tone}` }).click();
      await expect.poll(async () => (await media(row)).time, { timeout: 10_000 }).toBeGreaterThan(11);
      if (engine === 'webkit') expect(await playAs.getByTestId('play-as-peak').textContent()).toMatch(/Loudest as played: -\d+\.\d dBFS$/);
      await new Promise((r) => setTimeout(r, 1000));
      // The waveform's playhead is drawn where it is heard, not where WebKitGTK's element reads (a second on).
      const drawn = await row
        .getByTestId('player-waveform')
        .evaluate((w) =>
          parseFloat(
            [...w.querySelectorAll('*')].find((e) => e.shadowRoot)!.shadowRoot!.querySelector<HTMLElement>('[part~="progress"]')!.style
              .width,
          ),
        );
      expect((drawn / 100) * 30).toBeLessThan(10 + (Date.now() - pressed) / 1000 + 0.1);
      expect((drawn / 100) * 30).toBeGreaterThan(10.5);
      await row.getByRole('button', { name: `Pause ${tone}` }).click();
      await row.getByRole('button', { name: `Play ${tone}` }).waitFor();
      // Paused where it was heard, at most the time since Play was pressed past 0:10 (WebKitGTK's element, played
      // into the page's audio graph, reads a second further on unless the player sets it back).
      expect((await media(row)).time).toBeLessThan(10 + (Date.now() - pressed) / 1000 + 0.1);

      // Each streaming encoder's encoding, heard through this engine's own decoders (Ogg Vorbis, MP3, Opus), the
      // next from where the last one was.
      await row.getByTestId('track-report-toggle').click();
      const heard = () =>
        row.getByTestId('encoding-audio').evaluate((a: HTMLAudioElement) => ({ src: a.currentSrc, time: a.currentTime, paused: a.paused }));
      let last = 0;
      for (const [profile, label] of [
        ['vorbis-96', 'Ogg Vorbis 96'],
        ['mp3-128', 'MP3 128'],
        ['opus-160', 'Opus 160'],
      ]) {
        await row.getByRole('button', { name: `Listen to the ${label} encoding` }).click({ timeout: 60_000 });
        await expect
          .poll(
            async () => {
              const now = await heard();
              // What the player says, should it not play.
              return `${now.src.includes(`preview-${profile}`) && !now.paused && now.time > last + 0.2} ${JSON.stringify(now)}`;
            },
            { timeout: 15_000 },
          )
          .toMatch(/^true /);
        last = (await heard()).time;
      }
      await row.getByTestId('encoding-audio').evaluate((a: HTMLAudioElement) => a.pause());
    });

    it('uploads a new version and compares it A/B at the same second, loudness matched', async () => {
      const page = await e2e.signedIn(musician, '/dashboard');
      const row = trackRow(page, tone);
      await row.getByTestId('track-new-version').click();
      const dialog = page.getByRole('dialog', { name: 'Upload a new version' });
      await dialog
        .getByTestId('upload-file-input')
        .setInputFiles(files.write(`${tone} v2.wav`, wavBytes({ seconds: 30, channels: 2, frequency: 330 })));
      await dialog.getByTestId('upload-submit').click();
      await dialog.waitFor({ state: 'detached', timeout: 30_000 });
      await row
        .getByRole('group', { name: `Versions of ${tone}` })
        .getByRole('button', { name: 'v2' })
        .waitFor();

      await row.getByTestId('track-compare-toggle').click();
      const compare = row.getByTestId('version-compare');
      const matchText = (await compare.getByTestId('compare-match-text').textContent())!;
      expect(matchText).toMatch(/^v[12] played \d+\.\d dB quieter to match$/);
      await compare.getByTestId('compare-play').click();
      await expect.poll(async () => (await media(compare, 'compare-audio-A')).paused, { timeout: 10_000 }).toBe(false);
      const started = Date.now();
      await expect.poll(async () => (await media(compare, 'compare-audio-A')).time, { timeout: 10_000 }).toBeGreaterThan(0.5);
      await compare.getByTestId('compare-A').focus();
      const switched = Date.now();
      await page.keyboard.press('b');
      // Both in one read: the first in which B plays.
      const both = () => mediaPair(compare, ['compare-audio-A', 'compare-audio-B']);
      let [a, b] = await both();
      await expect.poll(async () => ([a, b] = await both())[1].paused, { timeout: 5_000 }).toBe(false);
      expect(a.paused).toBe(true);
      // A stopped where it was heard: no further than the time since it was seen playing, and a poll's round trip
      // (WebKitGTK's element, played into the page's audio graph, reads and plays on a second further unless set back).
      expect(a.time).toBeLessThan((switched - started) / 1000 + 0.6);
      // B starts there: ahead of it since by no more than the time the switch and the reads took (and, in
      // WebKitGTK, the second B's own reading runs ahead once it has begun).
      expect(b.time - a.time).toBeGreaterThan(-0.25);
      expect(b.time - a.time).toBeLessThan((Date.now() - switched) / 1000 + 0.25 + (engine === 'webkit' ? 1.1 : 0));
      await shot(page, 'compare');
      await compare.getByTestId('compare-play').click();

      const phone = await e2e.signedIn(musician, '/dashboard', PHONE);
      await trackRow(phone, tone)
        .getByRole('group', { name: `Versions of ${tone}` })
        .waitFor();
      await expectFitsWidth(phone, `a track with versions in ${name}`);
      await shot(phone, 'versions');
    });

    it('a reference attached through the file picker; the reviewer hears it against the mix at one playhead and cites a band', async () => {
      const pro = await flows.onboardedUser(stack, 'pro', { fullName: `Remy ${name}` });
      const mix = await flows.registerUpload(stack, musician, steadyToneWav(700, 0.5, 8), `${name} Mix.wav`, `${name} Mix`);
      const shareId = (
        await flows.requestFeedback(stack, musician, pro.id, mix.id, { feedbackNotes: 'Closer to my reference?', context: 'mix_check' })
      ).body.id as string;
      const page = await e2e.signedIn(musician, `/feedback/${shareId}`);
      await page.getByTestId('reference-file').setInputFiles(files.write(`${name} Bass.wav`, steadyToneWav(60, 0.2, 8)));
      await page.locator('[data-testid="reference-item"][data-status="ready"]').waitFor({ timeout: 30_000 });
      await shot(page, 'reference');

      expect((await flows.respondToShare(stack, pro.user, shareId, 'accepted')).status).toBe(200);
      const review = await e2e.signedIn(pro.user, `/feedback/${shareId}`);
      await review.getByTestId('reference-item').getByText('Compare with the mix').click();
      await review.getByTestId('reference-play').click();
      const mixAudio = () => media(review.getByTestId('reference-listen'), 'reference-audio-mix');
      await expect.poll(async () => (await mixAudio()).paused, { timeout: 10_000 }).toBe(false);
      const started = Date.now();
      await expect.poll(async () => (await mixAudio()).time, { timeout: 10_000 }).toBeGreaterThan(0.5);
      const switched = Date.now();
      await review.getByTestId('reference-side-reference').click();
      const listen = review.getByTestId('reference-listen');
      // Both sides in one read: the first in which the reference plays, as soon after its start as polling allows.
      const sides = () => mediaPair(listen, ['reference-audio-mix', 'reference-audio-reference']);
      let [mixSide, heard] = await sides();
      await expect.poll(async () => ([mixSide, heard] = await sides())[1].paused, { timeout: 10_000 }).toBe(false);
      // The mix stopped where it was heard: no further than the time since it was seen playing, and a poll's round
      // trip (WebKitGTK's element, played into the page's audio graph, reads and plays on a second further unless
      // set back). The reference takes up there, give or take the moment the switch and the read took (up to a
      // quarter of a second in Firefox; in WebKitGTK, the second its own reading runs ahead once it has begun).
      expect(mixSide.paused).toBe(true);
      expect(mixSide.time).toBeLessThan((switched - started) / 1000 + 0.6);
      expect(heard.time).toBeGreaterThanOrEqual(mixSide.time - 0.1);
      expect(heard.time).toBeLessThanOrEqual(mixSide.time + 0.5 + (engine === 'webkit' ? 1.1 : 0));
      await review.getByTestId('reference-play').click();
      const low = review.locator('[data-testid="comparison-row"][data-row="band-low"]');
      expect(await low.textContent()).toMatch(/Low band.*\u2212\d+\.\d dB/);
      await low.getByTestId('cite-difference').click();
      await review
        .getByTestId('comment-text')
        .filter({ hasText: /^Low band \u2212\d+\.\d dB vs reference 1$/ })
        .waitFor();
      await shot(review, 'reference-compare');
    });

    // Two people's pages, a payment and 8 s heard in full: under the whole suite's load, more than a minute in WebKit.
    it('a paid request: the musician pays through PayPal, the pro listens, comments and submits, the musician rates it', async () => {
      const title = `${name} Paid ${Math.floor(1000 + Math.random() * 9000)}`;
      await flows.uploadTrack(stack, musician, title, { seconds: 8 });
      const page = await e2e.signedIn(musician, '/dashboard');
      await page.goto(`${stack.appUrl}/choose-pro`);
      const card = await showProCard(page, proCardNamed(page, PRO));
      await card.getByRole('button', { name: 'Choose Pro' }).click();
      await requestAndPay(page, title, 'Does the low end hold up on small speakers?', { price: '$30.00', outcome: 'payment-summary' });
      await shot(page, 'paid');

      const pro = await e2e.signedIn('pro@demo.test', '/dashboard');
      const item = pro.getByTestId('share-item').filter({ has: pro.getByTestId('share-title').getByText(title, { exact: true }) });
      await item.getByRole('button', { name: `Open ${title}` }).click({ timeout: 15_000 });
      await item.getByRole('button', { name: 'Accept' }).click();
      const form = item.getByTestId('reviewer-form');
      await form.getByRole('button', { name: /^Play/ }).first().click();
      const summary = form.getByTestId('coverage-summary');
      // With the player's state beside it: a failure says whether the audio stalled or the reports did not arrive.
      const heard = async () => `${await summary.textContent()} ${JSON.stringify(await media(form))}`;
      await expect.poll(heard, { timeout: 40_000 }).toMatch(/^Listened to 100% \(0:08 of 0:08\), 1 session, reported by the player \{/);
      const composer = form.getByTestId('comment-composer');
      for (const [at, text] of COMMENTS[engine].map((comment, i) => [[0.15, 0.5, 0.85][i], comment] as const)) {
        const wave = (await form.getByTestId('player-waveform').boundingBox())!;
        await pro.mouse.click(wave.x + wave.width * at, wave.y + wave.height / 2);
        await fillField(composer.getByTestId('comment-input'), text);
        await composer.getByTestId('comment-submit').click();
        await form.getByTestId('comment-card').filter({ hasText: text }).waitFor();
      }
      for (const criterion of ['Mixing & Mastering', 'Composition & Arrangement', 'Vocals & Lyrics', 'Energy & Impact']) {
        await form.getByRole('group', { name: criterion }).getByRole('button', { name: '4 stars' }).click();
      }
      await fillField(form.getByLabel('General comment', { exact: true }), flows.freshReviewText(44));
      await expect.poll(() => form.getByTestId('review-checklist').textContent()).toMatch(/^Ready to submit/);
      await shot(pro, 'reviewing');
      await submitReview(pro, form);
      await pro
        .getByTestId('toast')
        .getByText(/Feedback sent to/)
        .waitFor();

      await page.goto(`${stack.appUrl}/dashboard`);
      const mine = page.getByTestId('share-item').filter({ has: page.getByTestId('share-title').getByText(title, { exact: true }) });
      await mine.getByRole('button', { name: `Open ${title}` }).click({ timeout: 15_000 });
      await expect.poll(() => mine.getByTestId('comment-card').count(), { timeout: 15_000 }).toBe(3);
      expect(await mine.getByTestId('comments-made').textContent()).toBe('3 comments: 3 typed');
      const rating = mine.getByTestId('rating-form');
      await rating.getByRole('button', { name: '4 stars' }).click();
      await rating.getByRole('button', { name: 'Submit Rating' }).click();
      await mine.getByText('Thank you for your feedback!!').waitFor();
      await shot(page, 'rated');
    }, 120_000);

    it('Snip Pro: the musician lets Snip choose, names the genre, pays, sees it finding its reviewer and withdraws it for a refund', async () => {
      const title = `${name} Pool ${Math.floor(1000 + Math.random() * 9000)}`;
      await flows.uploadTrack(stack, musician, title, { seconds: 2 });
      const page = await e2e.signedIn(musician, '/choose-pro');
      await page.getByTestId('tier-pro').getByRole('button', { name: 'Let Snip choose' }).click();
      // The demo's pool: Priya takes Electronic / Dance requests.
      await requestAndPay(page, title, 'Is the groove tight enough for a club?', {
        genre: 'Electronic / Dance',
        price: '$15.00',
        outcome: 'payment-pooled',
      });
      await shot(page, 'snip-pro-paid');

      await page.goto(`${stack.appUrl}/dashboard`);
      const waiting = page.getByTestId('finding-reviewer').getByTestId('pool-waiting').filter({ hasText: title });
      await waiting.getByRole('button', { name: `Withdraw the request for "${title}"` }).click({ timeout: 15_000 });
      await page.getByTestId('withdraw-pool-dialog').getByRole('button', { name: 'Withdraw and refund' }).click();
      await waiting.waitFor({ state: 'detached', timeout: 15_000 });
      await shot(page, 'snip-pro-withdrawn');
    }, 90_000);

    it('a pro names their PayPal address and withdraws what is available; PayPal pays it', async () => {
      const { user: pro } = await flows.proWithEarnings(stack, 20, { fullName: `Pablo ${name}`, prefix: `engine-pro-${engine}` });

      const page = await e2e.signedIn(pro, '/dashboard');
      await page.goto(`${stack.appUrl}/profile`);
      const card = page.getByTestId('payouts-card');
      const address = `${pro.email.split('@')[0]}-paypal@example.test`;
      await fillField(card.getByLabel('PayPal e-mail to be paid at'), address);
      await card.getByRole('button', { name: 'Save address' }).click();
      await card.getByTestId('payout-address').getByText(address).waitFor();
      await card.getByRole('button', { name: 'Withdraw $20.00' }).click();
      const dialog = page.getByTestId('withdraw-dialog');
      await dialog.getByRole('button', { name: 'Withdraw $20.00' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expectLatestPayout(page, 'Paid');
      await shot(page, 'payout-paid');
    });

    it('the account page: a wrong current password is refused, the new one signs in, an e-mail switch keeps the focus through its save, and the data downloads as JSON', async () => {
      const page = await e2e.signedIn(musician, '/dashboard', DESKTOP);
      await page.getByRole('link', { name: `Your account: ${musician.fullName}` }).click();
      await waitForPath(page, '/account');
      // An e-mail switch from the keyboard keeps the focus through its save (a disabled one would lose it).
      await toggleDigestsByKeyboard(page);
      const form = page.getByTestId('change-password-form');
      const newPassword = `${musician.password}-${engine}`;
      await fillField(form.getByLabel('Current password'), 'not-the-password');
      await fillField(form.getByLabel('New password', { exact: true }), newPassword);
      await fillField(form.getByLabel('Confirm new password'), newPassword);
      await form.getByRole('button', { name: 'Change password' }).click();
      await form.getByText('Your current password is not right.').waitFor();
      await fillField(form.getByLabel('Current password'), musician.password);
      await form.getByRole('button', { name: 'Change password' }).click();
      await page.getByTestId('password-changed').waitFor();
      musician = { ...musician, password: newPassword };

      const download = await downloadOf(page, () => page.getByRole('button', { name: 'Download my data' }).click());
      expect(download.name).toMatch(/^snip-data-\d{4}-\d{2}-\d{2}\.json$/);
      expect(JSON.parse(download.text).account.email).toBe(musician.email);
      await shot(page, 'account');

      const fresh = await e2e.page(PHONE);
      await signInUi(fresh, musician);
      await waitForPath(fresh, '/dashboard');
      await fresh.getByRole('heading', { name: 'Musician Experience' }).waitFor();
      await expectFitsWidth(fresh, `the dashboard in ${name}`);
      await shot(fresh, 'dashboard');
    });
  });
}
