/**
 * Choose Your Pro shows the pros a page at a time ('Load more pros' adds the next page below), filtered by
 * genre, price and tier and sorted on the server, each card with the pro's reputation and tier.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PROS_PAGE_SIZE } from '../../functions/people/directory.js';
import { callRoute, createConfirmedUser, type TestUser } from '../support/stack-kit.js';
import { DESKTOP, PHONE, screenshot } from '../support/browser.js';
import { allPros, onboard, onboardedUser, ratedReview } from '../support/flows.js';
import { browserTests } from './fixtures.js';
import { expectAccessible, proCardNamed } from './helpers.js';

const e2e = browserTests();
const { stack } = e2e;
let musician: TestUser;
const RATED = `Rena Rated ${Math.floor(1000 + Math.random() * 9000)}`;

beforeAll(async () => {
  musician = await createConfirmedUser(stack, { prefix: 'pages', fullName: 'Paige Pages' });
  await onboard(stack, musician, 'musician');
  // More pros than one page holds, whatever the other tests have made.
  const missing = PROS_PAGE_SIZE + 2 - (await allPros(stack, musician.idToken)).length;
  for (let i = 0; i < missing; i++) {
    const pro = await createConfirmedUser(stack, { prefix: 'pages-pro', fullName: `Paging Pro ${i}` });
    await onboard(stack, pro, 'pro');
  }
  // A techno pro at $15, rated 5, 5 and 4 by three musicians.
  const rated = await onboardedUser(stack, 'pro', { fullName: RATED, prefix: 'rated' });
  await callRoute(stack.apiUrl, 'saveGenres', { genres: ['Techno'] }, rated.user.idToken);
  // Rated while free (a priced pro's requests are paid for), then priced.
  for (const rating of [5, 5, 4]) await ratedReview(stack, rated.user, rated.id, rating);
  await callRoute(stack.apiUrl, 'setOwnPrice', { price: 15 }, rated.user.idToken);
}, 180_000);

describe('Choose Your Pro', () => {
  it("shows one page of pros, then the next below it with 'Load more pros'", async () => {
    const page = await e2e.signedIn(musician, '/dashboard');
    await page.goto(`${stack.appUrl}/choose-pro`);
    const cards = page.getByTestId('pro-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(PROS_PAGE_SIZE);
    const firstIds = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-user-id')));
    // From the keyboard, with the next page's answer held back: the button says it is loading, takes no second
    // press, and keeps the focus (a disabled one would drop it to the page's start).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    await page.route(/\/users\/pros\?.*cursor=/, async (route) => {
      asked++;
      await held;
      await route.continue();
    });
    try {
      await page.getByRole('button', { name: 'Load more pros' }).focus();
      await page.keyboard.press('Enter');
      const loading = page.getByRole('button', { name: 'Loading...' });
      await loading.waitFor();
      expect(await loading.getAttribute('aria-disabled')).toBe('true');
      expect(await loading.isDisabled()).toBe(true);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Space');
      expect(await loading.evaluate((el) => el === document.activeElement)).toBe(true);
    } finally {
      release();
    }
    await expect.poll(() => cards.count()).toBeGreaterThan(PROS_PAGE_SIZE);
    await page.unroute(/\/users\/pros\?.*cursor=/);
    expect(asked).toBe(1);
    // Still where the keyboard left it, if there is a page more to ask for.
    const after = page.getByRole('button', { name: 'Load more pros' });
    if (await after.isVisible()) expect(await after.evaluate((el) => el === document.activeElement)).toBe(true);
    const ids = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-user-id')));
    // The first page stays in place; the next one follows it, with no pro twice.
    expect(ids.slice(0, PROS_PAGE_SIZE)).toEqual(firstIds);
    expect(new Set(ids).size).toBe(ids.length);
    const more = page.getByRole('button', { name: 'Load more pros' });
    while (await more.isVisible()) {
      const shown = await cards.count();
      await more.click();
      // More pros, or none left to show: other files' reviews move pros in the order while it is read, so
      // the last page may hold only pros already shown.
      await expect.poll(async () => (await cards.count()) > shown || !(await more.isVisible())).toBe(true);
    }
    // The last page reached, every pro shown once (other tests may be adding pros meanwhile).
    const all = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-user-id')));
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBeGreaterThan(PROS_PAGE_SIZE);
  });
});

describe('Choose Your Pro, filtered and sorted', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`finds the rated techno pro under $15 in Choose Your Pro, best rated first, with the reputation on the card (${viewport.width} px)`, async () => {
      const page = await e2e.signedIn(musician, '/dashboard', viewport);
      await page.goto(`${stack.appUrl}/choose-pro`);
      await page.getByTestId('pro-card').first().waitFor();
      const filters = page.getByTestId('pro-filters');
      await filters.getByLabel('Genre').selectOption('Electronic / Dance');
      await filters.getByRole('button', { name: 'Up to $15' }).click();
      await filters.getByLabel('Sort by').selectOption('rating');
      const lastFilter = page.waitForResponse(
        (r) => r.url().includes('/users/pros') && new URL(r.url()).searchParams.get('tier') === 'choose-pro',
      );
      await filters.getByLabel('Tier').selectOption('choose-pro');
      await lastFilter;
      const card = proCardNamed(page, RATED);
      await card.waitFor({ timeout: 15_000 });
      // Chosen by name at $15, she is in Choose Your Pro: Snip Pro is the tier where Snip finds the reviewer.
      expect(await card.getByTestId('pro-tier').textContent()).toBe('Choose Your Pro');
      expect(await card.getByTestId('reputation-rating').textContent()).toBe('4.7 from 3 ratings');
      expect(await card.getByTestId('reputation').textContent()).toContain('On time 100%');
      // Every pro shown is within the range, and the rated come first, once the list shows the last filter's
      // answer (her card may show while an earlier filter's list is still up).
      const filtered = async () => {
        const prices = await page
          .getByTestId('pro-card')
          .evaluateAll((els) => els.map((e) => e.querySelector('[data-testid="pro-price"]')?.textContent ?? 'Free'));
        const ratings = await page.getByTestId('reputation-rating').allTextContents();
        const firstNew = ratings.indexOf('New');
        return {
          inRange: prices.every((p) => p === 'Free' || Number(/\$(\d+)/.exec(p)![1]) <= 15),
          ratedFirst: firstNew === -1 || ratings.slice(firstNew).every((r) => r === 'New'),
        };
      };
      await expect.poll(filtered, { timeout: 15_000 }).toEqual({ inRange: true, ratedFirst: true });
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `choose-pro-filtered-${viewport.width}`);
      await expectAccessible(page, `Choose Your Pro filtered (${viewport.width} px)`);

      // Not vetted, she is not World-Class.
      await filters.getByLabel('Tier').selectOption('world-class');
      await card.waitFor({ state: 'detached' });
      await filters.getByLabel('Tier').selectOption('any');

      // A filter nothing matches says so.
      await filters.getByRole('button', { name: 'Free' }).click();
      await filters.getByLabel('Genre').selectOption('Classical');
      await page.getByTestId('pros-empty').or(page.getByTestId('pro-card').first()).first().waitFor();
    });
  }
});
