// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUserView } from '../../../shared/schemas/admin';
import type { ProApplicationView } from '../../../shared/schemas/profile';

const adminSub = vi.hoisted(() => ({ value: 'admin-sub-1' as string | undefined }));

vi.mock('../../../web/src/lib/api', () => import('./amplify-mock'));
vi.mock('../../../web/src/lib/auth', () => ({
  readSession: async () =>
    adminSub.value ? { status: 'signedIn', sub: adminSub.value, groups: ['admin'] } : { status: 'signedOut', groups: [] },
}));

import { AdminSettingsRoute, AdminUsersRoute } from '../../../web/src/app/routes/admin';
import { ApiError } from '../../../web/src/lib/api-client';
import { IMPERSONATION_KEY } from '../../../web/src/features/impersonation/state';
import { answerRoutes, apiMock } from './amplify-mock';
import { adminUser as user } from './fixtures';
import { recordNavigation } from './impersonation-setup';
import { renderUi } from './render';
const application = (over: Partial<ProApplicationView>): ProApplicationView => ({
  userId: 'a1',
  fullName: 'Ari Applicant',
  email: 'ari@example.test',
  username: 'ari',
  status: 'pending',
  genres: ['Techno', 'Drum & Bass'],
  costRange: { min: 10, max: 40 },
  experience: 5,
  credits: 'Resident at Lowlight since 2021.',
  featuredTrack: 'https://soundcloud.com/ari/night-bus, https://youtube.com/@ari',
  reason: null,
  submittedAt: '2026-03-05T12:00:00.000Z',
  decidedAt: null,
  ...over,
});

const MIA = user({ id: 'm1', email: 'mia@example.test', fullName: 'Mia Musician' });
const ADA = user({ id: 'ad1', email: 'ada@example.test', fullName: 'Ada Admin', type: 'admin' });
const ARI = application({});
const BO = application({
  userId: 'b1',
  fullName: 'Bo Beats',
  email: 'bo@example.test',
  experience: 1,
  credits: '',
  featuredTrack: null,
  genres: ['House'],
});

let users: AdminUserView[];
let pending: ProApplicationView[];
let audit: { entries: unknown[]; next: string | null }[];
const calls = (name: string) => apiMock.mock.calls.filter((c) => c[0] === name).map((c) => c[1]);

const itemOf = (email: string) => screen.getAllByTestId('application').find((r) => r.getAttribute('data-user-email') === email)!;
const rowOf = (email: string) => screen.getAllByTestId('admin-user').find((r) => r.getAttribute('data-user-email') === email)!;

/** The users page, once the applications above the list show. */
async function openApplications() {
  renderUi(<AdminUsersRoute />);
  await screen.findAllByTestId('application');
}

const assign = recordNavigation();

