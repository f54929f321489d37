// @vitest-environment jsdom
// (jsdom: under happy-dom the phone test reads the wide-screen rules, an absolute panel)
/** The request-feedback dialog: its details and checks, the tracks it offers, and Choose Your Pro that opens it. */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../web/src/lib/api', () => import('./amplify-mock'));
vi.mock('../../../web/src/lib/realtime-provider', () => ({ useRealtime: () => undefined }));

import { ApiError } from '../../../web/src/lib/api-client';
import { ShareModal } from '../../../web/src/features/feedback/components/share-modal';
import { ChooseProGrid } from '../../../web/src/features/pros/components/choose-pro-grid';
import { apiMock } from './amplify-mock';
import type { UserCard } from '../../../shared/schemas/directory';
import { shareView as share, trackStack, userCard as user } from './fixtures';
import { renderUi, withStyles } from './render';

const VETTED: UserCard['worldClass'] = { reason: 'Mixed two UK No. 1 singles', at: '2026-01-01T00:00:00.000Z' };

const renderWithQuery = (ui: React.ReactElement) => renderUi(ui, { url: null });
const calls = (name: string) => apiMock.mock.calls.filter((c) => c[0] === name);

beforeEach(() => {
  apiMock.mockReset();
  // A request left at the payment step is kept for the tab (request-draft.ts): each test starts without.
  sessionStorage.clear();
});

