// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlanView } from '../../../shared/schemas/billing';

const leaveFor = vi.hoisted(() => vi.fn());

vi.mock('../../../web/src/lib/api', () => import('./amplify-mock'));
vi.mock('../../../web/src/lib/realtime-provider', () => ({ useRealtime: () => {} }));
vi.mock('../../../web/src/lib/leave', () => ({ leaveFor }));
// The payments under the plans have their own tests (receipts-ui.test.tsx).
vi.mock('../../../web/src/features/billing/components/payments-panel', () => ({ PaymentsPanel: () => null }));
// Profile asks who is signed in (a pro sees their earnings there): a musician here.
vi.mock('../../../web/src/lib/auth', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useMe: () => ({ data: { type: 'musician' } }),
}));

import { SettingsRoute } from '../../../web/src/app/routes/settings';
import { CommentComposer } from '../../../web/src/features/feedback/components/comment-composer';
import { UploadTrackModal } from '../../../web/src/features/tracks/components/upload-track-modal';
import { billingSignature, type PlanList } from '../../../web/src/features/billing/utils/plans';
import { ApiError } from '../../../web/src/lib/api-client';
import { answerRoutes, apiMock } from './amplify-mock';
import { renderUi, Where } from './render';

/** The request a composer's AI Suggest asks for. */
const SHARE_ID = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

const plan = (id: string, name: string, amount: number, over: Partial<PlanView> = {}): PlanView => ({
  id,
  name,
  popular: false,
  price: { id: `price_${id}`, amount },
  features: [{ name: `${name} feature one` }, { name: `${name} feature two` }],
  limits: { maxTracks: null, suggestionsPerHour: null },
  ...over,
});

// Deliberately not in price order: the page sorts them.
const STUDIO = plan('studio', 'Studio', 1900);
const FREE = plan('free', 'Free', 0);
const PLUS = plan('plus', 'Plus', 900, { popular: true });

let list: PlanList;
const calls = (name: string) => apiMock.mock.calls.filter((c) => c[0] === name);

function listOf(over: Partial<PlanList> = {}): PlanList {
  return { plans: [STUDIO, FREE, PLUS], currentPlanId: 'free', subscription: null, canManage: false, ...over };
}

const renderAt = (url: string, ui: ReactElement = <SettingsRoute />) => renderUi(ui, { url, path: '*', extra: <Where /> });

/** Back from Stripe at `url`, having noted the plans before leaving; the clock runs by itself, and can be moved on. */
function backFromCheckout(url: string) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  sessionStorage.setItem('snip.billing.left', billingSignature(listOf()));
  renderAt(url);
}

const cards = () => screen.getAllByTestId('plan-card');
const card = (name: string) => cards().find((c) => within(c).getByTestId('plan-name').textContent === name)!;
const names = () => cards().map((c) => within(c).getByTestId('plan-name').textContent);
const upgrades = () => screen.queryAllByRole('button', { name: /^Upgrade/ }) as HTMLButtonElement[];

beforeEach(() => {
  list = listOf();
  sessionStorage.clear();
  leaveFor.mockReset();
  answerRoutes({
    listPlans: () => structuredClone(list),
    createCheckoutSession: () => ({ url: 'http://stripe.test/checkout/cs_1' }),
    createPortalSession: () => ({ url: 'http://stripe.test/portal/bps_1' }),
  });
});