beforeEach(() => {
  adminSub.value = 'admin-sub-1';
  users = [MIA, ADA];
  pending = [ARI, BO];
  audit = [{ entries: [], next: null }];
  answerRoutes({
    listUsers: () => ({ users: structuredClone(users), count: users.length, next: null }),
    listApplications: () => ({ applications: structuredClone(pending), next: null }),
    decideApplication: (input) => {
      const app = pending.find((a) => a.userId === input.id)!;
      pending = pending.filter((a) => a.userId !== input.id);
      return { ...app, status: input.decision === 'approve' ? 'approved' : 'declined' };
    },
    listAudit: (input) => audit[input.cursor ? Number(input.cursor) : 0],
    getSettings: () => ({ id: 1, margin: 0.2, updatedAt: null }),
    impersonate: (input) => ({
      token: 'imp1.p.s',
      expiresAt: '2030-01-01T00:00:00.000Z',
      user: { id: input.userId, fullName: 'Mia Musician', email: 'mia@example.test', type: 'musician' },
    }),
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Pro applications', () => {
  it('lists what each applicant sent, above the user list', async () => {
    await openApplications();
    expect(screen.getByRole('heading', { level: 2, name: 'Pro applications' })).toBeTruthy();
    const ari = within(itemOf('ari@example.test'));
    expect(ari.getByRole('heading', { level: 3 }).textContent).toBe('Ari Applicant');
    expect(ari.getByTestId('application-email').textContent).toBe('ari@example.test');
    expect(ari.getByTestId('application-genres').textContent).toBe('Techno, Drum & Bass');
    expect(ari.getByTestId('application-cost').textContent).toBe('$10 - $40');
    expect(ari.getByTestId('application-experience').textContent).toBe('5 years');
    expect(ari.getByTestId('application-credits').textContent).toBe('Resident at Lowlight since 2021.');
    expect(ari.getByTestId('application-submitted').textContent).toBe('Submitted Mar 5, 2026');
    const links = ari.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://soundcloud.com/ari/night-bus', 'https://youtube.com/@ari']);
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    }
    const bo = within(itemOf('bo@example.test'));
    expect(bo.getByTestId('application-experience').textContent).toBe('1 year');
    expect(bo.getByTestId('application-credits').textContent).toBe('None given');
    expect(bo.getByTestId('application-tracks').textContent).toBe('None given');

    // The section comes before the list of users.
    await screen.findAllByTestId('admin-user');
    const section = screen.getByTestId('applications-panel');
    expect(section.compareDocumentPosition(screen.getByTestId('admin-user-list')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(calls('listApplications')[0]).toEqual({ status: 'pending' });
  });

  it("approves: '...' while saving, then the queue and the user list reload", async () => {
    await openApplications();
    await screen.findAllByTestId('admin-user');
    const usersBefore = calls('listUsers').length;
    let release!: () => void;
    const original = apiMock.getMockImplementation()!;
    apiMock.mockImplementationOnce(async (name: string, input: Record<string, unknown>) => {
      await new Promise<void>((r) => (release = r));
      return original(name, input);
    });
    fireEvent.click(within(itemOf('ari@example.test')).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(within(itemOf('ari@example.test')).getByRole('button', { name: '...' })).toBeTruthy());
    expect(within(itemOf('ari@example.test')).getByRole('button', { name: 'Decline' }).hasAttribute('disabled')).toBe(true);
    await act(async () => release());
    await waitFor(() => expect(screen.getAllByTestId('application')).toHaveLength(1));
    expect(calls('decideApplication')).toEqual([{ id: 'a1', decision: 'approve' }]);
    expect(screen.getByTestId('applications-message').textContent).toBe('Approved: Ari Applicant is now a pro.');
    await waitFor(() => expect(calls('listUsers').length).toBeGreaterThan(usersBefore));
  });

  it('declines only with a reason of 3 characters or more; Escape cancels', async () => {
    await openApplications();
    const bo = () => within(itemOf('bo@example.test'));
    fireEvent.click(bo().getByRole('button', { name: 'Decline' }));
    const reason = bo().getByLabelText('Reason for declining');
    expect(document.activeElement).toBe(reason);
    fireEvent.keyDown(reason, { key: 'Escape' });
    expect(bo().queryByTestId('decline-form')).toBeNull();
    expect(document.activeElement).toBe(bo().getByRole('button', { name: 'Decline' }));

    fireEvent.click(bo().getByRole('button', { name: 'Decline' }));
    fireEvent.change(bo().getByLabelText('Reason for declining'), { target: { value: ' no ' } });
    fireEvent.click(within(bo().getByTestId('decline-form')).getByRole('button', { name: 'Decline' }));
    expect(bo().getByText('Give the applicant a reason (at least 3 characters)')).toBeTruthy();
    expect(document.activeElement).toBe(bo().getByLabelText('Reason for declining'));
    expect(calls('decideApplication')).toHaveLength(0);

    fireEvent.change(bo().getByLabelText('Reason for declining'), { target: { value: '  Not enough credits yet.  ' } });
    fireEvent.click(within(bo().getByTestId('decline-form')).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(calls('decideApplication')).toEqual([{ id: 'b1', decision: 'decline', reason: 'Not enough credits yet.' }]));
    await waitFor(() => expect(screen.getAllByTestId('application')).toHaveLength(1));
    expect(screen.getByTestId('applications-message').textContent).toBe('Declined: Bo Beats will get your reason by e-mail.');
  });

  it('says so when another admin decided first, and refreshes the list', async () => {
    await openApplications();
    const before = calls('listApplications').length;
    apiMock.mockImplementationOnce(async () => {
      pending = [BO];
      throw new ApiError(409, 'application_decided', 'This application was already approved.');
    });
    fireEvent.click(within(itemOf('ari@example.test')).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(screen.getByTestId('applications-message').textContent).toBe(
        'This application was already decided. The list has been refreshed.',
      ),
    );
    expect(screen.getByTestId('applications-message').getAttribute('role')).toBe('alert');
    await waitFor(() => expect(screen.getAllByTestId('application')).toHaveLength(1));
    expect(calls('listApplications').length).toBeGreaterThan(before);
  });

  it("shows 'No pending applications' when the queue is empty", async () => {
    pending = [];
    renderUi(<AdminUsersRoute />);
    expect((await screen.findByTestId('applications-empty')).textContent).toBe('No pending applications');
  });
});

describe('Impersonate', () => {
  it('is offered for every user but admins; starting shows ... and opens the dashboard as that user', async () => {
    renderUi(<AdminUsersRoute />);
    await screen.findAllByTestId('admin-user');
    expect(within(rowOf('ada@example.test')).queryByRole('button', { name: 'Impersonate' })).toBeNull();
    fireEvent.click(within(rowOf('mia@example.test')).getByRole('button', { name: 'Impersonate' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'));
    expect(calls('impersonate')).toEqual([{ userId: 'm1' }]);
    expect(JSON.parse(localStorage.getItem(IMPERSONATION_KEY)!)).toEqual({
      token: 'imp1.p.s',
      expiresAt: '2030-01-01T00:00:00.000Z',
      user: { id: 'm1', fullName: 'Mia Musician', email: 'mia@example.test', type: 'musician' },
      adminSub: 'admin-sub-1',
    });
    // The page is leaving: the button keeps saying so.
    expect(within(rowOf('mia@example.test')).getByRole('button', { name: '...' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('a failure is logged and shown under the row; the button works again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    users = [MIA, user({ id: 'm2', email: 'max@example.test', fullName: 'Max' })];
    renderUi(<AdminUsersRoute />);
    await screen.findAllByTestId('admin-user');
    apiMock.mockImplementationOnce(async () => {
      throw new ApiError(404, 'not_found', 'User not found');
    });
    fireEvent.click(within(rowOf('mia@example.test')).getByRole('button', { name: 'Impersonate' }));
    await waitFor(() => expect(within(rowOf('mia@example.test')).getByTestId('impersonate-error').textContent).toBe('User not found'));
    expect(logged).toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
    expect(within(rowOf('mia@example.test')).getByRole('button', { name: 'Impersonate' }).hasAttribute('disabled')).toBe(false);
    expect(within(rowOf('max@example.test')).getByRole('button', { name: 'Impersonate' }).hasAttribute('disabled')).toBe(false);
  });

  it('is disabled while an impersonation is active', async () => {
    localStorage.setItem(
      IMPERSONATION_KEY,
      JSON.stringify({
        token: 't',
        expiresAt: '2030-01-01T00:00:00.000Z',
        user: { id: 'x', fullName: 'X', email: 'x@example.test', type: 'pro' },
        adminSub: 'admin-sub-1',
      }),
    );
    renderUi(<AdminUsersRoute />);
    await screen.findAllByTestId('admin-user');
    expect(within(rowOf('mia@example.test')).getByRole('button', { name: 'Impersonate' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows why the admin is back when an impersonation ended by itself, once', async () => {
    sessionStorage.setItem('snip.impersonation.notice', 'Your impersonation has ended.');
    renderUi(<AdminUsersRoute />);
    expect(screen.getByTestId('impersonation-ended').textContent).toBe('Your impersonation has ended.');
    await waitFor(() => expect(sessionStorage.getItem('snip.impersonation.notice')).toBeNull());
  });
});

describe('Admin audit', () => {
  const entry = (id: string, over: Record<string, unknown> = {}) => ({
    id,
    at: '2026-03-05T15:04:00.000Z',
    adminId: 'ad1',
    adminEmail: 'ada@example.test',
    targetId: 'm1',
    targetEmail: 'mia@example.test',
    action: 'impersonate',
    method: 'POST',
    path: '/users/impersonate',
    status: 200,
    ...over,
  });

  it("shows 'Nothing audited yet' when there is nothing", async () => {
    renderUi(<AdminSettingsRoute />);
    expect(screen.getByRole('heading', { level: 2, name: 'Admin audit' })).toBeTruthy();
    expect((await screen.findByTestId('audit-empty')).textContent).toBe('Nothing audited yet');
  });

  it('shows what a type or price change replaced and what it became', async () => {
    audit = [
      {
        entries: [
          entry('p', { action: 'setFeedbackPrice', method: 'PUT', path: '/users/m1/feedback-price', from: '$30.00', to: 'free' }),
          entry('t', { action: 'setUserType', method: 'PUT', path: '/users/m1/type', from: 'musician', to: 'pro' }),
          entry('i'),
        ],
        next: null,
      },
    ];
    renderUi(<AdminSettingsRoute />);
    await screen.findAllByTestId('audit-entry');
    const rows = screen.getAllByTestId('audit-entry');
    expect(rows.map((r) => within(r).queryByTestId('audit-change')?.textContent ?? null)).toEqual([
      '$30.00 \u2192 free',
      'musician \u2192 pro',
      null,
    ]);
    expect(within(rows[0]).getByTestId('audit-what').textContent).toBe(
      'Changed the feedback price PUT /users/m1/feedback-price$30.00 \u2192 free',
    );
    expect(within(rows[2]).getByTestId('audit-what').textContent).toBe('Started impersonating POST /users/impersonate');
  });

  it('lists the entries newest first and loads more with the cursor', async () => {
    audit = [
      { entries: [entry('e2', { action: 'updateProfile', method: 'PATCH', path: '/users/me', status: 403 }), entry('e1')], next: '1' },
      { entries: [entry('e0', { status: null })], next: null },
    ];
    renderUi(<AdminSettingsRoute />);
    await screen.findAllByTestId('audit-entry');
    const rows = () => screen.getAllByTestId('audit-entry');
    expect(rows()).toHaveLength(2);
    const first = within(rows()[0]);
    expect(first.getByTestId('audit-admin').textContent).toBe('ada@example.test');
    expect(first.getByTestId('audit-target').textContent).toBe('mia@example.test');
    expect(first.getByTestId('audit-what').textContent).toBe('As the user: update profile PATCH /users/me');
    expect(first.getByTestId('audit-outcome').textContent).toBe('403 Refused');
    expect(rows()[0].querySelector('time')!.getAttribute('datetime')).toBe('2026-03-05T15:04:00.000Z');
    expect(rows()[0].querySelector('time')!.textContent).toMatch(/^Mar 5, 2026, \d{1,2}:\d{2}\s?[AP]M$/);
    expect(within(rows()[1]).getByTestId('audit-outcome').textContent).toBe('200 OK');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(calls('listAudit')).toEqual([{}, { cursor: '1' }]);
    expect(within(rows()[2]).getByTestId('audit-outcome').textContent).toBe('No answer');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});
