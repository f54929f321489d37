/**
 * Every screen of the product, at desktop (1280) and phone (390) width, checked by axe-core (WCAG 2.0 and
 * 2.1 A and AA, plus its best-practice rules): a new violation fails with the rule and the elements. The
 * main screens are also tabbed through: every stop must show that it has the focus. Beside them, the UI
 * faults a new user ran into stay fixed: the drop zone is in sight with tracks and its message in the
 * window, a share shows once on the musician's dashboard, the comment author's name keeps to one line
 * beside the edit and delete icons, and an e-mail address never breaks after a hyphen.
 *
 * The data is made for this file through the API: a musician with three tracks shared with a pro (one
 * review complete, one under way, one pending), a musician whose application waits for an admin, and an
 * admin. The names and addresses are long and hyphenated on purpose.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute, createConfirmedUser, TEST_PASSWORD, type TestUser, uniqueEmail } from '../support/stack-kit.js';
import { DESKTOP, PHONE, screenshot, type Viewport } from '../support/browser.js';
import { onboard, registerUpload, uploadTrack } from '../support/flows.js';
import { totpCode } from '../support/totp.js';
import { browserTests } from './fixtures.js';
import {
  adminUserRow,
  chooseType,
  enterTotpCode,
  expectAccessible,
  expectFitsWidth,
  expectVisibleFocus,
  proCardNamed,
  showProCard,
  submitSignIn,
  submitSignUp,
  trackRow as row,
  waitForPath,
} from './helpers.js';

const e2e = browserTests();
const { stack } = e2e;
const suffix = Math.floor(1000 + Math.random() * 9000);
const OPTIONS = { feedbackNotes: 'Does the chorus lift?', context: 'mix_check', categories: ['mixing'], trackPurpose: 'streaming_release' };
const TITLES = { done: `Harbour Lights ${suffix}`, reviewing: `Second Wind ${suffix}`, pending: `Third Rail ${suffix}` };
const REVIEWER_NAME = 'Maximiliana Featherstonehaugh-Worthington';

let musician: TestUser;
let reviewer: TestUser;
let admin: TestUser;
let applicantEmail: string;
const shares: Record<keyof typeof TITLES, string> = { done: '', reviewing: '', pending: '' };

async function expectOk<T>(what: string, call: Promise<{ status: number; body: T }>): Promise<T> {
  const res = await call;
  if (res.status !== 200) throw new Error(`${what} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

beforeAll(async () => {
  [musician, reviewer, admin] = await Promise.all([
    createConfirmedUser(stack, { fullName: 'Ada Lovelace-Byron', prefix: 'a11y-musician-with-a-long-hyphenated-address' }),
    createConfirmedUser(stack, { fullName: REVIEWER_NAME, prefix: 'a11y-reviewer' }),
    createConfirmedUser(stack, { fullName: 'Axel Admin', admin: true, prefix: 'a11y-admin' }),
  ]);
  const applicant = await createConfirmedUser(stack, { fullName: 'Apple Applicant', prefix: 'a11y-applicant' });
  applicantEmail = applicant.email;
  const [, reviewerId] = await Promise.all([
    onboard(stack, musician, 'musician'),
    onboard(stack, reviewer, 'pro'),
    onboard(stack, applicant, 'musician'),
  ]);
  await expectOk(
    'applyForPro',
    callRoute(stack.apiUrl, 'applyForPro', { genres: ['House'], costRange: { min: 10, max: 60 }, experience: 4 }, applicant.idToken),
  );

  const share = async (title: string) => {
    const track = await uploadTrack(stack, musician, title, { seconds: 20 });
    const created = await expectOk(
      'createShare',
      callRoute(stack.apiUrl, 'createShare', { sharedWithId: reviewerId, trackId: track.id, shareOptions: OPTIONS }, musician.idToken),
    );
    return (created as { id: string }).id;
  };
  const comment = (id: string, user: TestUser, timestamp: number | null, text: string, tags: string[] = []) =>
    expectOk('addComment', callRoute(stack.apiUrl, 'addComment', { id, timestamp, text, tags }, user.idToken));

  shares.done = await share(TITLES.done);
  shares.reviewing = await share(TITLES.reviewing);
  shares.pending = await share(TITLES.pending);
  for (const id of [shares.done, shares.reviewing]) {
    await expectOk('respondToShare', callRoute(stack.apiUrl, 'respondToShare', { id, status: 'accepted' }, reviewer.idToken));
    await comment(id, reviewer, 4, 'The kick and the bass fight here: sidechain the bass.', ['#Mixing', '#Bassline']);
    await comment(id, reviewer, 12, 'Lovely lift into the chorus.', ['#Arrangement']);
    await comment(id, reviewer, null, 'Overall the low end needs room.');
  }
  // A file that is not audio: the pro's own list shows it failed, with what to do.
  const broken = await registerUpload(
    stack,
    reviewer,
    Buffer.from('This is a text file, not a song. '.repeat(64)),
    'broken.wav',
    'Broken Upload',
  );
  expect(broken.status).toBe('failed');
  await expectOk(
    'submitFeedback',
    callRoute(
      stack.apiUrl,
      'submitFeedback',
      { id: shares.done, criteria: { mixingMastering: 3, energyImpact: 5 }, comment: 'A strong song: give the low end room.' },
      reviewer.idToken,
    ),
  );
});

/**
 * Runs the step at desktop width and then at phone width, the page resized in place (as a window is, or a
 * tablet turned): what the flow opened stays open, so each flow is walked once for both widths.
 */
