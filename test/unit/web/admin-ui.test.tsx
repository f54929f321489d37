// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUserView } from '../../../shared/schemas/admin';

vi.mock('../../../web/src/lib/api', () => import('./amplify-mock'));

import { AdminSettingsRoute, AdminUsersRoute } from '../../../web/src/app/routes/admin';
import { ApiError } from '../../../web/src/lib/api-client';
import { answerRoutes, apiMock } from './amplify-mock';
import { adminUser as user } from './fixtures';
import { renderUi } from './render';

const PAUL = user({
  id: 'p1',
  email: 'paul@example.test',
  fullName: 'Paul Pro',
  type: 'pro',
  feedbackPriceCents: 3000,
  balanceCents: 1234,
});
const FREEPRO = user({ id: 'p2', email: 'free@example.test', fullName: '', type: 'pro', feedbackPriceCents: null, balanceCents: 0 });
const MIA = user({ id: 'm1', email: 'mia@example.test', fullName: 'Mia Musician' });

let users: AdminUserView[];
let settings: { id: 1; margin: number; updatedAt: string | null };
const calls = (name: string) => apiMock.mock.calls.filter((c) => c[0] === name).map((c) => c[1]);

const rowOf = (email: string) => screen.getAllByTestId('admin-user').find((r) => r.getAttribute('data-user-email') === email)!;
const paul = () => within(rowOf('paul@example.test'));

/** The users page with one of Paul's editors open, its amount (dollars and cents) shown as `shown`, typed over with `typed`. */
async function editAmount(button: string, label: string, shown: string, typed: string) {
  await openUsers();
  fireEvent.click(paul().getByRole('button', { name: button }));
  const input = paul().getByLabelText(label) as HTMLInputElement;
  expect([input.value, input.min, input.step]).toEqual([shown, '0', '0.01']);
  fireEvent.change(input, { target: { value: typed } });
}

/** The users page, once its rows show. */
async function openUsers() {
  renderUi(<AdminUsersRoute />);
  await screen.findAllByTestId('admin-user');
}

const NO_FINDINGS = { detectors: [{ kind: 'clip', label: 'Clipping', confirmed: 0, dismissed: 0, dismissRate: null }] };
let findingStats: unknown = NO_FINDINGS;
let poolHealth: unknown = { genres: [] };

beforeEach(() => {
  findingStats = NO_FINDINGS;
  poolHealth = { genres: [] };
  users = [PAUL, FREEPRO, MIA];
  settings = { id: 1, margin: 0.2, updatedAt: '2026-03-05T12:00:00.000Z' };
  answerRoutes({
    listUsers: (input) => {
      const list = users.filter((u) => input.type === 'all' || u.type === input.type);
      return { users: structuredClone(list), count: list.length, next: null };
    },
    setUserType: (input) => {
      const u = users.find((x) => x.id === input.id)!;
      users = users.map((x) => (x.id === u.id ? { ...x, type: input.type as 'pro' } : x));
      return users.find((x) => x.id === u.id);
    },
    setFeedbackPrice: (input) => ({
      ...users.find((x) => x.id === input.id)!,
      feedbackPriceCents: Math.round((input.price as number) * 100),
    }),
    adjustBalance: (input) => ({ ...users.find((x) => x.id === input.id)!, balanceCents: Math.round((input.balance as number) * 100) }),
    setWorldClass: (input) => ({
      ...users.find((x) => x.id === input.id)!,
      worldClass: input.vetted ? { reason: input.reason as string, at: '2026-04-01T12:00:00.000Z' } : null,
    }),
    getSettings: () => ({ ...settings }),
    updateMargin: (input) => {
      settings = { ...settings, margin: input.margin as number, updatedAt: '2026-04-01T12:00:00.000Z' };
      return { ...settings };
    },
    // The pro applications, the audit (admin-tools.test.tsx) and the refunds to look at sit on the same pages.
    listStuckRefunds: () => ({ refunds: [], next: null }),
    listStuckPayouts: () => ({ payouts: [] }),
    listApplications: () => ({ applications: [], next: null }),
    listAudit: () => ({ entries: [], next: null }),
    getFindingStats: () => findingStats,
    getPoolHealth: () => poolHealth,
  });
});

