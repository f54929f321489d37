/**
 * The Profile page in the browser. A pro made for this test fills the profile (bio, availability, response
 * time, key credits, featured tracks), the social links and the genres through their dialogs and a price
 * from the tiers; a musician then sees all of it on that pro's Choose Your Pro card and its 'More about'
 * panel. Save stays disabled until something changes, a required field and a taken username are refused
 * under their fields, and a musician applies to become a pro and sees the application pending. Each
 * screen is also looked at on a phone (390 px), where nothing may be wider than the screen.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, screenshot } from '../support/browser.js';
import { callRoute, createConfirmedUser, type TestUser } from '../support/stack-kit.js';
import { onboard } from '../support/flows.js';
import { browserTests } from './fixtures.js';
import { expectFitsWidth, inSecondWindow, showProCard } from './helpers.js';

const e2e = browserTests();
const { stack } = e2e;
const suffix = Math.floor(1000 + Math.random() * 9000);

const PROFILE = {
  bio: `Mix engineer for left-field pop. I listen for the feeling first, then the low end. (${suffix})`,
  location: 'Lisbon, Portugal',
  availability: '4-7 sessions/week',
  responseTime: 'Within 3 days',
  mentorshipStyle: 'creative',
  keyCredits: 'Mixed "Glass Harbour" (Night Tide Records), 2 x Top 40',
  featuredTrack: `https://soundcloud.com/proftest${suffix}/first-light, https://music.example.com/second-wind`,
};

let pro: TestUser;
let proId: string;
let musician: TestUser;
let musicianUsername: string;

beforeAll(async () => {
  pro = await createConfirmedUser(stack, { fullName: `Profile Pro ${suffix}`, prefix: 'profile-pro' });
  proId = await onboard(stack, pro, 'pro');
  musician = await createConfirmedUser(stack, { fullName: `Profile Musician ${suffix}`, prefix: 'profile-mus' });
  await onboard(stack, musician, 'musician');
  musicianUsername = (await callRoute(stack.apiUrl, 'getMe', {}, musician.idToken)).body.username;
});

async function openProfile(page: Page) {
  await page.goto(`${stack.appUrl}/profile`);
  await page.getByRole('heading', { level: 1, name: 'Profile', exact: true }).waitFor();
  await page.getByTestId('profile-form-panel').waitFor();
}

/** /profile at phone width in a second window with the same session: once `readyTestId` shows, it must fit the screen; then `steps`. */
const profileOnPhone = (page: Page, readyTestId: string, steps: (p: Page) => Promise<void>) =>
  inSecondWindow(page, PHONE, '/profile', (p) => p.getByTestId(readyTestId).waitFor(), steps);

/** Saves the profile form, which reloads the page when it succeeds. */
async function saveAndReload(page: Page) {
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await reloaded;
  await page.getByTestId('profile-form-panel').waitFor();
}

const form = (page: Page) => page.getByTestId('profile-form-panel');