async function atEachWidth(page: Page, step: (viewport: Viewport) => Promise<unknown>) {
  const start = page.viewportSize()!;
  try {
    for (const viewport of [DESKTOP, PHONE]) {
      await resize(page, viewport);
      await step(viewport);
    }
  } finally {
    await resize(page, start);
  }
}

/** Resizes the page and waits two frames: the resize's media queries, observers and the renders they cause have run. */
async function resize(page: Page, viewport: Viewport) {
  await page.setViewportSize(viewport);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** The screen passes axe at both widths (and fits the phone's); a screenshot of each is kept to look at. */
async function check(page: Page, name: string) {
  await atEachWidth(page, async (viewport) => {
    await expectAccessible(page, name);
    if (viewport.width < DESKTOP.width) await expectFitsWidth(page, `${name} is wider than the screen`);
    await screenshot(page, `a11y-${name}`);
  });
}

/** Every Tab stop of the screen shows its focus, at both widths (the phone's layout has stops of its own). */
const checkFocus = (page: Page, name: string, maxTabs?: number) => atEachWidth(page, () => expectVisibleFocus(page, name, maxTabs));

/** The confirmation dialog in front of the page passes the checks, and Cancel closes it. */
async function checkThenCancel(page: Page, name: string, shot: string) {
  const dialog = page.getByRole('alertdialog', { name });
  await dialog.waitFor();
  await check(page, shot);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function visit(page: Page, path: string, ready: (p: Page) => Locator) {
  await page.goto(`${stack.appUrl}${path}`);
  await ready(page).waitFor();
}

const heading = (name: string, level?: number) => (p: Page) => p.getByRole('heading', { name, exact: true, ...(level ? { level } : {}) });
const hubItem = (page: Page, shareId: string) =>
  page.getByTestId('feedback-hub').locator(`[data-testid="share-item"][data-share-id="${shareId}"]`);
const reviewItem = (page: Page, shareId: string) => page.locator(`[data-testid="share-item"][data-share-id="${shareId}"]`);

/** Where the text of an element breaks into lines: the character that ends each line but the last. */
function lineEnds(locator: Locator): Promise<string[]> {
  return locator.evaluate((el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const chars: { ch: string; top: number }[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (rect) chars.push({ ch: text[i], top: Math.round(rect.top) });
      }
    }
    const ends: string[] = [];
    for (let i = 1; i < chars.length; i++) if (chars[i].top > chars[i - 1].top + 2) ends.push(chars[i - 1].ch);
    return ends;
  });
}

/** Each line of an element's text starts inside its clipping parent: no letter is cut off. */
async function expectLinesInside(locator: Locator, what: string) {
  const [lines, left] = await locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return [Array.from(range.getClientRects()).map((r) => r.left), el.parentElement!.getBoundingClientRect().left] as const;
  });
  expect(lines.length).toBeGreaterThan(0);
  for (const x of lines) expect(x, `a line of ${what} starts outside its box`).toBeGreaterThanOrEqual(left - 0.5);
}

