/**
 * Profile photo and cover in the browser: a musician changes both on /profile (the picture resized in the
 * page, sent to the local S3, kept by the API) and sees them, still there after a reload; a file that is
 * not an image is refused with the spec's message; the controls appear on hover and keyboard focus on a
 * desktop and are always shown on a phone.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../support/api.js';
import { DESKTOP, PHONE, screenshot, type Viewport } from '../support/browser.js';
import { encodePng } from '../../scripts/seed/demo-images.js';
import { browserTests, onboardedMusician, scratchFiles } from './fixtures.js';
import type { Account } from './helpers.js';

const e2e = browserTests();
const { stack } = e2e;
const files = scratchFiles('snip-profile-images-');
let portrait: string;
let landscape: string;
let notes: string;

/** The account's /profile, in a page closed when the test finishes. */
async function openProfile(who: Account, viewport: Viewport = DESKTOP): Promise<Page> {
  const page = await e2e.signedIn(who, '/dashboard', viewport);
  await page.goto(`${stack.appUrl}/profile`);
  await page.getByTestId('profile-header').waitFor();
  return page;
}

const opacity = (l: Locator) => l.evaluate((el) => getComputedStyle(el).opacity);
/** The loaded picture's own size (0x0 while it has not loaded). */
const natural = (img: Locator) => img.evaluate((el: HTMLImageElement) => (el.complete ? [el.naturalWidth, el.naturalHeight] : [0, 0]));

async function choose(page: Page, button: Locator, file: string) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
  await chooser.setFiles(file);
}

beforeAll(async () => {
  // A portrait picture (cropped to a square for the photo) and a 4:3 landscape (cropped to 3:1 for the cover).
  portrait = files.write(
    'portrait.png',
    encodePng(600, 800, (x, y) => [40 + (x * 180) / 600, 60, 120 + (y * 120) / 800]),
  );
  landscape = files.write(
    'landscape.png',
    encodePng(1200, 900, (x, y) => [200 - (x * 150) / 1200, 80 + (y * 150) / 900, 180]),
  );
  notes = files.write('notes.txt', Buffer.from('Not a picture at all.\n'));
});

describe('profile photo and cover', () => {
  it('a musician changes the photo and the cover and sees them, still there after a reload', async () => {
    const u = await onboardedMusician('Piper Pictures', 'profile-img');
    const page = await openProfile(u);
    const header = page.getByTestId('profile-header');
    const cover = page.getByTestId('profile-cover');
    const photoImg = page.getByTestId('profile-photo').locator('img');
    expect((await cover.boundingBox())!.height).toBe(300);
    expect(await page.getByTestId('profile-role').textContent()).toBe('Musician');
    expect(await page.getByTestId('profile-name').textContent()).toBe('Piper Pictures');
    expect(await photoImg.getAttribute('src')).toBe('/default-profile.svg');
    expect(await page.getByTestId('profile-cover-image').count()).toBe(0);
    await screenshot(page, 'profile-header-empty');

    // Hidden until the pointer is over the photo.
    const changePhoto = page.getByRole('button', { name: 'Change Photo' });
    expect(await opacity(changePhoto)).toBe('0');
    await page.getByTestId('profile-photo').hover();
    await expect.poll(() => opacity(changePhoto)).toBe('1');
    await choose(page, changePhoto, portrait);
    await expect
      .poll(() => photoImg.getAttribute('src'), { timeout: 20_000 })
      .toMatch(/^\/images\/profile_images\/[^/]+\/\d+\.(webp|jpg)$/);
    await expect.poll(() => natural(photoImg), { timeout: 20_000 }).toEqual([256, 256]);

    // The cover's upload is slowed down, so its busy state can be seen.
    const toImagesBucket = (url: URL) => url.pathname.replace(/\/$/, '') === '/snip-images';
    await page.route(toImagesBucket, async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    const changeCover = page.getByRole('button', { name: 'Change Cover' });
    await cover.hover();
    await choose(page, changeCover, landscape);
    const busy = header.getByRole('button', { name: 'Uploading...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Change Photo' }).isDisabled()).toBe(true);
    const coverImg = page.getByTestId('profile-cover-image');
    await expect
      .poll(() => coverImg.getAttribute('src').catch(() => null), { timeout: 20_000 })
      .toMatch(/^\/images\/cover_images\/[^/]+\/\d+\.(webp|jpg)$/);
    // A 4:3 picture is cropped to 3:1 at its own width, and fills the 300 px area.
    await expect.poll(() => natural(coverImg), { timeout: 20_000 }).toEqual([1200, 400]);
    expect(await coverImg.evaluate((el) => getComputedStyle(el).objectFit)).toBe('cover');
    expect((await coverImg.boundingBox())!.height).toBe(300);
    await page.unroute(toImagesBucket);
    expect(await page.getByTestId('profile-image-error').count()).toBe(0);
    await page.mouse.move(0, 0);
    await screenshot(page, 'profile-header-pictures');

    // What the page shows is what the account has.
    const me = (await callRoute(stack.apiUrl, 'getMe', {}, u.idToken)).body;
    expect(await photoImg.getAttribute('src')).toBe(me.profileImage);
    expect(await coverImg.getAttribute('src')).toBe(me.coverImage);
    await page.reload();
    await expect.poll(() => natural(page.getByTestId('profile-cover-image')), { timeout: 20_000 }).toEqual([1200, 400]);
    await expect.poll(() => natural(page.getByTestId('profile-photo').locator('img')), { timeout: 20_000 }).toEqual([256, 256]);

    // The keyboard reaches the controls, and shows them.
    await page.getByTestId('profile-billing-link').focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Change Cover');
    await expect.poll(() => opacity(page.getByRole('button', { name: 'Change Cover' }))).toBe('1');
  });

  it('refuses a file that is not an image with the spec message, and keeps the picture', async () => {
    const u = await onboardedMusician('Nora Notes', 'profile-img');
    const page = await openProfile(u);
    await page.getByTestId('profile-photo-input').setInputFiles(notes);
    const error = page.getByTestId('profile-image-error');
    await error.waitFor();
    expect((await error.textContent())?.trim()).toBe('Please upload an image file');
    expect(await page.getByTestId('profile-photo').locator('img').getAttribute('src')).toBe('/default-profile.svg');
    expect((await callRoute(stack.apiUrl, 'getMe', {}, u.idToken)).body.profileImage).toBeNull();
    await screenshot(page, 'profile-header-not-an-image');
    // A picture afterwards clears the message.
    await page.getByTestId('profile-photo-input').setInputFiles(portrait);
    await expect
      .poll(() => page.getByTestId('profile-photo').locator('img').getAttribute('src'), { timeout: 20_000 })
      .toMatch(/^\/images\//);
    expect(await error.count()).toBe(0);
  });

  it('shows the controls without hover on a phone, and a demo pro their seeded pictures', async () => {
    const page = await openProfile('pro@demo.test', PHONE);
    expect(await page.getByTestId('profile-role').textContent()).toBe('Pro');
    await expect.poll(() => natural(page.getByTestId('profile-cover-image')), { timeout: 20_000 }).not.toEqual([0, 0]);
    expect(await opacity(page.getByRole('button', { name: 'Change Photo' }))).toBe('1');
    expect(await opacity(page.getByRole('button', { name: 'Change Cover' }))).toBe('1');
    const box = (await page.getByTestId('profile-cover').boundingBox())!;
    expect(box.height).toBe(300);
    expect(box.width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'profile-header-pro');
  });
});
