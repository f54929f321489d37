import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callRoute, createConfirmedUser, signIn } from '../support/stack-kit.js';
import { PHONE, screenshot } from '../support/browser.js';
import { testAdmin } from '../support/flows.js';
import { browserTests } from './fixtures.js';
import { chooseType, textOf, waitForPath } from './helpers.js';

const e2e = browserTests();
const { stack } = e2e;

async function press(page: Page, label: string, key: string, times = 1) {
  const slider = page.getByRole('slider', { name: label, exact: true });
  await slider.focus();
  for (let i = 0; i < times; i++) await slider.press(key);
}

describe('pro onboarding', () => {
  it('completes the pro profile with genres, a cost range and experience, using the keyboard', async () => {
    const user = await createConfirmedUser(stack, { fullName: 'Petra Pro', prefix: 'pro' });
    const page = await e2e.signedIn(user, '/onboarding/type');
    await chooseType(page, 'pro');

    // Defaults: $50 - $150 and 1 year.
    expect(await textOf(page, 'cost-range-value')).toBe('$50 - $150');
    expect(await textOf(page, 'experience-value')).toBe('1 year');
    const min = page.getByRole('slider', { name: 'Minimum cost' });
    const max = page.getByRole('slider', { name: 'Maximum cost' });
    expect([await min.getAttribute('min'), await min.getAttribute('max'), await min.inputValue()]).toEqual(['0', '200', '50']);
    expect([await max.getAttribute('min'), await max.getAttribute('max'), await max.inputValue()]).toEqual(['0', '200', '150']);
    const exp = page.getByRole('slider', { name: 'Years of Experience' });
    expect([await exp.getAttribute('min'), await exp.getAttribute('max'), await exp.inputValue()]).toEqual(['1', '30', '1']);

    const button = page.getByTestId('pro-complete');
    expect(await button.textContent()).toBe('Select at least one genre');
    expect(await button.isDisabled()).toBe(true);

    await page.getByTestId('genre-group-hip-hop-rap').click();
    await page.getByTestId('genre-chip-boom-bap').click();
    await page.getByTestId('genre-group-r-and-b-soul').click();
    await page.getByTestId('genre-chip-neo-soul').click();
    expect(await textOf(page, 'genres-selected')).toBe('2 genre(s) selected');
    expect(await button.textContent()).toBe('Complete Profile');

    await press(page, 'Minimum cost', 'ArrowRight', 5);
    await press(page, 'Maximum cost', 'End');
    expect(await textOf(page, 'cost-range-value')).toBe('$55 - $200');
    // The handles cannot cross: pushing the maximum below the minimum stops at the minimum.
    await press(page, 'Maximum cost', 'Home');
    expect(await textOf(page, 'cost-range-value')).toBe('$55 - $55');
    await press(page, 'Maximum cost', 'PageUp');
    const afterPageUp = await max.inputValue();
    expect(Number(afterPageUp)).toBeGreaterThan(55);
    await press(page, 'Years of Experience', 'ArrowRight', 7);
    expect(await textOf(page, 'experience-value')).toBe('8 years');
    await screenshot(page, 'onboarding-pro-filled');

    await button.click();
    // The form is the application: the user stays a musician until an admin approves it.
    await waitForPath(page, '/dashboard');
    await page.getByTestId('pro-application-pending').waitFor();
    await page.getByRole('heading', { name: 'Musician Experience' }).waitFor();
    const token = await signIn(stack, user.email, user.password);
    const me = await callRoute(stack.apiUrl, 'getMe', {}, token);
    expect(me.body).toMatchObject({
      type: 'musician',
      proApplication: 'pending',
      genres: ['Boom Bap', 'Neo-Soul'],
      costRange: { min: 55, max: Number(afterPageUp) },
      experience: 8,
    });

    const approved = await callRoute(
      stack.apiUrl,
      'decideApplication',
      { id: me.body.id, decision: 'approve' },
      (await testAdmin(stack)).idToken,
    );
    expect(approved.status).toBe(200);
    await page.reload();
    await page.getByRole('heading', { name: 'Pro Experience' }).waitFor();
    await page.getByRole('heading', { name: 'AI Feedback Assistant' }).waitFor();
    for (const card of ['Smart Suggestions', 'Feedback Templates', 'Technical Analysis']) {
      expect(await page.getByRole('heading', { name: card }).isVisible()).toBe(true);
    }
    // Nothing is 'Coming Soon' any more; Technical Analysis is real: a new pro has no track to rate yet.
    expect(await page.getByText('Coming Soon').count()).toBe(0);
    await page
      .getByTestId('technical-analysis')
      .getByText('No track to rate has a report yet: each new request brings its figures.')
      .waitFor();
  });

  it('works on a phone', async () => {
    const page = await e2e.newcomer('Pablo Phone', 'prophone', PHONE);
    await chooseType(page, 'pro');
    await page.getByTestId('genre-group-latin').click();
    await page.getByTestId('genre-chip-salsa').click();
    // Drag the minimum handle to the far left with the pointer.
    await page.getByTestId('cost-range').scrollIntoViewIfNeeded();
    const box = (await page.getByTestId('cost-range').boundingBox())!;
    const startX = box.x + 11 + ((box.width - 22) * 50) / 200;
    await page.mouse.move(startX, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    expect(await textOf(page, 'cost-range-value')).toBe('$0 - $150');
    await page.getByTestId('pro-complete').click();
    await waitForPath(page, '/dashboard');
    await page.getByTestId('pro-application-pending').waitFor();
    expect(await page.getByTestId('bottom-bar').isVisible()).toBe(true);
  });
});