/** Drags a file from the desktop over (or drops it on, or takes it off) an element, as the browser reports it. */
function dragFileOver(locator: Locator, type: 'dragenter' | 'dragleave' | 'drop') {
  return locator.evaluate((el, type) => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(16)], 'Dragged.wav', { type: 'audio/wav' }));
    if (type === 'dragenter') {
      el.dispatchEvent(new DragEvent('dragenter', { bubbles: true, cancelable: true, dataTransfer: dt }));
      el.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: dt }));
    } else {
      el.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: dt }));
    }
  }, type);
}

/** The drop message is in the window, within the part of the track panel the window shows. */
async function expectDropMessageInView(page: Page, windowHeight: number) {
  const message = (await page.getByTestId('tracks-drop-message').boundingBox())!;
  const panel = (await page.getByTestId('tracks-panel').boundingBox())!;
  const top = Math.max(0, panel.y);
  const bottom = Math.min(windowHeight, panel.y + panel.height);
  expect(message.y, 'the drop message is above the window').toBeGreaterThanOrEqual(top - 1);
  expect(message.y + message.height, 'the drop message is below the window').toBeLessThanOrEqual(bottom + 1);
}

/** An e-mail address shown whole (as text), on one line if it fits one, and never broken after a hyphen. */
async function expectEmailUnbroken(locator: Locator, email: string) {
  expect((await locator.textContent())?.includes(email)).toBe(true);
  const ends = await lineEnds(locator);
  expect(
    ends.filter((c) => c === '-'),
    `"${email}" breaks after a hyphen`,
  ).toEqual([]);
}

