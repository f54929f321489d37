// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserView } from '../../../shared/schemas/users';

const setMe = vi.hoisted(() => vi.fn());
const reloadPage = vi.hoisted(() => vi.fn());
const me = vi.hoisted(() => ({ current: null as unknown }));

vi.mock('../../../web/src/lib/api', () => import('./amplify-mock'));
vi.mock('../../../web/src/lib/auth', () => ({
  meQueryKey: ['me'],
  useSetMe: () => setMe,
  useMe: () => ({ data: me.current, isPending: false }),
}));
vi.mock('../../../web/src/features/profile/utils/reload', () => ({ reloadPage }));

import { ProfileRoute } from '../../../web/src/app/routes/profile';
import { GenresSection } from '../../../web/src/features/profile/components/genres-section';
import { PoolWorkCard } from '../../../web/src/features/profile/components/pool-work-card';
import { PriceCard } from '../../../web/src/features/profile/components/price-card';
import { ProApplicationCard } from '../../../web/src/features/profile/components/pro-application-card';
import { ProfileForm } from '../../../web/src/features/profile/components/profile-form';
import { SocialLinksSection } from '../../../web/src/features/profile/components/social-links-section';
import { ApiError } from '../../../web/src/lib/api-client';
import { answerRoutes, apiMock, holdAnswers } from './amplify-mock';
import { userView } from './fixtures';
import { renderUi } from './render';

const USER: UserView = userView({
  id: 'u1',
  email: 'paul@example.test',
  fullName: 'Paul Producer',
  username: 'paulp',
  type: 'pro',
  costRange: { min: 0, max: 50 },
  experience: 3,
  bio: 'Mixing engineer',
  socialMedia: [{ platform: 'instagram', url: 'https://instagram.com/paul.p' }],
  proApplication: 'approved',
});

const saveButton = () => screen.getByTestId('profile-save') as HTMLButtonElement;

beforeEach(() => {
  vi.clearAllMocks();
  sessionStorage.clear();
});

