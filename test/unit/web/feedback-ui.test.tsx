// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState, type ReactElement } from 'react';
import { wavesurfers } from '../../support/fake-wavesurfer';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShareDetail } from '../../../shared/schemas/shares';
import type { UserCard } from '../../../shared/schemas/directory';

const realtimeHandlers = vi.hoisted(() => new Map<string, (e: unknown) => void>());

vi.mock('../../../web/src/lib/api', () => import('./amplify-mock'));
vi.mock('../../../web/src/lib/realtime-provider', () => ({
  useRealtime: (entity: string, handler: (e: unknown) => void) => realtimeHandlers.set(entity, handler),
}));
vi.mock('wavesurfer.js', () => import('../../support/fake-wavesurfer'));

import { ApiError } from '../../../web/src/lib/api-client';
import { ToastProvider } from '../../../web/src/components/toast';
import { CommentComposer } from '../../../web/src/features/feedback/components/comment-composer';
import { CriteriaRatings } from '../../../web/src/features/feedback/components/criteria';
import { FeedbackHub } from '../../../web/src/features/feedback/components/feedback-hub';
import { FeedbackView } from '../../../web/src/features/feedback/components/feedback-view';
import { ReviewerForm } from '../../../web/src/features/feedback/components/reviewer-form';
import { ReviewerTabs } from '../../../web/src/features/feedback/components/reviewer-tabs';
import { TrackShareSummary } from '../../../web/src/features/feedback/components/track-shares';
import { UserSearch } from '../../../web/src/features/feedback/components/user-search';
import type { Criteria } from '../../../web/src/features/feedback/utils/ratings';
import { apiMock } from './amplify-mock';
import { commentView as comment, shareView as share, userCard as user } from './fixtures';
import { renderUi } from './render';

/** The request a composer's AI Suggest asks for. */
const SHARE_ID = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

const MUSICIAN = { id: 'm1', type: 'musician' as const };
const PRO = { id: 'p1', type: 'pro' as const };

let client: QueryClient;
function renderWithQuery(ui: ReactElement) {
  const rendered = renderUi(ui, { url: '/dashboard' });
  client = rendered.client;
  return rendered;
}

const calls = (name: string) => apiMock.mock.calls.filter((c) => c[0] === name);

beforeEach(() => {
  apiMock.mockReset();
  wavesurfers.length = 0;
  realtimeHandlers.clear();
});