describe('a pro fills the profile', () => {
  const session = e2e.signedInForAll(() => pro, '/dashboard');

  it('keeps Save disabled until a field changes, and refuses an empty name and a taken username', async () => {
    const { page } = session;
    await openProfile(page);
    expect(await page.getByTestId('profile-header').getByTestId('profile-name').textContent()).toBe(`Profile Pro ${suffix}`);
    expect(await page.getByTestId('profile-role').textContent()).toBe('Pro');
    const save = form(page).getByRole('button', { name: 'Save', exact: true });
    expect(await save.isDisabled()).toBe(true);

    // Typing the same value back is no change.
    const name = form(page).getByLabel('Name', { exact: true });
    await name.fill(`Profile Pro ${suffix} `);
    expect(await save.isDisabled()).toBe(true);
    await name.fill('');
    expect(await save.isDisabled()).toBe(false);
    await save.click();
    expect(await page.getByTestId('fullName-error').textContent()).toBe('This field is required');
    await name.fill(`Profile Pro ${suffix}`);
    expect(await page.getByTestId('fullName-error').count()).toBe(0);
    expect(await save.isDisabled()).toBe(true);

    const username = form(page).getByLabel('Username', { exact: true });
    const own = await username.inputValue();
    await username.fill(musicianUsername);
    await save.click();
    // The answer shows under the field, or (for any other failure) as the banner: whichever comes, it must be the former.
    const answer = page.locator('[data-testid="username-error"], [data-testid="profile-save-error"]').first();
    await answer.waitFor();
    expect(await answer.textContent()).toBe('Username already exists. Please choose a different one.');
    expect(await username.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'profile-username-taken');
    await username.fill(own);
    expect(await save.isDisabled()).toBe(true);
  });

  it('saves the profile fields, then the page reloads with them', async () => {
    const { page } = session;
    await openProfile(page);
    const f = form(page);
    await f.getByLabel('Bio', { exact: true }).fill(`  ${PROFILE.bio}  `);
    await f.getByLabel('Location', { exact: true }).fill(PROFILE.location);
    await f.getByLabel('Availability', { exact: true }).selectOption(PROFILE.availability);
    await f.getByLabel('Response Time', { exact: true }).selectOption(PROFILE.responseTime);
    await f.getByLabel('Mentorship Style', { exact: true }).selectOption({ label: 'Creative' });
    await f.getByLabel('Key Credits / Notable Work', { exact: true }).fill(PROFILE.keyCredits);
    await f.getByLabel('Featured Track links', { exact: true }).fill(PROFILE.featuredTrack);
    await f.getByLabel('Testimonials', { exact: true }).fill('"Made my mix breathe." - a happy artist');
    await f.getByLabel('Event Participation', { exact: true }).fill('Panel at Lisbon Sound Week');
    expect(await f.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(false);
    await saveAndReload(page);

    // Trimmed and kept.
    expect(await f.getByLabel('Bio', { exact: true }).inputValue()).toBe(PROFILE.bio);
    expect(await f.getByLabel('Availability', { exact: true }).inputValue()).toBe(PROFILE.availability);
    expect(await f.getByLabel('Response Time', { exact: true }).inputValue()).toBe(PROFILE.responseTime);
    expect(await f.getByLabel('Mentorship Style', { exact: true }).inputValue()).toBe(PROFILE.mentorshipStyle);
    expect(await f.getByLabel('Key Credits / Notable Work', { exact: true }).inputValue()).toBe(PROFILE.keyCredits);
    expect(await f.getByLabel('Featured Track links', { exact: true }).inputValue()).toBe(PROFILE.featuredTrack);
    expect(await f.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
  });

  it('saves the social links through the dialog: handles get their prefix, each saved one has a preview link', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Edit links' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit links' });
    await dialog.waitFor();
    // Focus moved into the dialog.
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    expect(await dialog.getByLabel('Website', { exact: true }).getAttribute('placeholder')).toBe('your website URL');
    expect(await dialog.getByTestId('social-input-instagram').evaluate((el) => el.parentElement!.textContent)).toContain('instagram.com/');
    await dialog.getByLabel('Website', { exact: true }).fill(`proftest${suffix}.example.com`);
    await dialog.getByLabel('Instagram', { exact: true }).fill(`proftest${suffix}`);
    await dialog.getByLabel('YouTube', { exact: true }).fill(`@proftest${suffix}`);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    const links = page.getByTestId('profile-links');
    expect(await links.getByTestId('profile-link-website').getAttribute('href')).toBe(`https://proftest${suffix}.example.com`);
    expect(await links.getByTestId('profile-link-instagram').getAttribute('href')).toBe(`https://instagram.com/proftest${suffix}`);
    expect(await links.getByTestId('profile-link-youtube').getAttribute('href')).toBe(`https://youtube.com/@proftest${suffix}`);

    // Opened again: the handles without their prefix, and a preview of each saved address.
    await page.getByRole('button', { name: 'Edit links' }).click();
    await dialog.waitFor();
    expect(await dialog.getByLabel('Instagram', { exact: true }).inputValue()).toBe(`proftest${suffix}`);
    expect(await dialog.getByLabel('YouTube', { exact: true }).inputValue()).toBe(`proftest${suffix}`);
    const preview = dialog.getByRole('link', { name: 'Open your saved Instagram link in a new tab' });
    expect(await preview.getAttribute('href')).toBe(`https://instagram.com/proftest${suffix}`);
    expect(await preview.getAttribute('target')).toBe('_blank');
    expect(await preview.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await dialog.getByTestId('social-preview-twitter').count()).toBe(0);
    await dialog.getByLabel('Twitter', { exact: true }).fill('not a handle');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByTestId('social-error-twitter').waitFor();
    await screenshot(page, 'profile-social-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Nothing of the cancelled edit was kept; focus went back to the button that opened the dialog.
    expect(await page.getByTestId('profile-link-twitter').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Edit links');
  });

  it('saves the genres through the dialog: none is refused, the summary shows three and +N', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Edit genres' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit genres' });
    await dialog.waitFor();
    const chips = dialog.getByRole('group', { name: 'Genres' });
    expect(await chips.getByRole('button', { name: 'House' }).getAttribute('aria-pressed')).toBe('true');
    expect(await dialog.getByTestId('genres-selected').textContent()).toBe('1 genre(s) selected');
    await chips.getByRole('button', { name: 'House' }).click();
    expect(await dialog.getByTestId('genres-selected').textContent()).toBe('0 genre(s) selected');
    const save = dialog.getByTestId('genres-save');
    expect(await save.textContent()).toBe('Please select at least one genre');
    expect(await save.isDisabled()).toBe(true);
    for (const g of ['Jazz', 'Soul', 'Blues', 'Hip Hop']) await chips.getByRole('button', { name: g, exact: true }).click();
    expect(await dialog.getByTestId('genres-selected').textContent()).toBe('4 genre(s) selected');
    await screenshot(page, 'profile-genres-dialog');
    await save.click();
    await dialog.waitFor({ state: 'detached' });
    const summary = page.getByTestId('profile-genres');
    expect(await summary.locator('li').allTextContents()).toEqual(['Jazz', 'Soul', 'Blues', '+1and 1 more']);
  });

  it('sets a price from the tiers, the current one selected', async () => {
    const { page } = session;
    const card = page.getByTestId('price-card');
    await card.getByRole('heading', { name: 'Your price' }).waitFor();
    const group = card.getByRole('group', { name: 'Price per feedback' });
    expect(await group.getByRole('radio').count()).toBe(4);
    expect(await card.getByTestId('price-tier-0').isChecked()).toBe(true);
    expect(await card.getByRole('button', { name: 'Save price' }).isDisabled()).toBe(true);
    expect(await card.textContent()).toContain('A new price applies to requests made after you save it');
    await card.getByTestId('price-tier-30').check();
    await card.getByRole('button', { name: 'Save price' }).click();
    await card.getByTestId('price-saved').waitFor();
    expect(await card.getByTestId('price-current').textContent()).toBe('Musicians pay $30 per feedback.');

    // Still so after a reload; the balance card and the way to Billing & Plan are on the page.
    await openProfile(page);
    expect(await page.getByTestId('price-tier-30').isChecked()).toBe(true);
    await page.getByTestId('earnings-card').getByText('Earnings from feedback provided').waitFor();
    expect(await page.getByRole('link', { name: 'Billing & Plan' }).getAttribute('href')).toBe('/settings');
    const headings = await page.locator('h1, h2').evaluateAll((hs) => hs.map((h) => h.tagName));
    expect(headings[0]).toBe('H1');
    expect(headings.filter((h) => h === 'H1')).toHaveLength(1);
    await screenshot(page, 'profile-pro');
  });

  it('fits a phone (390 px): the page, and the genre and link dialogs', async () => {
    const { page } = session;
    await profileOnPhone(page, 'profile-form-panel', async (p) => {
      await p.getByTestId('price-card').waitFor();
      await screenshot(p, 'profile-pro');
      await p.getByRole('button', { name: 'Edit links' }).click();
      const links = p.getByRole('dialog', { name: 'Edit links' });
      await links.waitFor();
      const box = (await links.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      await screenshot(p, 'profile-social-dialog');
      await links.getByRole('button', { name: 'Cancel' }).click();
      await p.getByRole('button', { name: 'Edit genres' }).click();
      await p.getByRole('dialog', { name: 'Edit genres' }).waitFor();
      await screenshot(p, 'profile-genres-dialog');
      await p.keyboard.press('Escape');
      await p.getByRole('dialog', { name: 'Edit genres' }).waitFor({ state: 'detached' });
    });
  });
});