describe('the profile form', () => {
  it('keeps Save disabled until something changes, then sends only the changed fields, trimmed, and reloads', async () => {
    const resolve = holdAnswers();
    renderUi(<ProfileForm user={USER} />);
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Bio'), { target: { value: 'Mixing engineer  ' } });
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Bio'), { target: { value: '  Mastering too  ' } });
    fireEvent.change(screen.getByLabelText('Availability'), { target: { value: '7+ sessions/week' } });
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(saveButton());
    expect(await screen.findByText('Saving...')).toBeTruthy();
    expect(apiMock).toHaveBeenCalledWith('updateProfile', { bio: 'Mastering too', availability: '7+ sessions/week' });
    await act(async () => resolve({ ...USER, bio: 'Mastering too' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
  });

  it("says 'Profile saved' on the page the save's reload brings, once", async () => {
    me.current = { ...USER, type: 'musician', proApplication: 'none' };
    answerRoutes({ updateProfile: () => ({ ...USER, bio: 'Saved bio' }), getMyApplication: () => ({ application: null }) });
    const page = renderUi(<ProfileRoute />);
    expect(screen.queryByTestId('profile-saved')).toBeNull();
    fireEvent.change(screen.getByLabelText('Bio'), { target: { value: 'Saved bio' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    // Not before the reload: the page is about to go.
    expect(screen.queryByTestId('profile-saved')).toBeNull();
    page.unmount();

    // The reloaded page (in StrictMode, as in development).
    const reloaded = renderUi(<ProfileRoute />, { strict: true });
    const saved = await screen.findByTestId('profile-saved');
    expect(saved.textContent).toBe('Profile saved');
    expect(saved.getAttribute('role')).toBe('status');
    fireEvent.click(within(saved).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('profile-saved')).toBeNull();
    reloaded.unmount();

    // Any later visit or reload says nothing.
    renderUi(<ProfileRoute />);
    await screen.findByTestId('profile-form-panel');
    expect(screen.queryByTestId('profile-saved')).toBeNull();
  });

  it("asks a musician nothing of a pro's listing (mentorship style, availability, response time); a pro all three", () => {
    const listing = ['Mentorship Style', 'Availability', 'Response Time'];
    const musician = renderUi(<ProfileForm user={{ ...USER, type: 'musician', proApplication: null }} />);
    for (const label of listing) expect(screen.queryByLabelText(label)).toBeNull();
    expect(screen.getByLabelText('Bio')).toBeTruthy();
    musician.unmount();
    renderUi(<ProfileForm user={USER} />);
    for (const label of listing) expect(screen.getByLabelText(label)).toBeTruthy();
  });

  it('shows the mentorship styles capitalised and clears a field emptied', async () => {
    apiMock.mockResolvedValue(USER);
    renderUi(<ProfileForm user={{ ...USER, location: 'Berlin', mentorshipStyle: 'holistic' }} />);
    const style = screen.getByLabelText('Mentorship Style') as HTMLSelectElement;
    expect([...style.options].map((o) => o.textContent)).toEqual(['Not set', 'Technical', 'Creative', 'Holistic']);
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: '  ' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(apiMock).toHaveBeenCalledWith('updateProfile', { location: null }));
  });

  it("requires the name and the username: 'This field is required', nothing sent", () => {
    renderUi(<ProfileForm user={USER} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: ' ' } });
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: '' } });
    fireEvent.click(saveButton());
    expect(screen.getByTestId('fullName-error').textContent).toBe('This field is required');
    expect(screen.getByTestId('username-error').textContent).toBe('This field is required');
    expect(apiMock).not.toHaveBeenCalled();
    // Editing a field clears its error.
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Paul' } });
    expect(screen.queryByTestId('fullName-error')).toBeNull();
  });

  it('shows a taken username under the field, and any other failure as a red banner', async () => {
    apiMock.mockRejectedValueOnce(new ApiError(409, 'username_taken', 'Username already exists. Please choose a different one.'));
    renderUi(<ProfileForm user={USER} />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'mia' } });
    fireEvent.click(saveButton());
    expect((await screen.findByTestId('username-error')).textContent).toBe('Username already exists. Please choose a different one.');
    expect(screen.queryByRole('alert')).toBeNull();

    apiMock.mockRejectedValueOnce(new ApiError(0, 'network', 'Failed to fetch'));
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'paul2' } });
    fireEvent.click(saveButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Error updating profile. Please try again.');
    expect(reloadPage).not.toHaveBeenCalled();
  });
});