describe('the user search', () => {
  function Harness() {
    const [value, setValue] = useState<UserCard | null>(null);
    return <UserSearch value={value} onChange={setValue} />;
  }

  it('waits for 2 characters and a 300 ms pause, caches per text and type, and shows at most 2 genres', async () => {
    apiMock.mockImplementation(async (name: string, input: { q: string; type?: string }) => {
      if (name !== 'searchUsers') throw new Error(name);
      return { users: input.q.toLowerCase().startsWith('qu') ? [user()] : [] };
    });
    renderWithQuery(<Harness />);
    const input = screen.getByRole('combobox');
    fireEvent.change(input, { target: { value: 'q' } });
    await new Promise((r) => setTimeout(r, 400));
    expect(calls('searchUsers')).toHaveLength(0);

    fireEvent.change(input, { target: { value: 'qu' } });
    fireEvent.change(input, { target: { value: 'qui' } });
    await new Promise((r) => setTimeout(r, 150));
    fireEvent.change(input, { target: { value: 'quin' } });
    await new Promise((r) => setTimeout(r, 150));
    expect(calls('searchUsers')).toHaveLength(0);
    const option = await screen.findByRole('option');
    expect(calls('searchUsers')).toEqual([['searchUsers', { q: 'quin' }]]);
    expect(option.textContent).toContain('Quinn Peer');
    expect(within(option).getByTestId('user-genres').textContent).toBe(' · Indie Rock, Indie Folk');
    expect(within(option).queryByTestId('user-price')).toBeNull();

    // The same text again comes from the cache; another type filter is another search.
    fireEvent.change(input, { target: { value: 'qui' } });
    fireEvent.change(input, { target: { value: 'QUIN' } });
    await new Promise((r) => setTimeout(r, 450));
    expect(calls('searchUsers')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Pros' }));
    await waitFor(() => expect(calls('searchUsers')).toHaveLength(2));
    expect(calls('searchUsers')[1]).toEqual(['searchUsers', { q: 'QUIN', type: 'pro' }]);

    fireEvent.change(input, { target: { value: 'zz' } });
    expect(await screen.findByText('No pros found')).toBeTruthy();

    fireEvent.change(input, { target: { value: 'quin' } });
    fireEvent.click(await screen.findByRole('option'));
    expect(screen.getByTestId('share-user-selected').textContent).toContain('Quinn Peer');
  }, 15_000);
});

describe('the comment box', () => {
  it("takes the playhead's time when typing starts; the chip can be removed for general feedback", async () => {
    let playhead = 12.7;
    const onSubmit = vi.fn(async () => {});
    renderWithQuery(
      <CommentComposer
        mode="new"
        getPlayhead={() => playhead}
        duration={60}
        placeholder="Write"
        suggestFor={SHARE_ID}
        onSubmit={onSubmit}
      />,
    );
    const box = screen.getByPlaceholderText('Write');
    const submit = screen.getByTestId('comment-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(screen.queryByTestId('comment-timestamp')).toBeNull();

    fireEvent.change(box, { target: { value: '   ' } });
    expect(submit.disabled).toBe(true);
    expect(screen.queryByTestId('comment-timestamp')).toBeNull();

    fireEvent.change(box, { target: { value: 'K' } });
    expect(screen.getByTestId('comment-timestamp').textContent).toBe('0:12');
    playhead = 30;
    fireEvent.change(box, { target: { value: 'Kick is late ' } });
    expect(screen.getByTestId('comment-timestamp').textContent).toBe('0:12');
    expect(submit.disabled).toBe(false);

    // Edit the time by hand.
    fireEvent.click(screen.getByTestId('comment-timestamp'));
    const time = screen.getByLabelText('Comment time (m:ss)');
    fireEvent.change(time, { target: { value: '0:15' } });
    fireEvent.keyDown(time, { key: 'Enter' });
    expect(screen.getByTestId('comment-timestamp').textContent).toBe('0:15');

    // Categories with the status line.
    expect(screen.getByTestId('category-status').textContent).toBe('No categories selected - this will be general timestamped feedback');
    fireEvent.click(screen.getByRole('button', { name: 'Rhythm' }));
    expect(screen.getByTestId('category-status').textContent).toBe('1 category selected');
    fireEvent.click(screen.getByRole('button', { name: 'Melody' }));
    expect(screen.getByTestId('category-status').textContent).toBe('2 categories selected');

    // Ctrl+Enter submits the trimmed text.
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({ text: 'Kick is late', timestamp: 15, tags: ['#Melody', '#Rhythm'] });
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    expect(screen.getByTestId('category-status').textContent).toContain('No categories selected');

    // Remove the time: general feedback, and typing on does not bring it back.
    fireEvent.change(box, { target: { value: 'O' } });
    expect(screen.getByTestId('comment-timestamp').textContent).toBe('0:30');
    fireEvent.click(screen.getByTestId('comment-time-remove'));
    fireEvent.change(box, { target: { value: 'Overall' } });
    expect(screen.queryByTestId('comment-timestamp')).toBeNull();
    expect(screen.getByText('General feedback')).toBeTruthy();
    fireEvent.keyDown(box, { key: 'Enter', metaKey: true });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit).toHaveBeenLastCalledWith({ text: 'Overall', timestamp: null, tags: [] });
  });

  it('makes a comment a range: an end typed after the start, or a range dragged under the player', async () => {
    const onSubmit = vi.fn(async () => {});
    const { rerender } = renderWithQuery(
      <CommentComposer mode="new" getPlayhead={() => 72} duration={200} placeholder="Write" onSubmit={onSubmit} />,
    );
    const box = screen.getByPlaceholderText('Write');
    fireEvent.change(box, { target: { value: 'The build drags' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make it a range: set its end' }));
    const end = screen.getByLabelText('End of the range (m:ss; empty for a moment)');
    // Before the start: refused, said, and the comment stays a moment.
    fireEvent.change(end, { target: { value: '1:00' } });
    fireEvent.keyDown(end, { key: 'Enter' });
    expect(screen.getByTestId('comment-error').textContent).toBe('The end of a range must come after its start');
    fireEvent.click(screen.getByTestId('comment-end'));
    fireEvent.change(screen.getByTestId('comment-end-input'), { target: { value: '1:26' } });
    fireEvent.keyDown(screen.getByTestId('comment-end-input'), { key: 'Enter' });
    expect(screen.getByTestId('comment-end').textContent).toBe('to 1:26');
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({ text: 'The build drags', timestamp: 72, endTimestamp: 86, tags: [] });

    // A range dragged under the player becomes the next comment's place.
    rerender(
      <CommentComposer
        mode="new"
        getPlayhead={() => 0}
        duration={200}
        placeholder="Write"
        onSubmit={onSubmit}
        range={{ start: 30.4, end: 41.2 }}
      />,
    );
    expect(screen.getByTestId('comment-timestamp').textContent).toBe('0:30');
    expect(screen.getByTestId('comment-end').textContent).toBe('to 0:42');
    fireEvent.change(box, { target: { value: 'Pad too wide here' } });
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit).toHaveBeenLastCalledWith({ text: 'Pad too wide here', timestamp: 30, endTimestamp: 42, tags: [] });
  });

  it('saves an edit with Ctrl+Enter and cancels it with Esc', async () => {
    const onSubmit = vi.fn(async () => {});
    const onCancel = vi.fn();
    renderWithQuery(
      <CommentComposer
        mode="edit"
        initial={{ text: 'Old', timestamp: 5, tags: ['#Vocal'] }}
        getPlayhead={() => 40}
        duration={60}
        placeholder="Edit"
        onSubmit={onSubmit}
        onCancel={onCancel}
      />,
    );
    const box = screen.getByPlaceholderText('Edit');
    fireEvent.change(box, { target: { value: ' New text ' } });
    expect(screen.getByTestId('comment-timestamp').textContent).toBe('0:05');
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ text: 'New text', timestamp: 5, endTimestamp: null, tags: ['#Vocal'] }));
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('offers no AI Suggest where the composer names no request: a suggestion is only ever for one', () => {
    renderWithQuery(<CommentComposer mode="new" duration={60} placeholder="Write" onSubmit={async () => {}} />);
    fireEvent.change(screen.getByPlaceholderText('Write'), { target: { value: 'kick buried' } });
    expect(screen.queryByTestId('ai-suggest')).toBeNull();
    expect(apiMock).not.toHaveBeenCalledWith('suggestComment', expect.anything());
  });

  it("AI Suggest: needs text, shows 'Thinking...', then Accept copies the suggestion, Discard drops it", async () => {
    let answer: (v: { text: string }) => void = () => {};
    apiMock.mockImplementation((name: string) => {
      if (name !== 'suggestComment') throw new Error(name);
      return new Promise((r) => (answer = r));
    });
    renderWithQuery(
      <CommentComposer
        mode="new"
        getPlayhead={() => 3}
        duration={60}
        placeholder="Write"
        suggestFor={SHARE_ID}
        onSubmit={async () => {}}
      />,
    );
    const button = screen.getByTestId('ai-suggest') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe('AI Suggest');
    const box = screen.getByPlaceholderText('Write') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'snare loud' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mixing' }));
    fireEvent.click(button);
    await waitFor(() => expect(button.textContent).toBe('Thinking...'));
    expect(calls('suggestComment')).toEqual([
      ['suggestComment', { text: 'snare loud', timestamp: 3, tags: ['#Mixing'], shareId: SHARE_ID }],
    ]);
    await act(async () => answer({ text: 'At 0:03 the snare is too loud; pull it down 2 dB.' }));
    expect(screen.getByTestId('ai-suggestion-text').textContent).toBe('At 0:03 the snare is too loud; pull it down 2 dB.');
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(box.value).toBe('At 0:03 the snare is too loud; pull it down 2 dB.');
    expect(screen.queryByTestId('ai-suggestion')).toBeNull();

    fireEvent.click(button);
    await waitFor(() => expect(calls('suggestComment')).toHaveLength(2));
    await act(async () => answer({ text: 'Another' }));
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(box.value).toBe('At 0:03 the snare is too loud; pull it down 2 dB.');
    expect(screen.queryByTestId('ai-suggestion')).toBeNull();
  });

  it("shows 'Failed to get suggestion' when the call fails", async () => {
    apiMock.mockRejectedValue(new ApiError(429, 'rate_limited', 'Too many'));
    renderWithQuery(<CommentComposer mode="new" duration={60} placeholder="Write" suggestFor={SHARE_ID} onSubmit={async () => {}} />);
    fireEvent.change(screen.getByPlaceholderText('Write'), { target: { value: 'draft' } });
    fireEvent.click(screen.getByTestId('ai-suggest'));
    expect((await screen.findByTestId('ai-error')).textContent).toBe('Failed to get suggestion');
    expect(screen.getByTestId('ai-suggest').textContent).toBe('AI Suggest');
  });
});

describe('criteria stars', () => {
  it('sets a score and clears it when the same star is clicked again', () => {
    function Harness() {
      const [value, setValue] = useState<Criteria>({});
      return <CriteriaRatings value={value} onChange={setValue} />;
    }
    render(<Harness />);
    const group = screen.getByRole('group', { name: 'Mixing & Mastering' });
    fireEvent.click(within(group).getByRole('button', { name: '3 stars' }));
    expect(group.getAttribute('data-value')).toBe('3');
    expect(within(group).getByRole('button', { name: '3 stars' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(group).getByRole('button', { name: '5 stars' }));
    expect(group.getAttribute('data-value')).toBe('5');
    fireEvent.click(within(group).getByRole('button', { name: '5 stars' }));
    expect(group.getAttribute('data-value')).toBe('0');
  });

  it('previews the score under the pointer, stars 1 to N, and returns to the score on leaving', () => {
    function Harness() {
      const [value, setValue] = useState<Criteria>({ mixingMastering: 2 });
      return <CriteriaRatings value={value} onChange={setValue} />;
    }
    render(<Harness />);
    const group = screen.getByRole('group', { name: 'Mixing & Mastering' });
    const lit = () =>
      within(group)
        .getAllByRole('button')
        .filter((b) => b.classList.contains('is-on')).length;
    expect(lit()).toBe(2);
    fireEvent.mouseEnter(within(group).getByRole('button', { name: '4 stars' }));
    expect(lit()).toBe(4);
    fireEvent.mouseLeave(group);
    expect(lit()).toBe(2);
    expect(group.getAttribute('data-value')).toBe('2');
  });
});

describe('the reviewer form', () => {
  const detail = (over: Partial<ShareDetail> = {}): ShareDetail => ({
    share: share(),
    feedback: null,
    comments: [],
    ranking: null,
    listening: null,
    draft: null,
    ...over,
  });

  it('submits only with something to send; edit and delete only on own comments', async () => {
    const completed = detail({
      share: share({ status: 'completed' }),
      feedback: { criteria: { energyImpact: 4 }, comment: null, userId: 'p1', createdAt: '2026-01-05T11:00:00.000Z' },
    });
    apiMock.mockImplementation(async (name: string) => {
      if (name === 'submitFeedback') return completed;
      throw new Error(name);
    });
    renderWithQuery(
      <ReviewerForm detail={detail({ comments: [comment('mine', 4), comment('theirs', 8, { userId: 'm1' })] })} viewer={PRO} />,
    );
    const cards = screen.getAllByTestId('comment-card');
    expect(within(cards[0]).queryByRole('button', { name: 'Edit comment' })).toBeTruthy();
    expect(within(cards[0]).queryByRole('button', { name: 'Delete comment' })).toBeTruthy();
    expect(within(cards[1]).queryByRole('button', { name: 'Edit comment' })).toBeNull();
    expect(within(cards[1]).getByTestId('comment-author').textContent).toBe('Mia Musician');
    expect(screen.getAllByTestId('player-marker')).toHaveLength(2);
    // The reviewer's own comment is something to send.
    expect((screen.getByTestId('feedback-submit') as HTMLButtonElement).disabled).toBe(false);
    cleanup();

    // Only the musician's comment is not: the server would refuse it as empty.
    renderWithQuery(<ReviewerForm detail={detail({ comments: [comment('theirs', 8, { userId: 'm1' })] })} viewer={PRO} />);
    expect((screen.getByTestId('feedback-submit') as HTMLButtonElement).disabled).toBe(true);
    cleanup();

    renderWithQuery(
      <ToastProvider>
        <ReviewerForm detail={detail()} viewer={PRO} />
      </ToastProvider>,
    );
    const submit = screen.getByTestId('feedback-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(screen.getByTestId('check-something').textContent).toContain('A score, a comment or a general comment');
    expect(screen.getByTestId('check-something').getAttribute('data-done')).toBe('false');
    fireEvent.change(screen.getByLabelText('General comment'), { target: { value: '   ' } });
    expect(submit.disabled).toBe(true);
    const energy = screen.getByRole('group', { name: 'Energy & Impact' });
    fireEvent.click(within(energy).getByRole('button', { name: '4 stars' }));
    expect(submit.disabled).toBe(false);
    expect(screen.getByTestId('check-something').getAttribute('data-done')).toBe('true');
    // Final, so it asks first: cancelling sends nothing.
    fireEvent.click(submit);
    const confirm = screen.getByRole('alertdialog', { name: 'Submit your feedback?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls('submitFeedback')).toHaveLength(0);
    fireEvent.click(submit);
    fireEvent.click(within(screen.getByRole('alertdialog', { name: 'Submit your feedback?' })).getByTestId('confirm-button'));
    await waitFor(() => expect(calls('submitFeedback')).toHaveLength(1));
    expect((await screen.findByTestId('toast')).textContent).toBe('Feedback sent to Mia Musician.');
    expect(calls('submitFeedback')[0][1]).toEqual({ id: 's1', criteria: { energyImpact: 4 } });
  });
});

describe('adding feedback without a current user', () => {
  const detail: ShareDetail = { share: share(), feedback: null, comments: [], ranking: null, listening: null, draft: null };
  // What API Gateway answers a call whose token is gone; the server itself says the spec's words.
  const signedOut = new ApiError(401, 'unauthorized', 'Unauthorized');

  it("a comment: 'User not found'", async () => {
    apiMock.mockRejectedValue(signedOut);
    renderWithQuery(<ReviewerForm detail={detail} viewer={PRO} />);
    const box = screen.getByPlaceholderText('What do you hear at this moment? What works, and what would you change?');
    fireEvent.change(box, { target: { value: 'Kick is buried' } });
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    expect((await screen.findByTestId('comment-error')).textContent).toBe('User not found');
    expect(calls('addComment')).toHaveLength(1);
  });

  it('the review, confirmed with a double click: sent once', async () => {
    apiMock.mockImplementation(() => new Promise(() => {}));
    renderWithQuery(<ReviewerForm detail={detail} viewer={PRO} />);
    fireEvent.click(within(screen.getByRole('group', { name: 'Energy & Impact' })).getByRole('button', { name: '4 stars' }));
    fireEvent.click(screen.getByTestId('feedback-submit'));
    const confirm = within(screen.getByRole('alertdialog', { name: 'Submit your feedback?' })).getByTestId('confirm-button');
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await screen.findByText('Submitting...');
    expect(calls('submitFeedback')).toHaveLength(1);
  });

  it("the review: 'User not found'", async () => {
    apiMock.mockRejectedValue(signedOut);
    renderWithQuery(<ReviewerForm detail={detail} viewer={PRO} />);
    fireEvent.click(within(screen.getByRole('group', { name: 'Energy & Impact' })).getByRole('button', { name: '4 stars' }));
    fireEvent.click(screen.getByTestId('feedback-submit'));
    const confirm = screen.getByRole('alertdialog', { name: 'Submit your feedback?' });
    fireEvent.click(within(confirm).getByTestId('confirm-button'));
    await waitFor(() => expect(confirm.textContent).toContain('User not found'));
  });
});

describe('a musician reviewing a peer', () => {
  it('gets the feedback prompts, not the request to ask for clarification', () => {
    const peer = share({ sharedByUserId: 'm2', sharedByName: 'Max Musician', sharedWithUserId: 'm1', sharedWithName: 'Mia Musician' });
    renderWithQuery(
      <ReviewerForm
        detail={{ share: peer, feedback: null, comments: [], ranking: null, listening: null, draft: null }}
        viewer={MUSICIAN}
      />,
    );
    expect(screen.getByPlaceholderText('What do you hear at this moment? What works, and what would you change?')).toBeTruthy();
    expect(screen.queryByPlaceholderText('Ask your mentor for clarification on any part of the feedback...')).toBeNull();
  });
});

describe("the musician's feedback view", () => {
  const completed = (over: Partial<ShareDetail> = {}): ShareDetail => ({
    share: share({ status: 'completed' }),
    feedback: {
      criteria: { mixingMastering: 3, energyImpact: 5 },
      comment: 'Great energy overall.',
      userId: 'p1',
      createdAt: '2026-01-05T11:00:00.000Z',
    },
    comments: [comment('late', 40, { tags: ['#Mixing'] }), comment('general', null), comment('early', 10, { tags: ['#Melody', '#Vocal'] })],
    ranking: null,
    listening: null,
    draft: null,
    ...over,
  });

  it('shows criteria bars, comments in time order with markers; a click seeks there and highlights it', async () => {
    renderWithQuery(<FeedbackView detail={completed()} viewer={MUSICIAN} />);
    const bars = screen.getAllByTestId('criteria-bar');
    expect(bars.map((b) => b.getAttribute('data-score'))).toEqual(['3', '5']);
    expect(bars[0].textContent).toContain('Mixing & Mastering');
    const cards = screen.getAllByTestId('comment-card');
    expect(cards.map((c) => c.getAttribute('data-comment-id'))).toEqual(['early', 'late', 'general']);
    expect(within(cards[2]).getByTestId('comment-general').textContent).toBe('General feedback');
    expect(within(cards[0]).getByTestId('comment-author').textContent).toBe('Quinn Peer');
    expect(screen.getByTestId('general-feedback-text').textContent).toBe('Great energy overall.');
    // No edit controls for comments of someone else.
    expect(screen.queryByRole('button', { name: 'Edit comment' })).toBeNull();
    // The musician can still ask for clarification on complete feedback.
    expect(screen.getByPlaceholderText('Ask your mentor for clarification on any part of the feedback...')).toBeTruthy();

    const markers = screen.getAllByTestId('player-marker');
    expect(markers.map((m) => m.getAttribute('data-time'))).toEqual(['40', '10']);

    fireEvent.click(within(cards[1]).getByTestId('comment-text'));
    await waitFor(() => expect(wavesurfers).toHaveLength(1));
    expect(wavesurfers[0].setTime).toHaveBeenLastCalledWith(40);
    await waitFor(() => expect(screen.getAllByTestId('comment-card')[1].getAttribute('data-active')).toBe('true'));
    expect(screen.getAllByTestId('comment-card')[0].getAttribute('data-active')).toBe('false');
    expect(screen.getByTestId('player-waveform').getAttribute('aria-valuenow')).toBe('40');
    expect(markers.map((m) => m.getAttribute('data-active'))).toEqual(['true', 'false']);

    // The playhead near (within 2 s of) the other comment highlights that one.
    act(() => {
      wavesurfers[0].setTime(11.5);
    });
    await waitFor(() => expect(screen.getAllByTestId('comment-card')[0].getAttribute('data-active')).toBe('true'));
    expect(screen.getAllByTestId('comment-card')[1].getAttribute('data-active')).toBe('false');
  });

  it("badges a World-Class reviewer beside their name and reputation, and nobody else's", () => {
    const reputation = { rating: 4.8, ratings: 12, onTimeRate: 1, medianTurnaroundHours: 20, completed: 12 };
    const { unmount } = renderWithQuery(<FeedbackView detail={completed({ reviewerReputation: reputation })} viewer={MUSICIAN} />);
    expect(within(screen.getByTestId('reviewer-line')).queryByTestId('world-class-badge')).toBeNull();
    unmount();
    const vetted = completed({ share: share({ status: 'completed', reviewerWorldClass: true }), reviewerReputation: reputation });
    renderWithQuery(<FeedbackView detail={vetted} viewer={MUSICIAN} />);
    expect(within(screen.getByTestId('reviewer-line')).getByTestId('world-class-badge').textContent).toBe('World-Class');
  });

  it("puts the question box after the reviewer's general feedback, not between it and the comments", () => {
    renderWithQuery(<FeedbackView detail={completed()} viewer={MUSICIAN} />);
    const order = ['comment-list', 'general-feedback', 'feedback-reply', 'rating-form'].map((id) => screen.getByTestId(id));
    for (let i = 1; i < order.length; i++) {
      expect(order[i - 1].compareDocumentPosition(order[i]) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
    const reply = screen.getByTestId('feedback-reply');
    expect(within(reply).getByRole('heading').textContent).toBe('Ask Quinn Peer a question');
    expect(within(reply).getByPlaceholderText('Ask your mentor for clarification on any part of the feedback...')).toBeTruthy();
  });

  it('lets the reviewer answer questions after submitting, without changing the submitted review', () => {
    const comments = [comment('mine', 10), comment('question', 12, { userId: 'm1' })];
    const ranking = { rating: 5, comment: 'Spot on', createdAt: '2026-01-05T12:00:00.000Z' };
    renderWithQuery(<FeedbackView detail={completed({ comments, ranking })} viewer={PRO} />);
    expect(screen.getByPlaceholderText("Answer Mia Musician's questions, or add a note...")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit comment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete comment' })).toBeNull();
    // The musician's rating, with the words they gave it.
    expect(screen.getByTestId('rating-received').textContent).toContain('“Spot on”');
  });

  it('rates the feedback once: a star is required, then the thank-you', async () => {
    const rated = completed({ ranking: { rating: 4, comment: 'Thanks!', createdAt: '2026-01-05T12:00:00.000Z' } });
    apiMock.mockImplementation(async (name: string) => {
      if (name === 'rateFeedback') return rated;
      throw new Error(name);
    });
    renderWithQuery(<FeedbackView detail={completed()} viewer={MUSICIAN} />);
    const form = screen.getByTestId('rating-form');
    const submit = within(form).getByRole('button', { name: 'Submit Rating' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(within(form).getByRole('button', { name: '4 stars' }));
    fireEvent.change(within(form).getByLabelText('Comment (optional)'), { target: { value: ' Thanks! ' } });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    await waitFor(() => expect(calls('rateFeedback')).toEqual([['rateFeedback', { id: 's1', rating: 4, comment: 'Thanks!' }]]));
    // The view follows the cached detail, which now has the ranking.
    client.setQueryData(['share', 's1'], rated);
    cleanup();
    renderWithQuery(<FeedbackView detail={rated} viewer={MUSICIAN} />);
    expect(screen.queryByTestId('rating-form')).toBeNull();
    expect(screen.getByText('Thank you for your feedback!!')).toBeTruthy();
  });

  it('offers no comment box to anyone on a declined request', () => {
    renderWithQuery(
      <FeedbackView
        detail={completed({ share: share({ status: 'declined' }), feedback: null, comments: [comment('c', 3)] })}
        viewer={MUSICIAN}
      />,
    );
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('plays the track to the musician of a declined request, and not to its reviewer, who is told why', () => {
    const declined = completed({ share: share({ status: 'declined' }), feedback: null, comments: [comment('c', 3)] });
    renderWithQuery(<FeedbackView detail={declined} viewer={MUSICIAN} />);
    expect(screen.getByTestId('player')).toBeTruthy();
    cleanup();
    renderWithQuery(<FeedbackView detail={declined} viewer={PRO} />);
    expect(screen.queryByTestId('player')).toBeNull();
    expect(screen.getByTestId('audio-closed').textContent).toBe('This request is closed: its track is no longer shared with you.');
    expect(calls('getSignedUrl')).toEqual([]);
  });

  it('shows no rating form to a pro author, nor before the feedback is complete', () => {
    renderWithQuery(<FeedbackView detail={completed()} viewer={{ id: 'm1', type: 'pro' }} />);
    expect(screen.queryByTestId('rating-form')).toBeNull();
    cleanup();
    renderWithQuery(<FeedbackView detail={completed({ share: share({ status: 'accepted' }), feedback: null })} viewer={MUSICIAN} />);
    expect(screen.queryByTestId('rating-form')).toBeNull();
    // While it is open the musician may ask for clarification.
    expect(screen.getByPlaceholderText('Ask your mentor for clarification on any part of the feedback...')).toBeTruthy();
  });
});

describe("the reviewer's tabs", () => {
  it('lists pending and accepted requests under Tracks to Rate, completed ones under the history; accepts a request', async () => {
    let pending = share({ id: 's-pending', status: 'pending', trackTitle: 'Waiting' });
    apiMock.mockImplementation(async (name: string, input: Record<string, string>) => {
      switch (name) {
        case 'listShares':
          return input.status === 'completed'
            ? { shares: [share({ id: 's-done', status: 'completed', trackTitle: 'Done', rating: 5 })] }
            : { shares: [pending, share({ id: 's-acc', status: 'accepted', trackTitle: 'Reviewing' })] };
        case 'getShare':
          return { share: pending, feedback: null, comments: [], ranking: null };
        case 'respondToShare':
          pending = { ...pending, status: 'accepted' };
          return pending;
        default:
          throw new Error(name);
      }
    });
    renderWithQuery(<ReviewerTabs viewer={PRO} />);
    expect(screen.getByRole('tab', { name: 'Tracks to Rate' }).getAttribute('aria-selected')).toBe('true');
    const items = await screen.findAllByTestId('share-item');
    expect(items.map((i) => within(i).getByTestId('share-title').textContent)).toEqual(['Waiting', 'Reviewing']);
    expect(within(items[0]).getByTestId('share-who').textContent).toBe('Shared by Mia Musician');
    expect(within(items[0]).getByTestId('share-status').textContent).toBe('Pending');
    expect(within(items[0]).getByTestId('share-status').className).toContain('status-yellow');
    expect(within(items[1]).getByTestId('share-status').className).toContain('status-green');
    expect(calls('listShares').map((c) => c[1])).toEqual(
      expect.arrayContaining([
        { as: 'reviewer', status: 'pending,accepted' },
        { as: 'reviewer', status: 'completed' },
      ]),
    );

    fireEvent.click(within(items[0]).getByRole('button', { name: 'Open Waiting' }));
    fireEvent.click(await within(items[0]).findByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(calls('respondToShare')).toEqual([['respondToShare', { id: 's-pending', status: 'accepted' }]]));

    // Live: a change to a share reloads the lists.
    const before = calls('listShares').length;
    act(() => realtimeHandlers.get('comment')!({ type: 'change', entity: 'comment', id: 's-acc', action: 'insert' }));
    await waitFor(() => expect(calls('listShares').length).toBeGreaterThan(before));

    fireEvent.click(screen.getByRole('tab', { name: 'Your Feedback History' }));
    const history = await screen.findAllByTestId('share-item');
    expect(history.map((i) => within(i).getByTestId('share-title').textContent)).toEqual(['Done']);
    expect(within(history[0]).getByTestId('share-status').className).toContain('status-grey');
    // The reviewer sees the rating their feedback got, and is never asked to rate it.
    expect(within(history[0]).getByRole('img', { name: 'Rated 5 out of 5' })).toBeTruthy();
    expect(within(history[0]).queryByTestId('rate-cue')).toBeNull();
  });
});

describe("the track's technical report beside the reviewer's player", () => {
  it('opens under its summary of loudness and true peak; a request made before reports shows none', async () => {
    const report = {
      integratedLufs: -9.2,
      loudnessRange: 4.1,
      truePeakDbtp: 0.4,
      samplePeakDbfs: -0.1,
      clippedSamples: 12,
      dcOffset: 0,
      stereoCorrelation: 0.91,
    };
    let shown = share({ id: 's-report', status: 'pending', trackTitle: 'Measured', trackReport: report });
    apiMock.mockImplementation(async (name: string) => {
      if (name === 'listShares') return { shares: [shown] };
      if (name === 'getShare') return { share: shown, feedback: null, comments: [], ranking: null };
      if (name === 'getTrackReport') return { ...report, shortTermLufs: [-12, -9, -8.5] };
      throw new Error(name);
    });
    renderWithQuery(<ReviewerTabs viewer={PRO} />);
    const [item] = await screen.findAllByTestId('share-item');
    fireEvent.click(within(item).getByRole('button', { name: 'Open Measured' }));
    const details = await within(item).findByTestId('share-report');
    expect(details.querySelector('summary')!.textContent).toBe('Technical report: -9.2 LUFS, true peak 0.4 dBTP');
    // Folded, it asks for nothing; opened, it shows the figures and asks for the lane.
    expect(within(details).queryByTestId('streaming-advice')).toBeNull();
    expect(calls('getTrackReport')).toEqual([]);
    (details as HTMLDetailsElement).open = true;
    fireEvent(details, new Event('toggle'));
    expect((await within(details).findByTestId('streaming-advice')).textContent).toContain(
      'Spotify (-14 LUFS) would turn this down by 4.8 dB',
    );
    expect((await within(details).findByTestId('loudness-lane')).getAttribute('aria-label')).toBe(
      'Short-term loudness over 0:03: loudest -8.5 LUFS at 0:03',
    );
    cleanup();
    shown = share({ id: 's-old', status: 'pending', trackTitle: 'Older', trackReport: null });
    renderWithQuery(<ReviewerTabs viewer={PRO} />);
    const [older] = await screen.findAllByTestId('share-item');
    fireEvent.click(within(older).getByRole('button', { name: 'Open Older' }));
    await within(older).findByRole('button', { name: 'Accept' });
    expect(within(older).queryByTestId('share-report')).toBeNull();
  });
});

describe("a share on the musician's dashboard", () => {
  it('is shown once: the line under its track links to it in the hub, which opens it and takes the focus', async () => {
    const made = share({ id: 's-made', trackId: 't1', trackTitle: 'My Song', status: 'completed' });
    const other = share({ id: 's-other', trackId: 't2', trackTitle: 'Other Song', status: 'pending', sharedWithName: 'Paul Producer' });
    apiMock.mockImplementation(async (name: string, input: Record<string, string>) => {
      switch (name) {
        case 'listShares':
          return { shares: input.as === 'author' ? [made, other] : [] };
        case 'getShare':
          return { share: made, feedback: null, comments: [], ranking: null };
        default:
          throw new Error(name);
      }
    });
    renderWithQuery(
      <>
        <div data-testid="row">
          <TrackShareSummary trackId="t1" />
        </div>
        <FeedbackHub viewer={MUSICIAN} />
      </>,
    );
    const line = await screen.findByTestId('track-share-line');
    // Only the track's own request, as a line (who, status), not a second expander.
    expect(screen.getAllByTestId('track-share-line')).toHaveLength(1);
    expect(line.textContent).toContain('Shared with Quinn Peer');
    expect(within(line).getByTestId('share-status').textContent).toBe('Completed');
    expect(within(screen.getByTestId('row')).queryByTestId('share-item')).toBeNull();
    expect(within(screen.getByTestId('row')).queryByRole('button', { name: /Open/ })).toBeNull();
    await waitFor(() => expect(screen.getAllByTestId('share-item')).toHaveLength(2));
    expect(screen.getAllByTestId('share-item').filter((i) => i.getAttribute('data-share-id') === 's-made')).toHaveLength(1);

    const link = within(line).getByRole('link', { name: 'Read and rate in the Feedback Hub: the request to Quinn Peer' });
    expect(link.getAttribute('href')).toBe('#share-s-made');
    const item = document.getElementById('share-s-made')!;
    expect(within(item).getByTestId('share-toggle').getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(link);
    await waitFor(() => expect(within(item).getByTestId('share-toggle').getAttribute('aria-expanded')).toBe('true'));
    expect(document.activeElement).toBe(within(item).getByTestId('share-toggle'));
  });
});

describe("the musician's feedback hub", () => {
  it('lists the requests they made and the ones made to them, newest first, and lets them answer', async () => {
    const made = share({ id: 's-made', trackTitle: 'My Song', status: 'completed', createdAt: '2026-01-04T10:00:00.000Z' });
    const received = share({
      id: 's-received',
      trackTitle: 'Their Song',
      status: 'pending',
      sharedByUserId: 'm2',
      sharedByName: 'Max Musician',
      sharedWithUserId: 'm1',
      sharedWithName: 'Mia Musician',
      createdAt: '2026-01-06T10:00:00.000Z',
    });
    apiMock.mockImplementation(async (name: string, input: Record<string, string>) => {
      switch (name) {
        case 'listShares':
          return { shares: input.as === 'author' ? [made] : [received] };
        case 'getShare':
          return { share: received, feedback: null, comments: [], ranking: null };
        case 'respondToShare':
          return { ...received, status: input.status };
        default:
          throw new Error(name);
      }
    });
    renderWithQuery(<FeedbackHub viewer={MUSICIAN} />);
    const items = await screen.findAllByTestId('share-item');
    expect(items.map((i) => within(i).getByTestId('share-who').textContent)).toEqual(['Shared by Max Musician', 'Shared with Quinn Peer']);
    // Complete feedback they have not rated yet says so in the list.
    expect(within(items[1]).getByTestId('rate-cue').textContent).toBe('Rate it');
    expect(within(items[0]).queryByTestId('rate-cue')).toBeNull();
    fireEvent.click(within(items[0]).getByRole('button', { name: 'Open Their Song' }));
    expect(await within(items[0]).findByRole('button', { name: 'Accept' })).toBeTruthy();

    // Declining is final, so it asks first; Cancel sends nothing.
    fireEvent.click(within(items[0]).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Decline this request?' });
    expect(dialog.textContent).toContain(
      'Max Musician will see "Their Song" as declined, with your reason. You cannot accept it afterwards.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls('respondToShare')).toEqual([]);
    fireEvent.click(within(items[0]).getByRole('button', { name: 'Decline' }));
    const asking = await screen.findByRole('alertdialog');
    // A reason first: the musician is told why.
    fireEvent.click(within(asking).getByRole('button', { name: 'Decline' }));
    expect(within(asking).getByTestId('decline-reason-error').textContent).toBe('Choose a reason');
    expect(within(asking).getByLabelText('Why are you declining?').getAttribute('aria-invalid')).toBe('true');
    expect(calls('respondToShare')).toEqual([]);
    fireEvent.change(within(asking).getByLabelText('Why are you declining?'), { target: { value: 'too_busy' } });
    fireEvent.change(within(asking).getByLabelText('A word for the musician (optional)'), { target: { value: ' Back in May. ' } });
    fireEvent.click(within(asking).getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(calls('respondToShare')).toEqual([
        ['respondToShare', { id: 's-received', status: 'declined', reason: 'too_busy', reasonText: 'Back in May.' }],
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    // 'Rate it' opens the feedback it is about.
    fireEvent.click(within(items[1]).getByRole('button', { name: 'Rate the feedback on My Song' }));
    expect(within(items[1]).getByTestId('share-toggle').getAttribute('aria-expanded')).toBe('true');
  });
});
