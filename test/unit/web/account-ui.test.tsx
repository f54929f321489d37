// @vitest-environment happy-dom
/**
 * The account page: e-mail switches saved one by one (what the server answers is what shows), and the
 * password change: checked before Cognito is asked, Cognito's refusals in the user's words.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserView } from '../../../shared/schemas/users';

const setMe = vi.hoisted(() => vi.fn());
const me = vi.hoisted(() => ({ current: null as unknown }));

vi.mock('../../../web/src/lib/api', () => import('./amplify-mock'));
vi.mock('aws-amplify/auth', () => import('./amplify-mock').then((m) => ({ ...m.amplifyAuth, updatePassword })));
vi.mock('../../../web/src/lib/amplify-ready', () => import('./amplify-mock').then((m) => m.amplifyLoader));
vi.mock('../../../web/src/lib/auth', () => ({
  meQueryKey: ['me'],
  useSetMe: () => setMe,
  useMe: () => ({ data: me.current, isPending: false }),
  useAuth: () => ({ status: 'signedIn', groups: [], email: (me.current as UserView | null)?.email, logout: async () => {} }),
}));
const updatePassword = vi.hoisted(() => vi.fn());

import { AccountRoute } from '../../../web/src/app/routes/account';
import { answerRoutes, apiMock } from './amplify-mock';
import { userView } from './fixtures';
import { renderUi } from './render';

const USER: UserView = userView();

beforeEach(() => {
  vi.clearAllMocks();
  me.current = USER;
});

describe('the account page', () => {
  it('shows every kind of e-mail as it is, and saves one switch at a time', async () => {
    answerRoutes({ saveMailPreferences: (input) => ({ ...USER, mailPreferences: { ...USER.mailPreferences, ...input } }) });
    renderUi(<AccountRoute />);
    expect(screen.getByRole('heading', { name: 'Account' })).toBeTruthy();
    const reviews = screen.getByRole('checkbox', { name: /Reviews/ }) as HTMLInputElement;
    expect(reviews.checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: /News and tips/ }) as HTMLInputElement).checked).toBe(false);
    await act(async () => fireEvent.click(reviews));
    expect(apiMock).toHaveBeenCalledWith('saveMailPreferences', { reviews: false });
    await waitFor(() => expect(setMe).toHaveBeenCalled());
    expect(setMe.mock.calls[0][0].mailPreferences.reviews).toBe(false);
    expect(screen.getByTestId('mail-pref-status').textContent).toBe('Saved: Reviews off.');
  });

  it('checks the new password before asking Cognito, then says it changed and clears the form', async () => {
    renderUi(<AccountRoute />);
    const submit = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Change password' })));
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'old-pass-123' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new-pass-456' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'new-pass-457' } });
    await submit();
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(updatePassword).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'new-pass-456' } });
    await submit();
    expect(updatePassword).toHaveBeenCalledWith({ oldPassword: 'old-pass-123', newPassword: 'new-pass-456' });
    expect((await screen.findByTestId('password-changed')).textContent).toContain('Your password was changed.');
    // The server tells the account's address, once Cognito has changed it.
    expect(apiMock).toHaveBeenCalledWith('passwordChanged');
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it("says when the current password is not right (Cognito's NotAuthorizedException)", async () => {
    updatePassword.mockRejectedValueOnce(Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' }));
    renderUi(<AccountRoute />);
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'wrong-pass-1' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new-pass-456' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'new-pass-456' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Change password' })));
    expect(await screen.findByText('Your current password is not right.')).toBeTruthy();
    expect(screen.queryByTestId('password-changed')).toBeNull();
    expect(apiMock).not.toHaveBeenCalledWith('passwordChanged');
  });
});