describe('the share modal', () => {
  const tracks = [
    { id: 't1', title: 'Night Drive' },
    { id: 't2', title: 'Day Trip' },
  ];

  it('keeps submit disabled until a user is chosen, checks the fields and confirms', async () => {
    apiMock.mockImplementation(async (name: string) => {
      if (name === 'createShare') return share({ status: 'pending' });
      throw new Error(name);
    });
    const { rerender } = renderWithQuery(<ShareModal open={false} onClose={() => {}} tracks={tracks} />);
    rerender(<ShareModal open onClose={() => {}} tracks={tracks} initialUser={null} initialTrackId="t2" />);
    const dialog = screen.getByRole('dialog', { name: 'Request Feedback' });
    expect((within(dialog).getByTestId('share-submit') as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByLabelText('Track') as HTMLSelectElement).value).toBe('t2');
    cleanup();

    renderWithQuery(<ShareModal open onClose={() => {}} tracks={tracks} initialUser={user()} />);
    const submit = screen.getByTestId('share-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    expect(screen.getByTestId('share-notes-error').textContent).toBe('Feedback notes are required');
    expect(screen.getByTestId('share-context-error').textContent).toBe('Context is required');
    expect(screen.getByTestId('share-track-error').textContent).toBe('Choose a track');
    expect(calls('createShare')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Track'), { target: { value: 't1' } });
    fireEvent.change(screen.getByLabelText('Feedback notes'), { target: { value: ' Does the chorus hit? ' } });
    fireEvent.change(screen.getByLabelText('Context'), { target: { value: 'mix_check' } });
    fireEvent.change(screen.getByLabelText('Reference track (optional)'), { target: { value: 'Artist - Song' } });
    fireEvent.click(within(screen.getByRole('group', { name: 'Feedback categories' })).getByRole('button', { name: 'Mixing' }));
    fireEvent.change(screen.getByLabelText('Track purpose'), { target: { value: 'streaming_release' } });
    fireEvent.click(screen.getByLabelText('An instrumental: no vocals or lyrics to score'));
    fireEvent.click(submit);
    expect(await screen.findByText('Feedback Request Sent!')).toBeTruthy();
    expect(calls('createShare')).toEqual([
      [
        'createShare',
        {
          sharedWithId: 'p1',
          trackId: 't1',
          shareOptions: {
            feedbackNotes: 'Does the chorus hit?',
            context: 'mix_check',
            referenceTrack: 'Artist - Song',
            categories: ['mixing'],
            trackPurpose: 'streaming_release',
            vocalsLyrics: false,
            peerUsername: 'quinnpeer',
          },
          // One key per request: a double-click or a retry cannot make a second share.
          idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
        },
      ],
    ]);
  });

  it('marks Feedback notes and Context as required, their labels as written', () => {
    withStyles('styles/forms.css');
    renderWithQuery(<ShareModal open onClose={() => {}} tracks={tracks} initialUser={user()} />);
    const labelOf = (name: string) => document.querySelector(`label[for="${screen.getByLabelText(name).id}"]`)!;
    for (const name of ['Feedback notes', 'Context']) {
      expect(screen.getByLabelText(name).hasAttribute('required')).toBe(true);
      expect(labelOf(name).textContent).toBe(name);
      expect(labelOf(name).classList.contains('is-required')).toBe(true);
    }
    expect(labelOf('Reference track (optional)').classList.contains('is-required')).toBe(false);
    // The mark is drawn after such a label (the screen shows it; jsdom computes no pseudo-element).
    const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules]) as CSSStyleRule[];
    expect(rules.find((r) => r.selectorText === '.field-label.is-required::after')?.style.content).toContain('*');
  });

  it('Esc closes the open search list first, then the dialog', async () => {
    apiMock.mockResolvedValue({ users: [user()] });
    const onClose = vi.fn();
    renderWithQuery(<ShareModal open onClose={onClose} tracks={tracks} />);
    const input = screen.getByRole('combobox', { name: 'Share with' });
    fireEvent.change(input, { target: { value: 'quinn' } });
    await screen.findByTestId('user-option');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks before throwing away written notes, by Esc or Cancel alike', () => {
    const onClose = vi.fn();
    renderWithQuery(<ShareModal open onClose={onClose} tracks={tracks} initialUser={user()} />);
    fireEvent.change(screen.getByLabelText('Feedback notes'), { target: { value: 'Is the drop big enough?' } });
    fireEvent.keyDown(screen.getByLabelText('Feedback notes'), { key: 'Escape' });
    const confirm = screen.getByRole('alertdialog', { name: 'Discard this request?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Feedback notes') as HTMLTextAreaElement).value).toBe('Is the drop big enough?');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(screen.getByRole('alertdialog', { name: 'Discard this request?' })).getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("shows a priced pro's price and says before anything is typed that payment comes next", () => {
    renderWithQuery(
      <ShareModal
        open
        onClose={() => {}}
        tracks={tracks}
        initialUser={user({ fullName: 'Paul Producer', feedbackPriceCents: 3000 })}
        initialTrackId="t1"
      />,
    );
    expect(screen.getByTestId('share-tier').textContent).toBe('Choose Your Pro');
    expect(screen.getByTestId('share-price').textContent).toBe('$30 per feedback');
    expect(screen.getByTestId('share-paid').textContent).toContain('You pay on the next step, with PayPal.');
    fireEvent.change(screen.getByLabelText('Feedback notes'), { target: { value: 'Notes' } });
    fireEvent.change(screen.getByLabelText('Context'), { target: { value: 'first_draft' } });
    const submit = screen.getByTestId('share-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(false);
    expect(submit.textContent).toBe('Continue to Payment');
  });

  it('names the feedback tier a request to the chosen user buys once someone is chosen: World-Class only when vetted', () => {
    const { rerender } = renderWithQuery(<ShareModal open onClose={() => {}} tracks={tracks} />);
    expect(screen.queryByTestId('share-tier')).toBeNull();
    const tierFor = (feedbackPriceCents: number | null, worldClass: UserCard['worldClass'] = null) => {
      const id = `p${feedbackPriceCents}${worldClass ? 'v' : ''}`;
      rerender(<ShareModal open onClose={() => {}} tracks={tracks} initialUser={user({ id, feedbackPriceCents, worldClass })} />);
      return screen.queryByTestId('share-tier')?.textContent;
    };
    expect(tierFor(null)).toBe('Free peer feedback');
    // A pro asking $15 is chosen by name: Snip Pro is the tier where Snip finds the reviewer.
    expect(tierFor(1500)).toBe('Choose Your Pro');
    expect(tierFor(9000)).toBe('Choose Your Pro');
    expect(tierFor(9000, VETTED)).toBe('World-Class DJs & Producers');
  });

  it("shows the API's message when a request is refused", async () => {
    apiMock.mockRejectedValue(
      new ApiError(409, 'payment_required', 'Paul Producer charges $30 per feedback: pay for the request to send it.'),
    );
    renderWithQuery(
      <ShareModal open onClose={() => {}} tracks={tracks} initialUser={user({ fullName: 'Paul Producer' })} initialTrackId="t1" />,
    );
    fireEvent.change(screen.getByLabelText('Feedback notes'), { target: { value: 'Notes' } });
    fireEvent.change(screen.getByLabelText('Context'), { target: { value: 'first_draft' } });
    fireEvent.click(screen.getByTestId('share-submit'));
    expect((await screen.findByTestId('share-error')).textContent).toBe(
      'Paul Producer charges $30 per feedback: pay for the request to send it.',
    );
    expect(screen.queryByText('Feedback Request Sent!')).toBeNull();
  });
});

describe('the share dialog over the track list', () => {
  const ready = (id: string, title: string) =>
    trackStack({
      id,
      title,
      userId: 'm1',
      audioUrl: `audio/m1/${id}.mp3`,
      duration: 60,
      createdAt: '2026-01-02T00:00:00.000Z',
      updatedAt: '2026-01-02T00:00:00.000Z',
    });

  it('offers the loaded tracks, then older ones a page at a time', async () => {
    apiMock.mockImplementation(async (name: string, input?: { cursor?: string }) => {
      if (name !== 'listTracks') throw new Error(name);
      return input?.cursor === 'c2'
        ? { tracks: [ready('t2', 'Old Demo')], next: null, total: 2 }
        : { tracks: [ready('t1', 'New Song')], next: 'c2', total: 2 };
    });
    const { ShareDialog } = await import('../../../web/src/app/routes/share-dialog');
    renderWithQuery(<ShareDialog open onClose={() => {}} initialUser={user()} />);
    const picker = screen.getByLabelText('Track') as HTMLSelectElement;
    await waitFor(() => expect([...picker.options].map((o) => o.textContent)).toEqual(['Choose a track', 'New Song']));
    fireEvent.click(screen.getByTestId('share-more-tracks'));
    await waitFor(() => expect([...picker.options].map((o) => o.textContent)).toEqual(['Choose a track', 'New Song', 'Old Demo']));
    expect(screen.queryByTestId('share-more-tracks')).toBeNull();
    expect(apiMock.mock.calls.filter((c) => c[0] === 'listTracks').map((c) => c[1])).toEqual([{}, { cursor: 'c2' }]);
  });
});

describe('Choose Your Pro', () => {
  it('shows each pro with the price line only when set, the name fallback and the More about panel', async () => {
    apiMock.mockImplementation(async (name: string) => {
      if (name !== 'listPros') throw new Error(name);
      return {
        users: [
          user({ availability: '1-3 sessions/week', featuredTrack: 'https://music.test/one', website: 'https://quinn.test' }),
          user({ id: 'p2', fullName: '', username: '', feedbackPriceCents: 3000 }),
          user({ id: 'p3', fullName: '  ', username: 'nonameyet' }),
        ],
      };
    });
    const onChoose = vi.fn();
    renderWithQuery(<ChooseProGrid onChoose={onChoose} />);
    expect(screen.getByText('Loading...')).toBeTruthy();
    const cards = await screen.findAllByTestId('pro-card');
    expect(cards.map((c) => within(c).getByTestId('pro-name').textContent)).toEqual(['Quinn Peer', 'User', 'User']);
    expect(within(cards[0]).queryByTestId('pro-price')).toBeNull();
    expect(within(cards[1]).getByTestId('pro-price').textContent).toBe('$30 per feedback');
    expect(cards[0].querySelector('img')!.getAttribute('src')).toBe('/default-profile.svg');

    const more = within(cards[0]).getByRole('button', { name: 'More about Quinn Peer' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    const panel = within(cards[0]).getByRole('region', { name: 'More about Quinn Peer' });
    expect(panel.textContent).toContain('Availability1-3 sessions/week');
    expect(panel.textContent).toContain('GenresIndie Rock, Indie Folk, Singer-Songwriter');
    expect(panel.textContent).not.toContain('Response Time');
    expect(panel.textContent).not.toContain('Key Credits');
    expect(within(panel).getByRole('link', { name: 'music.test/one' }).getAttribute('href')).toBe('https://music.test/one');
    expect(within(panel).getByRole('link', { name: 'Website' }).getAttribute('href')).toBe('https://quinn.test');

    fireEvent.click(within(cards[0]).getByRole('button', { name: 'Choose Pro' }));
    expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ id: 'p1' }));
  });

  it('names the tier each pro is chosen in: free, Choose Your Pro at any price, World-Class only when vetted', async () => {
    const prices = [null, 1500, 3000, 9000, 2500];
    apiMock.mockResolvedValue({
      users: [
        ...prices.map((feedbackPriceCents, i) => user({ id: `p${i}`, feedbackPriceCents })),
        user({ id: 'pv', feedbackPriceCents: 9000, worldClass: VETTED }),
      ],
    });
    renderWithQuery(<ChooseProGrid onChoose={() => {}} />);
    const cards = await screen.findAllByTestId('pro-card');
    expect(cards.map((c) => within(c).queryByTestId('pro-tier')?.textContent ?? null)).toEqual([
      'Free peer feedback',
      'Choose Your Pro',
      'Choose Your Pro',
      'Choose Your Pro',
      'Choose Your Pro',
      'World-Class DJs & Producers',
    ]);
  });

  it("on a phone, an open 'More about' flows in its card above Choose Pro, never over it", async () => {
    withStyles('styles/global.css', 'styles/app-shell.css', 'styles/shared-bits.css', 'styles/app.css', 'features/pros/pros.css');
    apiMock.mockResolvedValue({ users: [user({ availability: '1-3 sessions/week' })] });
    renderWithQuery(<ChooseProGrid onChoose={() => {}} />);
    const [card] = await screen.findAllByTestId('pro-card');
    const more = within(card).getByRole('button', { name: 'More about Quinn Peer' });
    fireEvent.pointerEnter(more);
    fireEvent.click(more);
    const panel = within(card).getByTestId('pro-more-panel');
    expect(getComputedStyle(panel).display).toBe('flex');
    expect(getComputedStyle(panel).position).toBe('static');
    // No popover placement on a phone: nothing lifts the panel out of the card's flow.
    expect(panel.getAttribute('style')).toBeNull();
    expect(panel.compareDocumentPosition(within(card).getByTestId('pro-choose')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("names each pro with a heading one level below the grid's own", async () => {
    apiMock.mockResolvedValue({ users: [user()] });
    renderWithQuery(<ChooseProGrid onChoose={() => {}} headingLevel={2} />);
    expect((await screen.findByRole('heading', { level: 2, name: 'Quinn Peer' })).getAttribute('data-testid')).toBe('pro-name');
    cleanup();
    renderWithQuery(<ChooseProGrid onChoose={() => {}} />);
    expect(await screen.findByRole('heading', { level: 3, name: 'Quinn Peer' })).toBeTruthy();
  });

  it("says 'No pros found' when there are none", async () => {
    apiMock.mockResolvedValue({ users: [] });
    renderWithQuery(<ChooseProGrid onChoose={() => {}} />);
    expect((await screen.findByTestId('pros-empty')).textContent).toBe('No pros found');
  });
});