// Each test walks several screens, checking and tabbing through each at two widths: more than the default
// minute on a busy machine.
describe(`accessibility at ${DESKTOP.width} and ${PHONE.width} px`, { timeout: 240_000 }, () => {
  it('the sign-in screens, sign-up, password reset, e-mail confirmation and admin login with two-factor steps', async () => {
    const page = await e2e.page();
    await visit(page, '/login', heading('Welcome back'));
    await check(page, 'login');
    await checkFocus(page, 'login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Email is required').waitFor();
    await check(page, 'login-validation');

    await visit(page, '/signup', heading('Create your account'));
    await check(page, 'signup');
    await checkFocus(page, 'signup');
    // The check-your-email panel, with an address that must not break after its hyphen.
    const email = uniqueEmail('a');
    await submitSignUp(page, 'Ann Access', email, TEST_PASSWORD);
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await check(page, 'check-email');
    await expectEmailUnbroken(page.locator('.check-email-text'), email);

    await visit(page, '/forgot-password', heading('Forgot Password'));
    await check(page, 'forgot-password');
    await page.getByLabel('Email').fill(musician.email);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await check(page, 'forgot-password-sent');
    await expectEmailUnbroken(page.getByTestId('reset-sent-address'), musician.email);
    await visit(page, '/reset-password', (p) => p.getByLabel('Reset Code'));
    await check(page, 'reset-password');
    await visit(page, '/email-confirmation?email=someone%40example.test&name=Sam', (p) => p.getByLabel('Confirmation code'));
    await check(page, 'email-confirmation');

    await visit(page, '/admin/login', heading('Admin Login'));
    await check(page, 'admin-login');
    // An admin's first sign-in: setting up the authenticator.
    const newAdmin = await createConfirmedUser(stack, { admin: true, mfa: false, fullName: 'Nova Admin', prefix: 'a11y-mfa' });
    await submitSignIn(page, newAdmin.email, newAdmin.password);
    await page.getByRole('heading', { name: 'Set up two-factor authentication' }).waitFor();
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    await check(page, 'admin-mfa-setup');
    await checkFocus(page, 'admin-mfa-setup');
    const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
    await page.getByLabel('6-digit code').fill(totpCode(secret));
    await page.getByLabel('6-digit code').press('Enter');
    await waitForPath(page, '/admin/users');
    await page.context().close();
    // A later sign-in asks for the code.
    const again = await e2e.page();
    await visit(again, '/admin/login', heading('Admin Login'));
    await submitSignIn(again, admin.email, admin.password);
    await again.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    await check(again, 'admin-mfa-code');
    await enterTotpCode(again, admin.totpSecret!);
    await waitForPath(again, '/admin/users');
  });

  it('onboarding: type, genres, and the pro profile', async () => {
    const m = await e2e.newcomer('Nia Newcomer', 'a11y-onboard');
    await m.getByRole('heading', { name: 'How will you use Snip?' }).waitFor();
    await check(m, 'onboarding-type');
    await m.getByTestId('type-musician').click();
    await check(m, 'onboarding-type-selected');
    await checkFocus(m, 'onboarding-type');
    await m.getByRole('button', { name: 'Continue' }).click();
    await waitForPath(m, '/onboarding/musician');
    await m.getByRole('heading', { name: 'Select Your Genres' }).waitFor();
    await m.getByTestId('genre-group-pop').click();
    await m.getByTestId('genre-chip-indie-pop').click();
    await check(m, 'onboarding-musician');
    await checkFocus(m, 'onboarding-musician');
    await m.context().close();
    const p = await e2e.newcomer('Pia Prospect', 'a11y-onboard-pro');
    await chooseType(p, 'pro');
    await check(p, 'onboarding-pro');
    await checkFocus(p, 'onboarding-pro');
  });

  describe('the musician', () => {
    const session = e2e.signedInForAll(() => musician, '/dashboard');

    it('the dashboard: tracks with the drop zone in sight, the hub, Your Journey to Pro', async () => {
      const { page } = session;
      await page.getByRole('heading', { name: 'Musician Experience' }).waitFor();
      await page.getByTestId('track-row').nth(2).waitFor();
      await hubItem(page, shares.pending).waitFor();
      await check(page, 'dashboard-musician');
      await checkFocus(page, 'dashboard-musician', 80);
      // The reviewer's long name wraps within the line under the track's title, never cut at its start.
      await expectLinesInside(hubItem(page, shares.pending).getByTestId('share-who'), "the reviewer's name");

      // With tracks, dropping a file is still said and seen, above the list.
      const zone = page.getByTestId('tracks-drop-zone');
      expect(await zone.isVisible()).toBe(true);
      expect((await zone.boundingBox())!.y).toBeLessThan((await page.getByTestId('track-list').boundingBox())!.y);
      // A file dragged over the list of a panel taller than the window (every row's snippet and feedback
      // open): the message shows in the window, over the first row as over the last.
      for (const r of await page.getByTestId('track-row').all()) {
        await r.getByTestId('track-snippet-toggle').click();
        await r.getByTestId('track-feedback-toggle').click();
      }
      const rows = page.getByTestId('track-row');
      await atEachWidth(page, async (viewport) => {
        expect((await page.getByTestId('tracks-panel').boundingBox())!.height).toBeGreaterThan(viewport.height);
        await page.evaluate(() => window.scrollTo(0, 0));
        await dragFileOver(rows.first(), 'dragenter');
        await expectDropMessageInView(page, viewport.height);
        await screenshot(page, 'a11y-dashboard-drop-top');
        await dragFileOver(rows.first(), 'dragleave');
        await rows.last().evaluate((el) => el.scrollIntoView({ block: 'end' }));
        await dragFileOver(rows.last(), 'dragenter');
        await expectDropMessageInView(page, viewport.height);
        await screenshot(page, 'a11y-dashboard-drop-bottom');
        await dragFileOver(rows.last(), 'dragleave');
      });
      await rows.last().evaluate((el) => el.scrollIntoView({ block: 'end' }));
      await dragFileOver(rows.last(), 'dragenter');
      await dragFileOver(rows.last(), 'drop');
      const upload = page.getByRole('dialog', { name: 'Upload Track' });
      await upload.waitFor();
      expect(await upload.getByTestId('upload-file-name').textContent()).toBe('Dragged.wav');
      await check(page, 'upload-modal');
      await checkFocus(page, 'upload-modal');
      await page.keyboard.press('Escape');
      await upload.waitFor({ state: 'detached' });
      for (const r of await page.getByTestId('track-row').all()) {
        await r.getByTestId('track-snippet-toggle').click();
        await r.getByTestId('track-feedback-toggle').click();
      }
      await page.evaluate(() => window.scrollTo(0, 0));
    });

    it('a share shows once: a line under its track that opens it in the Feedback Hub', async () => {
      const { page } = session;
      const track = row(page, TITLES.done);
      await track.getByTestId('track-feedback-toggle').click();
      const line = track.getByTestId('track-share-line');
      await line.waitFor();
      expect(await line.count()).toBe(1);
      expect(await track.getByTestId('share-item').count()).toBe(0);
      expect(await page.locator(`[data-testid="share-item"][data-share-id="${shares.done}"]`).count()).toBe(1);
      await check(page, 'dashboard-track-feedback');

      // By keyboard: the link opens the share in the hub and the focus goes with it.
      await line.getByTestId('track-share-open').focus();
      await page.keyboard.press('Enter');
      const item = hubItem(page, shares.done);
      await item.getByTestId('rating-form').waitFor();
      expect(await item.getByTestId('share-toggle').evaluate((el) => el === document.activeElement)).toBe(true);
      const box = (await item.boundingBox())!;
      expect(box.y).toBeLessThan(DESKTOP.height);
      expect(box.y + box.height).toBeGreaterThan(0);

      // The musician's question box comes after the general feedback.
      const order = await item.evaluate((el) =>
        ['comment-list', 'general-feedback', 'feedback-reply', 'rating-form'].map((id) => {
          const found = el.querySelector(`[data-testid="${id}"]`);
          return found ? Math.round(found.getBoundingClientRect().top + window.scrollY) : -1;
        }),
      );
      expect(order.every((y) => y >= 0)).toBe(true);
      expect(order).toEqual([...order].sort((a, b) => a - b));
      await check(page, 'dashboard-feedback-view');
      await checkFocus(page, 'dashboard-feedback-view', 80);
    });

    it('the snippet editor, the delete dialogs and the request dialog through to its confirmation', async () => {
      const { page } = session;
      const track = row(page, TITLES.pending);
      await track.scrollIntoViewIfNeeded();
      await track.getByTestId('track-snippet-toggle').click();
      await track.getByTestId('snippet-editor').waitFor();
      await check(page, 'snippet-editor');
      await track.getByTestId('track-snippet-toggle').click();

      await track.getByTestId('track-delete').click();
      await checkThenCancel(page, 'Delete track?', 'delete-track-dialog');
      await page.getByTestId('tracks-select-all').check();
      await page.getByTestId('tracks-delete-selected').click();
      await checkThenCancel(page, 'Delete 3 tracks?', 'delete-tracks-dialog');
      await page.getByTestId('tracks-select-all').uncheck();

      await track.getByRole('button', { name: `Get feedback on ${TITLES.pending}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Request Feedback' });
      await dialog.waitFor();
      await check(page, 'share-dialog');
      await checkFocus(page, 'share-dialog');
      await dialog.getByRole('button', { name: 'Pros', exact: true }).click();
      await dialog.getByRole('combobox', { name: 'Share with' }).fill('quin');
      const option = dialog.getByRole('option').filter({ hasText: 'Quinn Peer' });
      await option.waitFor();
      await check(page, 'share-dialog-search');
      await option.click();
      await dialog.getByLabel('Feedback notes', { exact: true }).fill('Is the bridge too long?');
      await dialog.getByLabel('Context', { exact: true }).selectOption('mix_check');
      await dialog.getByTestId('share-submit').click();
      await dialog.getByText('Feedback Request Sent!').waitFor();
      await check(page, 'share-dialog-sent');
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'detached' });
    });

    it("Choose Your Pro, 'More about' open, and a priced pro's payment step", async () => {
      const { page } = session;
      await visit(page, '/choose-pro', heading('Choose Your Pro', 1));
      await page.getByTestId('pro-card').first().waitFor();
      await check(page, 'choose-pro');
      await checkFocus(page, 'choose-pro');
      const paul = await showProCard(page, proCardNamed(page, 'Paul Producer'));
      await paul.getByRole('button', { name: 'More about Paul Producer' }).click();
      await paul.getByTestId('pro-more-panel').waitFor({ state: 'visible' });
      await check(page, 'choose-pro-more');
      await page.keyboard.press('Escape');
      await page.mouse.move(0, 0);
      await paul.getByTestId('pro-more-panel').waitFor({ state: 'hidden' });

      await paul.getByRole('button', { name: 'Choose Pro' }).click();
      const dialog = page.getByRole('dialog', { name: 'Request Feedback' });
      await dialog.waitFor();
      await dialog.getByLabel('Track', { exact: true }).selectOption({ label: TITLES.done });
      await dialog.getByLabel('Feedback notes', { exact: true }).fill('Ready for release?');
      await dialog.getByLabel('Context', { exact: true }).selectOption('mix_check');
      await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
      await dialog.getByRole('region', { name: 'Review and Pay' }).waitFor();
      await check(page, 'share-dialog-payment');
      await checkFocus(page, 'share-dialog-payment');
      await dialog.getByRole('button', { name: 'Go Back' }).click();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      const discard = page.getByRole('alertdialog', { name: 'Discard this request?' });
      await discard.waitFor();
      await check(page, 'share-dialog-discard');
      await discard.getByTestId('confirm-button').click();
      await dialog.waitFor({ state: 'detached' });
    });

    it('the profile with its genre and links dialogs and the application form, settings, payment results, access denied', async () => {
      const { page } = session;
      await visit(page, '/profile', heading('Profile', 1));
      await page.getByTestId('profile-form-panel').waitFor();
      await check(page, 'profile');
      await checkFocus(page, 'profile');
      await page.getByRole('button', { name: 'Edit genres' }).click();
      const genres = page.getByRole('dialog', { name: 'Edit genres' });
      await genres.waitFor();
      await check(page, 'profile-genres-dialog');
      await page.keyboard.press('Escape');
      await genres.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Edit links' }).click();
      const links = page.getByRole('dialog', { name: 'Edit links' });
      await links.waitFor();
      await check(page, 'profile-links-dialog');
      await checkFocus(page, 'profile-links-dialog');
      await page.keyboard.press('Escape');
      await links.waitFor({ state: 'detached' });
      const card = page.getByTestId('application-card');
      await card.getByRole('button', { name: 'Apply to become a pro' }).click();
      await card.getByTestId('application-form').waitFor();
      await check(page, 'profile-application-form');
      await checkFocus(page, 'profile-application-form', 80);

      await visit(page, '/settings', heading('Settings', 1));
      await page.getByTestId('plan-card').first().waitFor();
      await check(page, 'settings');
      await visit(page, '/feedback/success', heading('No Payment to Confirm'));
      await page.getByTestId('pro-card').first().waitFor();
      await check(page, 'feedback-success');
      await visit(page, '/feedback/cancel', heading('Payment Cancelled'));
      await page.getByTestId('pro-card').first().waitFor();
      await check(page, 'feedback-cancel');
      await visit(page, '/admin/users', heading('Access Denied'));
      await check(page, 'access-denied');
      await checkFocus(page, 'access-denied');
      await waitForPath(page, '/dashboard', 10_000);
    });
  });

  describe('the pro', () => {
    const session = e2e.signedInForAll(() => reviewer, '/dashboard');

    it('Tracks to Rate: a pending request with its decline dialog, and the reviewer form with its comments', async () => {
      const { page } = session;
      await page.getByRole('heading', { name: 'Pro Experience' }).waitFor();
      await page.getByTestId('track-failed').waitFor();
      const pending = reviewItem(page, shares.pending);
      await pending.waitFor();
      await check(page, 'dashboard-pro');
      await pending.getByRole('button', { name: `Open ${TITLES.pending}` }).click();
      await pending.getByTestId('share-accept').waitFor();
      await check(page, 'pro-pending-request');
      await pending.getByTestId('share-decline').click();
      await checkThenCancel(page, 'Decline this request?', 'pro-decline-dialog');
      await pending.getByRole('button', { name: `Hide ${TITLES.pending}` }).click();

      const reviewing = reviewItem(page, shares.reviewing);
      await reviewing.getByRole('button', { name: `Open ${TITLES.reviewing}` }).click();
      const form = reviewing.getByTestId('reviewer-form');
      await form.getByTestId('comment-card').nth(2).waitFor();
      await check(page, 'pro-reviewer-form');
      await checkFocus(page, 'pro-reviewer-form', 80);

      // The author's name keeps to one line beside the edit and delete icons, clear of them.
      const cards = form.getByTestId('comment-card');
      await atEachWidth(page, async () => {
        for (const card of await cards.all()) {
          // Both boxes from one layout: the waveform above may still be settling after the resize.
          const { name, edit, lineHeight } = await card.evaluate((el) => {
            const box = (id: string) => el.querySelector(`[data-testid="${id}"]`)!.getBoundingClientRect().toJSON() as DOMRect;
            const style = getComputedStyle(el.querySelector('[data-testid="comment-author"]')!);
            return {
              name: box('comment-author'),
              edit: box('comment-edit'),
              lineHeight: parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.5,
            };
          });
          expect(name.height, 'the name wraps').toBeLessThanOrEqual(lineHeight * 1.25);
          expect(name.x + name.width, 'the name runs under the icons').toBeLessThanOrEqual(edit.x);
          expect(Math.abs(name.y + name.height / 2 - (edit.y + edit.height / 2))).toBeLessThan(6);
          expect(await card.getByTestId('comment-author').getAttribute('title')).toBe(REVIEWER_NAME);
        }
        await screenshot(page, 'a11y-pro-comment-cards');
      });

      await cards.first().getByRole('button', { name: 'Edit comment' }).click();
      await cards.first().getByTestId('comment-editor').waitFor();
      await check(page, 'pro-comment-editing');
      await cards.first().getByRole('button', { name: 'Cancel' }).click();
      await cards.first().getByTestId('comment-delete').click();
      await checkThenCancel(page, 'Delete comment?', 'pro-comment-delete-dialog');

      await form.getByRole('group', { name: 'Mixing & Mastering' }).getByRole('button', { name: '4 stars' }).click();
      await form.getByTestId('feedback-submit').click();
      await checkThenCancel(page, 'Submit your feedback?', 'pro-submit-dialog');
      await form.getByRole('group', { name: 'Mixing & Mastering' }).getByRole('button', { name: '4 stars' }).click();
    });

    it('Your Feedback History with a completed review open', async () => {
      const { page } = session;
      await page.getByRole('tab', { name: 'Your Feedback History' }).click();
      const done = reviewItem(page, shares.done);
      await done.getByRole('button', { name: `Open ${TITLES.done}` }).click();
      await done.getByTestId('criteria-bars').waitFor();
      await check(page, 'pro-history');
      await checkFocus(page, 'pro-history', 80);
      await page.getByRole('tab', { name: 'Tracks to Rate' }).click();
    });

    it("the pro's profile: price and balance", async () => {
      const { page } = session;
      await visit(page, '/profile', heading('Profile', 1));
      await page.getByTestId('price-card').waitFor();
      await page.getByTestId('earnings-card').waitFor();
      await check(page, 'pro-profile');
      await checkFocus(page, 'pro-profile', 80);
    });
  });

  describe('the admin', () => {
    const session = e2e.signedInForAll(() => admin, '/admin/users');

    it('users with the applications, the impersonation banner, and settings with the audit', async () => {
      const { page } = session;
      await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
      await page.getByTestId('application').first().waitFor();
      await page.getByTestId('admin-user').first().waitFor();
      await check(page, 'admin-users');
      await checkFocus(page, 'admin-users');

      // An application's decline form, and a pro's price and balance editors.
      const application = page.locator(`[data-testid="application"][data-user-email="${applicantEmail}"]`);
      for (
        let pages = 0;
        pages < 50 && (await application.count()) === 0 && (await page.getByTestId('applications-more').isVisible());
        pages++
      ) {
        await page.getByTestId('applications-more').click();
        await page.waitForFunction(() => !document.querySelector('[data-testid="applications-more"][aria-busy="true"]'));
      }
      await application.getByRole('button', { name: 'Decline' }).click();
      await application.getByTestId('decline-form').waitFor();
      await check(page, 'admin-application-decline');
      await application.getByTestId('decline-form').getByRole('button', { name: 'Cancel' }).click();
      await page.getByLabel('Search users').fill(reviewer.email);
      const pro = adminUserRow(page, reviewer.email);
      await pro.waitFor();
      await pro.getByRole('button', { name: 'Edit Price' }).click();
      await pro.getByTestId('price-editor').waitFor();
      await check(page, 'admin-price-editor');
      await pro.getByRole('button', { name: 'Cancel' }).click();
      await pro.getByRole('button', { name: 'Edit Balance' }).click();
      await pro.getByRole('button', { name: 'Save' }).click();
      await pro.getByText('Reason is required').waitFor();
      await check(page, 'admin-balance-editor');
      await pro.getByRole('button', { name: 'Cancel' }).click();
      await pro.getByTestId('balance-editor').waitFor({ state: 'detached' });

      await page.getByLabel('Search users').fill(musician.email);
      const user = adminUserRow(page, musician.email);
      await user.waitFor();
      await expectEmailUnbroken(user.getByTestId('admin-user-email'), musician.email);
      await user.getByRole('button', { name: 'Impersonate' }).click();
      await waitForPath(page, '/dashboard', 20_000);
      await page.getByRole('heading', { name: 'Musician Experience' }).waitFor();
      await page.getByTestId('track-row').first().waitFor();
      const banner = page.getByTestId('impersonation-banner');
      await expectEmailUnbroken(banner.getByTestId('impersonation-email'), musician.email);
      await check(page, 'impersonation-banner');
      await banner.getByRole('button', { name: 'Stop Impersonating' }).click();
      await waitForPath(page, '/admin/users', 20_000);

      await visit(page, '/admin/settings', heading('Admin Settings', 1));
      await page.getByTestId('audit-entry').first().waitFor();
      await check(page, 'admin-settings');
      await checkFocus(page, 'admin-settings');
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await page.getByLabel('Margin (%)').fill('150');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('alert').waitFor();
      await check(page, 'admin-margin-editor');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByTestId('margin-value').waitFor();
      // An audit line's address, at the phone's width where it has to wrap.
      const target = page.getByTestId('audit-target').first();
      await page.setViewportSize(PHONE);
      await expectEmailUnbroken(target, (await target.textContent())!.trim());
      await page.setViewportSize(DESKTOP);
    });
  });
});

describe('crawlers', () => {
  it('get a robots.txt, not the app, at /robots.txt', async () => {
    const res = await fetch(`${stack.appUrl}/robots.txt`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).not.toContain('<html');
  });
});