describe("a musician sees the pro's profile on Choose Your Pro", () => {
  const cardOf = (page: Page): Locator => page.locator(`[data-testid="pro-card"][data-user-id="${proId}"]`);

  async function checkCard(page: Page) {
    const card = await showProCard(page, cardOf(page));
    expect(await card.getByTestId('pro-name').textContent()).toBe(`Profile Pro ${suffix}`);
    expect(await card.getByTestId('pro-bio').textContent()).toBe(PROFILE.bio);
    expect(await card.getByTestId('pro-price').textContent()).toBe('$30 per feedback');
    expect(await card.locator('img').first().getAttribute('src')).toBe('/default-profile.svg');
    await card.getByRole('button', { name: `More about Profile Pro ${suffix}` }).click();
    const panel = card.getByRole('region', { name: `More about Profile Pro ${suffix}` });
    await panel.waitFor();
    const text = (await panel.textContent())!;
    expect(text).toContain(`Availability${PROFILE.availability}`);
    expect(text).toContain('GenresJazz, Soul, Blues, Hip Hop');
    expect(text).toContain(`Response Time${PROFILE.responseTime}`);
    expect(text).toContain(`Key Credits${PROFILE.keyCredits}`);
    expect(await panel.getByRole('link', { name: `soundcloud.com/proftest${suffix}/first-light` }).getAttribute('href')).toBe(
      `https://soundcloud.com/proftest${suffix}/first-light`,
    );
    expect(await panel.getByRole('link', { name: 'music.example.com/second-wind' }).getAttribute('href')).toBe(
      'https://music.example.com/second-wind',
    );
    expect(await panel.getByRole('link', { name: 'Instagram' }).getAttribute('href')).toBe(`https://instagram.com/proftest${suffix}`);
    expect(await panel.getByRole('link', { name: 'YouTube' }).getAttribute('href')).toBe(`https://youtube.com/@proftest${suffix}`);
    expect(await panel.getByRole('link', { name: 'Website' }).getAttribute('href')).toBe(`https://proftest${suffix}.example.com`);
    return card;
  }

  it('shows availability, genres, response time, key credits, featured tracks, links and the price', async () => {
    const page = await e2e.signedIn(musician, '/dashboard');
    await page.goto(`${stack.appUrl}/choose-pro`);
    await page.getByRole('heading', { name: 'Choose Your Pro', exact: true }).waitFor();
    const card = await checkCard(page);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'profile-choose-pro-card');
    await inSecondWindow(
      page,
      PHONE,
      '/choose-pro',
      (p) => showProCard(p, cardOf(p)),
      async (p) => {
        await checkCard(p);
        await cardOf(p).scrollIntoViewIfNeeded();
        await screenshot(p, 'profile-choose-pro-card');
      },
    );
  });
});