describe('genres', () => {
  it("shows three then '+N', and the dialog refuses none and saves the chosen ones", async () => {
    apiMock.mockResolvedValue({ ...USER, genres: ['House', 'Jazz'] });
    renderUi(<GenresSection genres={['House', 'Pop', 'Rock', 'Jazz', 'Soul']} />);
    expect(
      within(screen.getByTestId('profile-genres'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['House', 'Pop', 'Rock', '+2and 2 more']);

    fireEvent.click(screen.getByRole('button', { name: 'Edit genres' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit genres' });
    const group = within(dialog).getByRole('group', { name: 'Genres' });
    // The chosen ones first (onboarding's 'House' among them), then the flat list.
    expect(
      within(group)
        .getAllByRole('button')
        .slice(0, 6)
        .map((b) => b.textContent),
    ).toEqual(['✓House', '✓Pop', '✓Rock', '✓Jazz', '✓Soul', 'Hip Hop']);
    expect(within(dialog).getByTestId('genres-selected').textContent).toBe('5 genre(s) selected');
    for (const g of ['Pop', 'Rock', 'Soul', 'House', 'Jazz'])
      fireEvent.click(within(group).getByRole('button', { name: new RegExp(`^✓?${g}$`) }));
    const save = within(dialog).getByTestId('genres-save') as HTMLButtonElement;
    expect(within(dialog).getByTestId('genres-selected').textContent).toBe('0 genre(s) selected');
    expect(save.textContent).toBe('Please select at least one genre');
    expect(save.disabled).toBe(true);
    fireEvent.click(within(group).getByRole('button', { name: 'House' }));
    fireEvent.click(within(group).getByRole('button', { name: 'Jazz' }));
    fireEvent.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(apiMock).toHaveBeenCalledWith('saveGenres', { genres: ['House', 'Jazz'] });
    expect(setMe).toHaveBeenCalled();
  });

  it("says 'Failed to save genres. Please try again.' when saving fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    apiMock.mockRejectedValue(new Error('boom'));
    renderUi(<GenresSection genres={['House']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit genres' }));
    fireEvent.click(screen.getByTestId('genres-save'));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to save genres. Please try again.');
    expect(screen.getByRole('dialog', { name: 'Edit genres' })).toBeTruthy();
  });
});

describe('social links', () => {
  it('shows each saved handle without its prefix, a preview of the saved address, and sends only what changed', async () => {
    apiMock.mockResolvedValue(USER);
    renderUi(<SocialLinksSection user={USER} />);
    expect(screen.getByTestId('profile-link-instagram').getAttribute('href')).toBe('https://instagram.com/paul.p');
    fireEvent.click(screen.getByRole('button', { name: 'Edit links' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit links' });
    expect((within(dialog).getByLabelText('Instagram') as HTMLInputElement).value).toBe('paul.p');
    expect(within(dialog).getByLabelText('Website').getAttribute('placeholder')).toBe('your website URL');
    const preview = within(dialog).getByRole('link', { name: 'Open your saved Instagram link in a new tab' });
    expect(preview.getAttribute('href')).toBe('https://instagram.com/paul.p');
    expect(preview.getAttribute('target')).toBe('_blank');
    expect(preview.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(dialog).queryByTestId('social-preview-tiktok')).toBeNull();
    // One input per platform, each with its label; the prefix is shown beside the handle.
    expect(within(dialog).getAllByRole('textbox')).toHaveLength(7);
    expect(within(dialog).getByText('linkedin.com/in/')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('TikTok'), { target: { value: ' @paulmix ' } });
    fireEvent.change(within(dialog).getByLabelText('Instagram'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(apiMock).toHaveBeenCalledWith('saveSocialLinks', { links: { tiktok: '@paulmix', instagram: '' } });
  });

  it('refuses what is not a web address under its input, and Cancel sends nothing', () => {
    renderUi(<SocialLinksSection user={USER} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit links' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit links' });
    fireEvent.change(within(dialog).getByLabelText('Website'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByTestId('social-error-website').textContent).toBe('The website link is not a valid web address');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(apiMock).not.toHaveBeenCalled();
  });
});

describe("a pro's price", () => {
  it('selects the current tier and saves another', async () => {
    apiMock.mockResolvedValue({ ...USER, feedbackPriceCents: 3000 });
    renderUi(<PriceCard feedbackPriceCents={1500} />);
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.closest('label')!.querySelector('.price-tier-amount')!.textContent)).toEqual(['Free', '$15', '$30', '$90']);
    expect(radios.map((r) => r.checked)).toEqual([false, true, false, false]);
    const save = screen.getByRole('button', { name: 'Save price' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(radios[2]);
    fireEvent.click(save);
    await waitFor(() => expect(apiMock).toHaveBeenCalledWith('setOwnPrice', { price: 30, freeRechecks: false }));
    expect(setMe).toHaveBeenCalled();
  });

  it('offers the World-Class price only to a pro vetted as World-Class', () => {
    const { unmount } = renderUi(<PriceCard feedbackPriceCents={3000} />);
    const worldClass = screen.getByTestId('price-tier-90') as HTMLInputElement;
    expect(worldClass.disabled).toBe(true);
    expect(worldClass.getAttribute('aria-describedby')).toBe(screen.getByTestId('price-world-class').id);
    expect(screen.getByTestId('price-world-class').textContent).toBe(
      '$90 is the World-Class price, for pros Snip has vetted as World-Class.',
    );
    unmount();
    renderUi(<PriceCard feedbackPriceCents={3000} worldClass />);
    expect((screen.getByTestId('price-tier-90') as HTMLInputElement).disabled).toBe(false);
    expect(screen.queryByTestId('price-world-class')).toBeNull();
  });

  it('says what a re-check costs, half the price, and makes re-checks free', async () => {
    apiMock.mockResolvedValue({ ...USER, feedbackPriceCents: 3000, freeRechecks: true });
    renderUi(<PriceCard feedbackPriceCents={3000} />);
    expect(screen.getByTestId('price-recheck').textContent).toBe('A re-check of a later version costs $15.00: half your price.');
    fireEvent.click(screen.getByLabelText('Re-check a later version for free'));
    expect(screen.getByTestId('price-recheck').textContent).toBe('Re-checks of a later version are free.');
    fireEvent.click(screen.getByRole('button', { name: 'Save price' }));
    await waitFor(() => expect(apiMock).toHaveBeenCalledWith('setOwnPrice', { price: 30, freeRechecks: true }));
  });
});

describe("a pro's Snip Pro requests", () => {
  const chip = (key: string) => screen.getByTestId(`category-${key}`);
  const pressed = (key: string) => chip(key).getAttribute('aria-pressed');

  it('asks for focus areas only once opted in, saves each choice after the one before, and puts back a failed one', async () => {
    const answers: { input: Record<string, unknown>; settle: (ok: boolean) => void }[] = [];
    apiMock.mockImplementation(
      (_name: string, input: Record<string, unknown>) =>
        new Promise((resolve, reject) =>
          answers.push({ input, settle: (ok) => (ok ? resolve(USER) : reject(new ApiError(503, 'try_again', 'Down'))) }),
        ),
    );
    const { unmount } = renderUi(<PoolWorkCard takesPoolWork={false} focusAreas={[]} />);
    expect(screen.queryByTestId('pool-focus')).toBeNull();
    unmount();

    renderUi(<PoolWorkCard takesPoolWork focusAreas={['mixing']} />);
    expect(pressed('mixing')).toBe('true');
    expect(screen.getByTestId('pool-focus').textContent).toContain('Requests asking about these come to you first.');
    // A double click: on, then off. The second save waits for the first, so they land in the order clicked.
    fireEvent.click(chip('mastering'));
    fireEvent.click(chip('mastering'));
    expect(pressed('mastering')).toBe('false');
    await waitFor(() => expect(answers).toHaveLength(1));
    expect(answers[0].input).toEqual({ focusAreas: ['mixing', 'mastering'] });
    await act(async () => answers[0].settle(true));
    await waitFor(() => expect(answers).toHaveLength(2));
    expect(answers[1].input).toEqual({ focusAreas: ['mixing'] });
    await act(async () => answers[1].settle(true));

    // A failed save puts back what was saved last, and says so.
    fireEvent.click(chip('vocal'));
    expect(pressed('vocal')).toBe('true');
    await waitFor(() => expect(answers).toHaveLength(3));
    await act(async () => answers[2].settle(false));
    await waitFor(() => expect(pressed('vocal')).toBe('false'));
    expect(pressed('mixing')).toBe('true');
    expect(screen.getByRole('alert').textContent).toContain('Down');
  });
});

describe('the application to become a pro', () => {
  const musician = { ...USER, type: 'musician' as const, proApplication: null };

  it('sends the genres, cost range, experience, credits and featured track', async () => {
    apiMock.mockImplementation(async (name: string, input: unknown) => {
      if (name === 'getMyApplication') return { application: null };
      if (name === 'applyForPro') return { ...(input as object), userId: 'u1', status: 'pending', reason: null };
      throw new Error(name);
    });
    renderUi(<ProApplicationCard user={musician} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Apply to become a pro' }));
    expect(screen.getByTestId('application-cost-value').textContent).toBe('$50 - $150');
    fireEvent.change(screen.getByLabelText('Credits'), { target: { value: ' Two EPs ' } });
    fireEvent.change(screen.getByLabelText('Featured track link'), { target: { value: 'https://music.test/demo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send application' }));
    expect((await screen.findByTestId('application-pending')).textContent).toBe(
      'Your application is being reviewed. We will e-mail you when it is decided.',
    );
    expect(apiMock).toHaveBeenCalledWith('applyForPro', {
      genres: ['House'],
      costRange: { min: 50, max: 150 },
      experience: 1,
      credits: 'Two EPs',
      featuredTrack: 'https://music.test/demo',
    });
  });

  it('refuses a featured track that is not a link, under its field', async () => {
    apiMock.mockResolvedValue({ application: null });
    renderUi(<ProApplicationCard user={musician} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Apply to become a pro' }));
    fireEvent.change(screen.getByLabelText('Featured track link'), { target: { value: 'my best track' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send application' }));
    expect(screen.getByTestId('featuredTrack-error').textContent).toContain('is not a web link');
    expect(apiMock).not.toHaveBeenCalledWith('applyForPro', expect.anything());
  });

  it('shows the reason of a declined application and lets the musician apply again', async () => {
    apiMock.mockResolvedValue({
      application: { status: 'declined', reason: 'Add a featured track we can listen to.', decidedAt: '2026-03-02T10:00:00.000Z' },
    });
    renderUi(<ProApplicationCard user={{ ...musician, proApplication: 'declined' }} />);
    expect((await screen.findByTestId('application-reason')).textContent).toBe('Add a featured track we can listen to.');
    fireEvent.click(screen.getByRole('button', { name: 'Apply again' }));
    expect(screen.getByTestId('application-form')).toBeTruthy();
  });
});

describe('the page', () => {
  const headings = () => screen.getAllByRole('heading').map((h) => `${h.tagName} ${h.textContent}`);

  it("a pro's: h1 'Profile', the header, the form, genres, links, the price, Snip Pro requests, the Current Balance and Payouts, and Billing & Plan", async () => {
    me.current = USER;
    answerRoutes({
      getEarnings: () => ({ balanceCents: 2400, availableCents: 2400, heldCents: 0, pendingCents: 0, chargeback: null, entries: [] }),
      getPayoutAccount: () => ({ email: null, pausedUntil: null, held: null, availableCents: 2400, openPayoutId: null }),
      listPayouts: () => ({ payouts: [], next: null }),
    });
    renderUi(<ProfileRoute />);
    expect(headings().join(' | ')).toBe(
      'H1 Profile | H2 Paul Producer | H2 Profile details | H2 Genres | H2 Social Links | H2 Your price | H2 Snip Pro requests | H2 Current Balance | H2 Payouts | H3 History',
    );
    expect(screen.getByRole('link', { name: 'Billing & Plan' }).getAttribute('href')).toBe('/settings');
    expect(screen.getByTestId('profile-role').textContent).toBe('Pro');
    expect((await screen.findByTestId('earnings-balance')).textContent).toBe('$24.00');
    expect(screen.getByText('Earnings from feedback provided')).toBeTruthy();
    expect(screen.queryByTestId('application-card')).toBeNull();
  });

  it("a musician's: the application instead of the price and balance", async () => {
    me.current = { ...USER, type: 'musician', proApplication: 'pending' };
    answerRoutes({ getMyApplication: () => ({ application: { status: 'pending', reason: null } }) });
    renderUi(<ProfileRoute />);
    expect(headings().join(' | ')).toBe(
      'H1 Profile | H2 Paul Producer | H2 Apply to become a pro | H2 Profile details | H2 Genres | H2 Social Links',
    );
    expect(screen.getByTestId('application-pending').textContent).toBe(
      'Your application is being reviewed. We will e-mail you when it is decided.',
    );
    expect(screen.queryByTestId('price-card')).toBeNull();
    expect(screen.queryByTestId('earnings-card')).toBeNull();
    expect(apiMock).not.toHaveBeenCalledWith('getEarnings');
    expect(screen.getByRole('link', { name: 'Billing & Plan' }).getAttribute('href')).toBe('/settings');
  });
});
