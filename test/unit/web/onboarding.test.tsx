// @vitest-environment happy-dom
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const setMe = vi.hoisted(() => vi.fn());
const me = vi.hoisted(() => ({
  current: { type: 'musician', proApplication: 'draft' } as { type: string; proApplication: string | null },
}));
vi.mock('../../../web/src/lib/api', () => import('./amplify-mock'));
vi.mock('../../../web/src/lib/auth', () => ({
  meQueryKey: ['me'],
  useAuth: () => ({ status: 'signedIn', groups: [], logout: vi.fn() }),
  useMe: () => ({ data: me.current }),
  useSetMe: () => setMe,
}));

import { MusicianOnboarding } from '../../../web/src/features/onboarding/components/musician-onboarding';
import { ProOnboarding } from '../../../web/src/features/onboarding/components/pro-onboarding';
import { apiMock, holdAnswers } from './amplify-mock';
import { renderUi } from './render';

const renderAt = (element: React.ReactNode) =>
  renderUi(element, { url: '/onboarding/x', path: '/onboarding/x', routes: { '/dashboard': <h1>Dashboard</h1> } });

beforeEach(() => vi.clearAllMocks());

describe('musician onboarding', () => {
  it('saves the genres, shows "Saving..." and goes to the dashboard', async () => {
    const resolve = holdAnswers();
    renderAt(<MusicianOnboarding />);
    const button = screen.getByTestId('genres-continue');
    expect(button.textContent).toBe('Select at least one genre');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('genre-group-latin'));
    fireEvent.click(screen.getByTestId('genre-chip-salsa'));
    expect(button.textContent).toBe('Continue');
    fireEvent.click(button);
    expect(await screen.findByText('Saving...')).toBeTruthy();
    expect(apiMock).toHaveBeenCalledWith('saveGenres', { genres: ['Salsa'] });
    await act(async () => resolve({ id: 'u', genres: ['Salsa'] }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(setMe.mock.calls[0][0]).toEqual({ id: 'u', genres: ['Salsa'] });
  });

  it("says 'Failed to save genres. Please try again.' when saving fails", async () => {
    apiMock.mockRejectedValue(new Error('boom'));
    renderAt(<MusicianOnboarding />);
    fireEvent.click(screen.getByTestId('genre-group-metal'));
    fireEvent.click(screen.getByTestId('genre-chip-djent'));
    fireEvent.click(screen.getByTestId('genres-continue'));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to save genres. Please try again.');
    expect(screen.getByTestId('genres-continue').textContent).toBe('Continue');
  });
});

describe('pro onboarding', () => {
  async function fillAndSend() {
    renderAt(<ProOnboarding />);
    expect(screen.getByTestId('cost-range-value').textContent).toBe('$50 - $150');
    expect(screen.getByTestId('experience-value').textContent).toBe('1 year');
    const button = screen.getByTestId('pro-complete');
    expect(button.textContent).toBe('Select at least one genre');
    fireEvent.click(screen.getByTestId('genre-group-classical'));
    fireEvent.click(screen.getByTestId('genre-chip-opera'));
    expect(button.textContent).toBe('Complete Profile');
    fireEvent.change(screen.getByLabelText('Minimum cost'), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('Maximum cost'), { target: { value: '180' } });
    fireEvent.change(screen.getByRole('slider', { name: 'Years of Experience' }), { target: { value: '30' } });
    expect(screen.getByTestId('cost-range-value').textContent).toBe('$20 - $180');
    expect(screen.getByTestId('experience-value').textContent).toBe('30 years');
    fireEvent.click(button);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  }

  it("sends a musician's genres, cost range and experience as their application", async () => {
    me.current = { type: 'musician', proApplication: 'draft' };
    apiMock.mockResolvedValue({ userId: 'u', status: 'pending' });
    await fillAndSend();
    expect(apiMock).toHaveBeenCalledWith('applyForPro', { genres: ['Opera'], costRange: { min: 20, max: 180 }, experience: 30 });
    expect(apiMock).not.toHaveBeenCalledWith('saveProProfile', expect.anything());
  });

  it('saves them for a pro (made one by an admin) who lacks them', async () => {
    me.current = { type: 'pro', proApplication: null };
    apiMock.mockResolvedValue({ id: 'u' });
    await fillAndSend();
    expect(apiMock).toHaveBeenCalledWith('saveProProfile', { genres: ['Opera'], costRange: { min: 20, max: 180 }, experience: 30 });
  });
});