describe('Admin users', () => {
  it('lists users with the count; pros show price and balance, musicians do not', async () => {
    await openUsers();
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
    expect(screen.getByTestId('user-count').textContent).toBe('3 users');
    expect(calls('listUsers')[0]).toEqual({ type: 'all' });

    const paul = within(rowOf('paul@example.test'));
    expect(paul.getByTestId('admin-user-name').textContent).toBe('Paul Pro');
    expect(paul.getByTestId('admin-user-type').textContent).toBe('Pro');
    expect(paul.getByTestId('admin-user-price').textContent).toBe('$30.00 per feedback');
    expect(paul.getByTestId('admin-user-balance').textContent).toBe('$12.34');
    expect(paul.getByRole('button', { name: 'Edit Price' })).toBeTruthy();
    expect(paul.getByRole('button', { name: 'Edit Balance' })).toBeTruthy();

    const free = within(rowOf('free@example.test'));
    expect(free.getByTestId('admin-user-name').textContent).toBe('No Name');
    expect(free.getByTestId('admin-user-price').textContent).toBe('Free');

    const mia = within(rowOf('mia@example.test'));
    expect(mia.getByTestId('admin-user-type').textContent).toBe('Musician');
    expect(mia.queryByTestId('admin-user-price')).toBeNull();
    expect(mia.queryByTestId('admin-user-balance')).toBeNull();
    expect(mia.queryByRole('button', { name: 'Edit Price' })).toBeNull();
    expect(mia.queryByRole('button', { name: 'Edit Balance' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Impersonate' })).toHaveLength(3);
  });

  it('sends the type filter and the debounced search', async () => {
    await openUsers();
    const filter = screen.getByRole('group', { name: 'User type' });
    fireEvent.click(within(filter).getByRole('button', { name: 'Pro' }));
    await waitFor(() => expect(screen.getByTestId('user-count').textContent).toBe('2 users'));
    expect(calls('listUsers').at(-1)).toEqual({ type: 'pro' });
    expect(within(filter).getByRole('button', { name: 'Pro' }).getAttribute('aria-pressed')).toBe('true');

    vi.useFakeTimers({ shouldAdvanceTime: true });
    const n = calls('listUsers').length;
    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: 'pa' } });
    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: ' paul ' } });
    expect(calls('listUsers')).toHaveLength(n);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    await waitFor(() => expect(calls('listUsers').at(-1)).toEqual({ type: 'pro', q: 'paul' }));
    // Only the text typing settled on is sent.
    expect(calls('listUsers').slice(n)).toEqual([{ type: 'pro', q: 'paul' }]);
  });

  it("shows 'No users found' and 'Load more' when there is a next page", async () => {
    users = [];
    renderUi(<AdminUsersRoute />);
    expect((await screen.findByTestId('users-empty')).textContent).toBe('No users found');
    expect(screen.getByTestId('user-count').textContent).toBe('0 users');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    cleanup();

    users = [PAUL, MIA];
    apiMock.mockImplementation(async (name: string, input: Record<string, unknown>) => {
      if (name !== 'listUsers') throw new Error(name);
      return input.cursor ? { users: [MIA], count: 2, next: null } : { users: [PAUL], count: 2, next: 'c1' };
    });
    await openUsers();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('admin-user')).toHaveLength(2));
    expect(calls('listUsers').at(-1)).toEqual({ type: 'all', cursor: 'c1' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it("reads on by itself ('Searching...') while a page holds no match and more remain, then shows what it found", async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    apiMock.mockImplementation(async (name: string, input: Record<string, unknown>) => {
      if (name !== 'listUsers') throw new Error(name);
      if (!input.cursor) return { users: [], count: 1, next: 'c1' };
      if (input.cursor === 'c1') {
        await held;
        return { users: [], count: 1, next: 'c2' };
      }
      return { users: [MIA], count: 1, next: null };
    });
    renderUi(<AdminUsersRoute />);
    expect((await screen.findByTestId('users-searching')).textContent).toBe('Searching...');
    expect(screen.queryByTestId('users-empty')).toBeNull();
    release();
    await screen.findAllByTestId('admin-user');
    expect(calls('listUsers').map((c) => c.cursor)).toEqual([undefined, 'c1', 'c2']);
    expect(screen.queryByTestId('users-searching')).toBeNull();
  });

  it('keeps the loaded rows and says so when the next page cannot be loaded, and loads it on another click', async () => {
    let fail = true;
    apiMock.mockImplementation(async (name: string, input: Record<string, unknown>) => {
      if (name === 'listApplications') return { applications: [], next: null };
      if (name !== 'listUsers') throw new Error(name);
      if (!input.cursor) return { users: [PAUL], count: 2, next: 'c1' };
      if (fail) throw new ApiError(503, 'unavailable', 'The service is busy. Please try again.');
      return { users: [MIA], count: 2, next: null };
    });
    await openUsers();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect((await screen.findByTestId('load-more-error')).textContent).toBe('The service is busy. Please try again.');
    expect(screen.getAllByTestId('admin-user')).toHaveLength(1);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('admin-user')).toHaveLength(2));
    expect(screen.queryByTestId('load-more-error')).toBeNull();
  });

  it('switches a user to pro and reloads the list', async () => {
    await openUsers();
    const toggle = within(rowOf('mia@example.test')).getByRole('group', { name: 'Type of Mia Musician' });
    expect(within(toggle).getByRole('button', { name: 'Musician' }).getAttribute('aria-pressed')).toBe('true');
    const before = calls('listUsers').length;
    fireEvent.click(within(toggle).getByRole('button', { name: 'Pro' }));
    await waitFor(() => expect(calls('setUserType')).toEqual([{ id: 'm1', type: 'pro' }]));
    await waitFor(() => expect(calls('listUsers').length).toBeGreaterThan(before));
    await waitFor(() => expect(within(rowOf('mia@example.test')).getByTestId('admin-user-balance').textContent).toBe('$0.00'));
  });

  it("edits a pro's price: Save shows '...' then the new price; Cancel goes back without a request", async () => {
    await editAmount('Edit Price', 'Feedback price (USD)', '30.00', '99');
    fireEvent.click(paul().getByRole('button', { name: 'Cancel' }));
    expect(paul().queryByTestId('price-editor')).toBeNull();
    expect(paul().getByTestId('admin-user-price').textContent).toBe('$30.00 per feedback');
    expect(calls('setFeedbackPrice')).toHaveLength(0);

    let release!: () => void;
    apiMock.mockImplementationOnce(async (_name: string, input: Record<string, unknown>) => {
      await new Promise<void>((r) => (release = r));
      return { ...PAUL, feedbackPriceCents: Math.round((input.price as number) * 100) };
    });
    fireEvent.click(paul().getByRole('button', { name: 'Edit Price' }));
    fireEvent.change(paul().getByLabelText('Feedback price (USD)'), { target: { value: '12.5' } });
    fireEvent.click(paul().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(paul().getByTestId('price-editor').querySelector('button[type="submit"]')!.textContent).toBe('...'));
    expect(calls('setFeedbackPrice')).toEqual([{ id: 'p1', price: 12.5 }]);
    await act(async () => release());
    await waitFor(() => expect(paul().queryByTestId('price-editor')).toBeNull());
    expect(paul().getByTestId('admin-user-price').textContent).toBe('$12.50 per feedback');
  });

  it('vets a pro as World-Class with the reason asked for, and withdraws it', async () => {
    await openUsers();
    expect(paul().getByTestId('admin-user-world-class').textContent).toBe('No');
    expect(within(rowOf('mia@example.test')).queryByRole('button', { name: 'Make World-Class' })).toBeNull();
    fireEvent.click(paul().getByRole('button', { name: 'Make World-Class' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Vet Paul Pro as World-Class?' });
    fireEvent.change(within(dialog).getByLabelText('Why (their credits, say)'), { target: { value: ' Mixed three No. 1s ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make World-Class' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls('setWorldClass')).toEqual([{ id: 'p1', vetted: true, reason: 'Mixed three No. 1s' }]);
    expect(paul().getByTestId('admin-user-world-class').textContent).toBe('Yes: Mixed three No. 1s');

    fireEvent.click(paul().getByRole('button', { name: 'Withdraw World-Class' }));
    const withdraw = await screen.findByRole('alertdialog', { name: "Withdraw Paul Pro's World-Class vetting?" });
    expect(within(withdraw).getByText('Vetted: Mixed three No. 1s. They can no longer ask the World-Class price.')).toBeTruthy();
    fireEvent.change(within(withdraw).getByLabelText('Why'), { target: { value: 'Credits not confirmed' } });
    fireEvent.click(within(withdraw).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(paul().getByTestId('admin-user-world-class').textContent).toBe('No'));
    expect(calls('setWorldClass')[1]).toEqual({ id: 'p1', vetted: false, reason: 'Credits not confirmed' });
  });

  it('a balance edit requires a reason and sends the balance shown as expectedBalanceCents', async () => {
    await editAmount('Edit Balance', 'Balance (USD)', '12.34', '5');
    fireEvent.click(paul().getByRole('button', { name: 'Save' }));
    expect(paul().getByText('Reason is required')).toBeTruthy();
    expect(calls('adjustBalance')).toHaveLength(0);

    fireEvent.change(paul().getByLabelText('Reason'), { target: { value: 'Payout sent' } });
    fireEvent.click(paul().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(paul().queryByTestId('balance-editor')).toBeNull());
    expect(calls('adjustBalance')).toEqual([{ id: 'p1', balance: 5, expectedBalanceCents: 1234, reason: 'Payout sent' }]);
    expect(paul().getByTestId('admin-user-balance').textContent).toBe('$5.00');
  });

  it('on balance_changed shows the message and the current balance, and the next save expects it', async () => {
    await openUsers();

    apiMock.mockImplementationOnce(async () => {
      throw new ApiError(409, 'balance_changed', 'The balance changed meanwhile: it is now $20.00. Check it and edit again.', undefined, {
        balanceCents: 2000,
      });
    });
    fireEvent.click(paul().getByRole('button', { name: 'Edit Balance' }));
    fireEvent.change(paul().getByLabelText('Balance (USD)'), { target: { value: '5' } });
    fireEvent.change(paul().getByLabelText('Reason'), { target: { value: 'Payout sent' } });
    fireEvent.click(paul().getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(paul().getByRole('alert').textContent).toBe('The balance changed meanwhile: it is now $20.00. Check it and edit again.'),
    );
    expect(paul().getByTestId('admin-user-balance').textContent).toBe('$20.00');
    fireEvent.click(paul().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('adjustBalance')).toHaveLength(2));
    expect(calls('adjustBalance')[1]).toMatchObject({ expectedBalanceCents: 2000 });
  });
});

describe('Admin settings', () => {
  it("shows each analysis detector's confirmed and dismissed findings, and says when there are none", async () => {
    renderUi(<AdminSettingsRoute />);
    expect((await screen.findByTestId('findings-empty')).textContent).toBe('No reviewer has confirmed or dismissed a finding yet.');
    cleanup();
    findingStats = {
      detectors: [
        { kind: 'clip', label: 'Clipping', confirmed: 3, dismissed: 1, dismissRate: 0.25 },
        { kind: 'jump', label: 'Loudness jump', confirmed: 0, dismissed: 4, dismissRate: 1 },
        { kind: 'dc', label: 'DC offset', confirmed: 0, dismissed: 0, dismissRate: null },
      ],
    };
    renderUi(<AdminSettingsRoute />);
    await screen.findByTestId('findings-table');
    const rows = screen.getAllByTestId('findings-row').map((r) => r.textContent);
    expect(rows).toEqual(['Clipping3125%', 'Loudness jump04100%', 'DC offset00-']);
  });

  it('shows the Snip Pro pool by genre: waiting, claimed and how fast, refunded unclaimed; and says when there is none', async () => {
    renderUi(<AdminSettingsRoute />);
    expect((await screen.findByTestId('pool-health-empty')).textContent).toBe('No Snip Pro request yet.');
    cleanup();
    poolHealth = {
      genres: [
        { genre: 'Rock', waiting: 2, opened: 9, claimed: 6, unclaimed: 1, ended: 0, medianClaimWithin: 30 },
        { genre: 'Jazz / Blues', waiting: 0, opened: 3, claimed: 3, unclaimed: 0, ended: 0, medianClaimWithin: 120 },
      ],
    };
    renderUi(<AdminSettingsRoute />);
    await screen.findByTestId('pool-health-table');
    const rows = screen.getAllByTestId('pool-health-row').map((r) => [...r.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Rock', '2', '6', 'within 30 min', '1', '0'],
      ['Jazz / Blues', '0', '3', 'within 2 h', '0', '0'],
    ]);
    // A genre refunded for want of a pro stands out.
    expect(screen.getAllByTestId('pool-health-row')[0].className).toBe('is-warning');
  });

  it("shows the margin as a percentage with one decimal and 'Last Updated'", async () => {
    renderUi(<AdminSettingsRoute />);
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Settings' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Profit margin per feedback' })).toBeTruthy();
    expect((await screen.findByTestId('margin-value')).textContent).toBe('20.0%');
    expect(screen.getByTestId('margin-updated').textContent).toBe('Last Updated: Mar 5, 2026');
  });

  it("says the spec's words when the settings cannot be read", async () => {
    const answer = apiMock.getMockImplementation()!;
    apiMock.mockImplementation(async (name: string, input?: Record<string, unknown>) => {
      // A failure that says nothing of its own: the panel's words (a server's message is shown as it comes).
      if (name === 'getSettings') throw new Error();
      return answer(name, input);
    });
    renderUi(<AdminSettingsRoute />);
    expect((await screen.findByTestId('settings-error')).textContent).toContain('Failed to load configuration. Please try again.');
  });

  it("says 'Never' when the margin was never updated", async () => {
    settings = { id: 1, margin: 0.125, updatedAt: null };
    renderUi(<AdminSettingsRoute />);
    expect((await screen.findByTestId('margin-value')).textContent).toBe('12.5%');
    expect(screen.getByTestId('margin-updated').textContent).toBe('Last Updated: Never');
  });

  it('refuses a percentage outside 0..100 with an alert and no request; Cancel returns to display', async () => {
    renderUi(<AdminSettingsRoute />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const input = screen.getByLabelText('Margin (%)') as HTMLInputElement;
    expect(input.value).toBe('20.0');
    expect(input.step).toBe('0.1');
    for (const bad of ['150', '-1', '', 'abc']) {
      fireEvent.change(input, { target: { value: bad } });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(screen.getByRole('alert').textContent).toBe('Please enter a valid percentage between 0 and 100');
    }
    expect(calls('updateMargin')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Margin (%)')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('margin-value').textContent).toBe('20.0%');
  });

  it("saves the percentage as a fraction, showing '...' while saving", async () => {
    let release!: () => void;
    renderUi(<AdminSettingsRoute />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    apiMock.mockImplementationOnce(async (_name: string, input: { margin: number }) => {
      await new Promise<void>((r) => (release = r));
      return { id: 1, margin: input.margin, updatedAt: '2026-04-01T12:00:00.000Z' };
    });
    fireEvent.change(screen.getByLabelText('Margin (%)'), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('margin-editor').querySelector('button[type="submit"]')!.textContent).toBe('...'));
    // With when the margin shown was saved, so that a stale page cannot undo another admin's save.
    expect(calls('updateMargin')).toEqual([{ margin: 0.25, expectedUpdatedAt: '2026-03-05T12:00:00.000Z' }]);
    await act(async () => release());
    await waitFor(() => expect(screen.getByTestId('margin-value').textContent).toBe('25.0%'));
    expect(screen.getByTestId('margin-updated').textContent).toBe('Last Updated: Apr 1, 2026');
  });
});