describe('Billing & Plan', () => {
  it("shows 'Loading...', then the plan cards cheapest first with price per month, features and Most Popular", async () => {
    renderAt('/settings');
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Billing & Plan' })).toBeTruthy();
    expect(screen.getByTestId('loading').textContent).toBe('Loading...');
    await screen.findAllByTestId('plan-card');
    expect(names()).toEqual(['Free', 'Plus', 'Studio']);
    expect(cards().map((c) => within(c).getByTestId('plan-price').textContent)).toEqual(['$0.00/month', '$9.00/month', '$19.00/month']);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Free', 'Plus', 'Studio']);
    expect(
      within(card('Plus'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Plus feature one', 'Plus feature two']);
    expect(screen.getAllByTestId('plan-popular').map((b) => b.closest('[data-testid="plan-card"]')?.getAttribute('data-plan-id'))).toEqual([
      'plus',
    ]);
    expect(within(card('Plus')).getByTestId('plan-popular').textContent).toBe('Most Popular');
  });

  it("marks the stored plan 'Current Plan' and offers Upgrade only on dearer plans", async () => {
    list = listOf({
      currentPlanId: 'plus',
      canManage: true,
      subscription: { status: 'active', currentPeriodEnd: '2030-06-03T12:00:00.000Z', cancelAtPeriodEnd: false },
    });
    renderAt('/settings');
    await screen.findAllByTestId('plan-card');
    const current = within(card('Plus')).getByRole('button', { name: 'Current Plan' }) as HTMLButtonElement;
    expect(current.disabled).toBe(true);
    expect(screen.getAllByTestId('plan-current')).toHaveLength(1);
    expect(within(card('Free')).queryByRole('button')).toBeNull();
    expect(upgrades().map((b) => b.getAttribute('aria-label'))).toEqual(['Upgrade to Studio']);
    expect(within(card('Studio')).getByRole('button', { name: 'Upgrade to Studio' }).textContent).toBe('Upgrade');
  });

  it('takes the free plan as current when no plan is stored', async () => {
    list = listOf({ currentPlanId: null });
    renderAt('/settings');
    await screen.findAllByTestId('plan-card');
    expect(within(card('Free')).getByTestId('plan-current').textContent).toBe('Current Plan');
    expect(upgrades().map((b) => b.getAttribute('aria-label'))).toEqual(['Upgrade to Plus', 'Upgrade to Studio']);
  });

  it("Upgrade starts a checkout for the plan's price and leaves for it, 'Redirecting...' with every Upgrade disabled", async () => {
    let answer: (v: { url: string }) => void = () => {};
    apiMock.mockImplementation(async (name: string) => {
      if (name === 'listPlans') return structuredClone(list);
      if (name === 'createCheckoutSession') return new Promise((r) => (answer = r));
      throw new Error(name);
    });
    renderAt('/settings');
    await screen.findAllByTestId('plan-card');
    const plus = within(card('Plus')).getByRole('button', { name: 'Upgrade to Plus' });
    fireEvent.click(plus);
    fireEvent.click(plus);
    await waitFor(() => expect(plus.textContent).toBe('Redirecting...'));
    expect(upgrades().every((b) => b.disabled)).toBe(true);
    expect((within(card('Studio')).getByTestId('plan-upgrade') as HTMLButtonElement).disabled).toBe(true);
    expect(calls('createCheckoutSession')).toEqual([['createCheckoutSession', { priceId: 'price_plus' }]]);
    await act(async () => answer({ url: 'http://stripe.test/checkout/cs_9' }));
    expect(leaveFor).toHaveBeenCalledWith('http://stripe.test/checkout/cs_9');
    expect(leaveFor).toHaveBeenCalledTimes(1);
    // The page stays busy until the browser has gone.
    expect(plus.textContent).toBe('Redirecting...');
  });

  it('has_subscription: shows the message and the Manage billing button, which opens the portal', async () => {
    list = listOf({
      currentPlanId: 'plus',
      canManage: true,
      subscription: { status: 'active', currentPeriodEnd: '2030-06-03T12:00:00.000Z', cancelAtPeriodEnd: false },
    });
    apiMock.mockImplementation(async (name: string) => {
      if (name === 'listPlans') return structuredClone(list);
      if (name === 'createCheckoutSession')
        throw new ApiError(409, 'has_subscription', 'You already have a paid plan: change it from Manage billing.');
      if (name === 'createPortalSession') return { url: 'http://stripe.test/portal/bps_2' };
      throw new Error(name);
    });
    renderAt('/settings');
    await screen.findAllByTestId('plan-card');
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade to Studio' }));
    expect((await screen.findByTestId('billing-error')).textContent).toBe('You already have a paid plan: change it from Manage billing.');
    expect(screen.getByRole('alert').textContent).toBe('You already have a paid plan: change it from Manage billing.');
    expect(within(card('Studio')).getByTestId('plan-upgrade').textContent).toBe('Upgrade');
    const manage = screen.getByRole('button', { name: 'Manage billing' });
    fireEvent.click(manage);
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('http://stripe.test/portal/bps_2'));
    expect(calls('createPortalSession')).toEqual([['createPortalSession', {}]]);
    expect(manage.textContent).toBe('Redirecting...');
  });

  it('shows Manage billing only when there is a billing account', async () => {
    renderAt('/settings');
    await screen.findAllByTestId('plan-card');
    expect(screen.queryByRole('button', { name: 'Manage billing' })).toBeNull();
    cleanup();
    list = listOf({ canManage: true });
    renderAt('/settings');
    expect(await screen.findByRole('button', { name: 'Manage billing' })).toBeTruthy();
    // A billing account without a live subscription has no status to tell.
    expect(screen.queryByTestId('subscription-status')).toBeNull();
  });

  it('a portal error is shown and the button is usable again', async () => {
    list = listOf({ canManage: true });
    apiMock.mockImplementation(async (name: string) => {
      if (name === 'listPlans') return structuredClone(list);
      throw new ApiError(
        503,
        'billing_unavailable',
        'Billing is not answering right now. Nothing was charged: please try again in a minute.',
      );
    });
    renderAt('/settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Manage billing' }));
    expect((await screen.findByTestId('billing-error')).textContent).toBe(
      'Billing is not answering right now. Nothing was charged: please try again in a minute.',
    );
    expect((screen.getByRole('button', { name: 'Manage billing' }) as HTMLButtonElement).disabled).toBe(false);
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it.each([
    [{ status: 'active', currentPeriodEnd: '2030-06-03T12:00:00.000Z', cancelAtPeriodEnd: false }, 'Renews on Jun 3, 2030', false],
    [{ status: 'active', currentPeriodEnd: '2030-06-03T12:00:00.000Z', cancelAtPeriodEnd: true }, 'Cancels on Jun 3, 2030', false],
    [
      { status: 'past_due', currentPeriodEnd: '2030-06-03T12:00:00.000Z', cancelAtPeriodEnd: false },
      'Your last payment failed. Update your card in Manage billing.',
      true,
    ],
  ])('the subscription line: %o', async (subscription, text, warning) => {
    list = listOf({ currentPlanId: 'plus', canManage: true, subscription });
    renderAt('/settings');
    const line = await screen.findByTestId('subscription-status');
    expect(line.textContent).toBe(text);
    expect(line.classList.contains('is-warning')).toBe(warning);
  });

  it("a failed load shows the message and 'Try again'; an empty list says so", async () => {
    let fail = true;
    apiMock.mockImplementation(async (name: string) => {
      if (name !== 'listPlans') throw new Error(name);
      if (fail) throw new ApiError(503, 'billing_unavailable', 'Billing is not answering right now.');
      return { ...listOf(), plans: [] };
    });
    renderAt('/settings');
    const error = await screen.findByTestId('plans-error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toContain('Billing is not answering right now.');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('plans-empty')).textContent).toBe('No plans are available right now.');
  });
});

describe('back from Stripe', () => {
  const paidPlus: Partial<PlanList> = {
    currentPlanId: 'plus',
    canManage: true,
    subscription: { status: 'active', currentPeriodEnd: '2030-06-03T12:00:00.000Z', cancelAtPeriodEnd: false },
  };

  it("?checkout=success: the banner, then the plans re-read every 2 s until the new plan shows, which ends the banner's wait", async () => {
    backFromCheckout('/settings?checkout=success');
    expect(screen.getByTestId('checkout-success').textContent).toBe('Payment received: your plan will show here in a moment.');
    await screen.findAllByTestId('plan-card');
    // The outcome is read once: the address loses it.
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/settings'));
    expect(within(card('Free')).getByTestId('plan-current')).toBeTruthy();
    expect(calls('listPlans')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(calls('listPlans')).toHaveLength(2);
    list = listOf(paidPlus);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(within(card('Plus')).getByTestId('plan-current')).toBeTruthy());
    const reads = calls('listPlans').length;
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(calls('listPlans')).toHaveLength(reads);
    // 'Your plan will show here in a moment' would be stale now.
    expect(screen.queryByTestId('checkout-success')).toBeNull();
    expect(sessionStorage.getItem('snip.billing.left')).toBeNull();
  });

  it('the banner of a checkout can be dismissed', async () => {
    backFromCheckout('/settings?checkout=success');
    fireEvent.click(within(screen.getByTestId('checkout-success')).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('checkout-success')).toBeNull();
    await screen.findAllByTestId('plan-card');
    cleanup();
    backFromCheckout('/settings?checkout=cancelled');
    fireEvent.click(within(screen.getByTestId('checkout-cancelled')).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('checkout-cancelled')).toBeNull();
  });

  it('stops re-reading after about 20 s and says to reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderAt('/settings?checkout=success');
    await screen.findAllByTestId('plan-card');
    await act(() => vi.advanceTimersByTimeAsync(21_000));
    const reads = calls('listPlans').length;
    expect(reads).toBeGreaterThanOrEqual(9);
    expect(reads).toBeLessThanOrEqual(12);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(calls('listPlans')).toHaveLength(reads);
    expect(screen.getByTestId('checkout-slow').textContent).toBe(
      'Your plan is taking longer than usual to show: reload this page in a minute.',
    );
  });

  it('?checkout=cancelled: says nothing was charged and does not re-read', async () => {
    backFromCheckout('/settings?checkout=cancelled');
    expect(screen.getByTestId('checkout-cancelled').textContent).toBe('Checkout cancelled: nothing was charged.');
    await screen.findAllByTestId('plan-card');
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(calls('listPlans')).toHaveLength(1);
  });

  it('back from the portal (noted on leaving), the plans are re-read until the change shows', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    list = listOf(paidPlus);
    renderAt('/settings');
    fireEvent.click(await screen.findByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('http://stripe.test/portal/bps_1'));
    expect(sessionStorage.getItem('snip.billing.left')).toBe(billingSignature(list));
    cleanup();

    // The plan was cancelled in the portal; the webhook lands after the browser is back.
    apiMock.mockClear();
    renderAt('/settings');
    await screen.findAllByTestId('plan-card');
    expect(within(card('Plus')).getByTestId('plan-current')).toBeTruthy();
    list = listOf({ canManage: true });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(within(card('Free')).getByTestId('plan-current')).toBeTruthy());
    const reads = calls('listPlans').length;
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(calls('listPlans')).toHaveLength(reads);
  });
});