describe('a musician applies to become a pro', () => {
  it('sends the application from the profile and sees it pending', async () => {
    const applicant = await createConfirmedUser(stack, { fullName: `Profile Applicant ${suffix}`, prefix: 'profile-app' });
    await onboard(stack, applicant, 'musician');
    const page = await e2e.signedIn(applicant, '/dashboard');
    await openProfile(page);
    expect(await page.getByTestId('profile-role').textContent()).toBe('Musician');
    // Musicians have no price or balance, nor the fields of a pro's listing.
    expect(await page.getByTestId('price-card').count()).toBe(0);
    for (const label of ['Availability', 'Response Time', 'Mentorship Style'])
      expect(await page.getByTestId('profile-form-panel').getByLabel(label, { exact: true }).count()).toBe(0);
    expect(await page.getByTestId('earnings-card').count()).toBe(0);
    const card = page.getByTestId('application-card');
    await card.getByRole('heading', { name: 'Apply to become a pro' }).waitFor();
    await card.getByRole('button', { name: 'Apply to become a pro' }).click();
    const appForm = card.getByTestId('application-form');
    await appForm.waitFor();
    // Onboarding's genre is chosen already; the cost range starts at $50 - $150, experience at 1 year.
    expect(await appForm.getByTestId('genres-selected').textContent()).toBe('1 genre(s) selected');
    expect(await appForm.getByTestId('application-cost-value').textContent()).toBe('$50 - $150');
    expect(await appForm.getByTestId('application-experience-value').textContent()).toBe('1 year');
    await appForm.getByTestId('genre-group-pop').click();
    await appForm.getByTestId('genre-chip-indie-pop').click();
    await appForm.getByLabel('Years of Experience').fill('6');
    expect(await appForm.getByTestId('application-experience-value').textContent()).toBe('6 years');
    await appForm.getByLabel('Credits', { exact: true }).fill('Co-produced two EPs for local bands');
    await appForm.getByLabel('Featured track link', { exact: true }).fill('https://soundcloud.com/applicant/demo');
    await screenshot(page, 'profile-application-form');
    await profileOnPhone(page, 'application-card', async (p) => {
      await p.getByRole('button', { name: 'Apply to become a pro' }).click();
      await p.getByTestId('application-form').waitFor();
      await expectFitsWidth(p);
      await screenshot(p, 'profile-application-form');
    });
    await appForm.getByRole('button', { name: 'Send application' }).click();
    await card.getByTestId('application-pending').waitFor();
    expect(await card.getByTestId('application-pending').textContent()).toBe(
      'Your application is being reviewed. We will e-mail you when it is decided.',
    );

    await openProfile(page);
    await page.getByTestId('application-pending').waitFor();
    expect(await page.getByRole('button', { name: 'Apply to become a pro' }).count()).toBe(0);
    await screenshot(page, 'profile-application-pending');
    const sent = (await callRoute(stack.apiUrl, 'getMyApplication', {}, applicant.idToken)).body.application;
    expect(sent).toMatchObject({
      status: 'pending',
      experience: 6,
      costRange: { min: 50, max: 150 },
      credits: 'Co-produced two EPs for local bands',
    });
    expect(sent.genres).toEqual(expect.arrayContaining(['House', 'Indie Pop']));
  });
});
