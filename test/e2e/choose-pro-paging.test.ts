/** Choose Your Pro shows the pros a page at a time: 'Load more pros' adds the next page below. */
import { beforeAll, describe, expect, it } from 'vitest';
import { PROS_PAGE_SIZE } from '../../functions/domain/directory.js';
import { allPros, onboard } from '../support/flows.js';
import { createConfirmedUser, type TestUser } from '../support/users.js';
import { browserTests } from './fixtures.js';

const e2e = browserTests();
const { stack } = e2e;
let musician: TestUser;

beforeAll(async () => {
  musician = await createConfirmedUser(stack, { prefix: 'pages', fullName: 'Paige Pages' });
  await onboard(stack, musician, 'musician');
  // More pros than one page holds, whatever the other tests have made.
  const missing = PROS_PAGE_SIZE + 2 - (await allPros(stack, musician.idToken)).length;
  for (let i = 0; i < missing; i++) {
    const pro = await createConfirmedUser(stack, { prefix: 'pages-pro', fullName: `Paging Pro ${i}` });
    await onboard(stack, pro, 'pro');
  }
}, 120_000);

describe('Choose Your Pro', () => {
  it("shows one page of pros, then the next below it with 'Load more pros'", async () => {
    const page = await e2e.signedIn(musician, '/dashboard');
    await page.goto(`${stack.appUrl}/choose-pro`);
    const cards = page.getByTestId('pro-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(PROS_PAGE_SIZE);
    const firstIds = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-user-id')));
    await page.getByRole('button', { name: 'Load more pros' }).click();
    await expect.poll(() => cards.count()).toBeGreaterThan(PROS_PAGE_SIZE);
    const ids = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-user-id')));
    // The first page stays in place; the next one follows it, with no pro twice.
    expect(ids.slice(0, PROS_PAGE_SIZE)).toEqual(firstIds);
    expect(new Set(ids).size).toBe(ids.length);
    while (await page.getByRole('button', { name: 'Load more pros' }).isVisible()) {
      const shown = await cards.count();
      await page.getByRole('button', { name: 'Load more pros' }).click();
      await expect.poll(() => cards.count()).toBeGreaterThan(shown);
    }
    // The last page reached, every pro shown once (other tests may be adding pros meanwhile).
    const all = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-user-id')));
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBeGreaterThan(PROS_PAGE_SIZE);
  });
});