describe("a plan's limit reached", () => {
  const LIMIT = 'Your free plan allows 30 AI suggestions an hour. Upgrade to Plus ($9.00 a month) for 120 AI suggestions an hour.';

  it("AI Suggest: the limit's message and 'See plans' to /settings", async () => {
    apiMock.mockRejectedValue(new ApiError(409, 'plan_limit', LIMIT, undefined, { upgradePlanId: 'plan_plus' }));
    renderAt('/track', <CommentComposer mode="new" duration={60} placeholder="Write" suggestFor={SHARE_ID} onSubmit={async () => {}} />);
    fireEvent.change(screen.getByPlaceholderText('Write'), { target: { value: 'draft' } });
    fireEvent.click(screen.getByTestId('ai-suggest'));
    const error = await screen.findByTestId('ai-error');
    expect(error.textContent).toBe(`${LIMIT} See plans`);
    const link = within(error).getByRole('link', { name: 'See plans' });
    expect(link.getAttribute('href')).toBe('/settings');
    fireEvent.click(link);
    expect(screen.getByTestId('where').textContent).toBe('/settings');
  });

  it("upload: the limit's message and 'See plans' to /settings", async () => {
    const message = 'Your free plan allows 100 tracks. Upgrade to Plus ($9.00 a month) for 500 tracks.';
    apiMock.mockImplementation(async (name: string) => {
      if (name === 'createUploadUrl') throw new ApiError(409, 'plan_limit', message, undefined, { upgradePlanId: 'plan_plus' });
      throw new Error(name);
    });
    renderAt('/dashboard', <UploadTrackModal open onClose={() => {}} />);
    const file = new File([new Uint8Array(4000)], 'Late_Night.mp3', { type: 'audio/mpeg' });
    fireEvent.drop(screen.getByTestId('drop-zone'), { dataTransfer: { files: [file] } });
    fireEvent.click(screen.getByTestId('upload-submit'));
    const error = await screen.findByTestId('upload-error');
    expect(error.textContent).toBe(`${message} See plans`);
    expect(within(error).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/settings');
  });

  it('other upload errors stay as they were, without the link', async () => {
    apiMock.mockImplementation(async () => {
      throw new ApiError(409, 'conflict', 'Something else');
    });
    renderAt('/dashboard', <UploadTrackModal open onClose={() => {}} />);
    fireEvent.drop(screen.getByTestId('drop-zone'), {
      dataTransfer: { files: [new File([new Uint8Array(4000)], 'a.mp3', { type: 'audio/mpeg' })] },
    });
    fireEvent.click(screen.getByTestId('upload-submit'));
    expect((await screen.findByTestId('upload-error')).textContent).toBe('Something else');
  });
});
