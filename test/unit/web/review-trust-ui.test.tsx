// @vitest-environment happy-dom
/** The reviewer's side of a paid review (the checklist, the saved draft, the proof of listening) and what the musician sees meanwhile. */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShareDetail } from '../../../shared/schemas/shares';
import { emptyHeard, encodeHeard, LISTENING, markHeard } from '../../../shared/review';

vi.mock('../../../web/src/lib/api', () => import('./amplify-mock'));
vi.mock('wavesurfer.js', () => import('../../support/fake-wavesurfer'));

import { FeedbackView } from '../../../web/src/features/feedback/components/feedback-view';
import { RequestSummary } from '../../../web/src/features/feedback/components/request-summary';
import { ReviewerForm } from '../../../web/src/features/feedback/components/reviewer-form';
import { DRAFT_SAVE_DELAY_MS } from '../../../web/src/features/feedback/hooks/use-draft-autosave';
import { ApiError, apiMock, apiOnLeaveMock } from './amplify-mock';
import { wavesurfers } from '../../support/fake-wavesurfer';
import { commentView as comment, shareView as share } from './fixtures';
import { renderUi } from './render';

const PRO = { id: 'p1', type: 'pro' as const };
const MUSICIAN = { id: 'm1', type: 'musician' as const };
const calls = (name: string) => apiMock.mock.calls.filter((c) => c[0] === name);

const heardUpTo = (seconds: number, duration = 60) => {
  const heard = emptyHeard(duration);
  markHeard(heard, [[0, seconds]], duration);
  return { heard: encodeHeard(heard), heardSeconds: seconds, sessions: 1, requiredSeconds: 48 };
};

const paid = (over: Partial<ShareDetail> = {}): ShareDetail => ({
  share: share({ paid: { amountCents: 3000, respondBy: '2026-01-12T10:00:00.000Z', completeDays: 7 } }),
  feedback: null,
  comments: [],
  ranking: null,
  listening: heardUpTo(30),
  draft: null,
  ...over,
});

beforeEach(() => {
  apiMock.mockReset();
  apiMock.mockImplementation(async (name: string, input: Record<string, unknown>) => {
    if (name === 'saveDraft') return { ...input, savedAt: '2026-01-06T10:00:00.000Z' };
    throw new Error(name);
  });
});

describe("a paid review's checklist", () => {
  it('lists what is missing, the listening left among it, and enables Submit only once all is done', () => {
    renderUi(<ReviewerForm detail={paid()} viewer={PRO} />, { url: null });
    const list = screen.getByTestId('review-checklist');
    expect(within(list).getByText(/things left/).textContent).toBe('Before you submit: 4 things left');
    expect(screen.getByTestId('check-listened').textContent).toContain('Listen to at least 80% of the track (0:18 left)');
    expect(screen.getByTestId('check-listened').getAttribute('data-done')).toBe('false');
    expect((screen.getByTestId('feedback-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('coverage-summary').textContent).toBe('Listened to 50% (0:30 of 1:00), 1 session, reported by the player');
  });

  it('ticks off as the reviewer works, with a low score asking why', () => {
    const base = paid();
    const detail = paid({
      share: { ...base.share, trackDuration: 90 },
      listening: heardUpTo(90, 90),
      comments: [
        comment('a', 5, { tags: ['#Mixing'], text: 'Kick buried under the pad' }),
        comment('b', 45, { text: 'Snare crack too bright at 5 kHz' }),
        comment('c', 80, { text: 'Vocal sits behind the guitars' }),
      ],
    });
    renderUi(<ReviewerForm detail={detail} viewer={PRO} />, { url: null });
    expect(screen.getByTestId('check-listened').getAttribute('data-done')).toBe('true');
    expect(screen.getByTestId('check-comments').getAttribute('data-done')).toBe('true');
    expect(screen.getByTestId('check-thirds').getAttribute('data-done')).toBe('true');
    for (const [name, stars] of [
      ['Mixing & Mastering', '2 stars'],
      ['Composition & Arrangement', '4 stars'],
      ['Vocals & Lyrics', '4 stars'],
      ['Energy & Impact', '2 stars'],
    ]) {
      fireEvent.click(within(screen.getByRole('group', { name })).getByRole('button', { name: stars }));
    }
    expect(screen.getByTestId('check-criteria').getAttribute('data-done')).toBe('true');
    // Mixing's low score has its tagged comment; Energy's has none yet.
    expect(screen.getByTestId('check-why:mixingMastering').getAttribute('data-done')).toBe('true');
    expect(screen.getByTestId('check-why:energyImpact').getAttribute('data-done')).toBe('false');
    fireEvent.click(within(screen.getByRole('group', { name: 'Energy & Impact' })).getByRole('button', { name: '4 stars' }));
    expect(screen.queryByTestId('check-why:energyImpact')).toBeNull();
    // Forty words, but one word again and again, reads as saying nothing.
    fireEvent.change(screen.getByLabelText('General comment'), { target: { value: Array(40).fill('word').join(' ') } });
    expect(screen.getByTestId('check-general').getAttribute('data-done')).toBe('true');
    expect(screen.getByTestId('check-varied').textContent).toContain('1 different word beyond praise; 15 needed');
    expect((screen.getByTestId('feedback-submit') as HTMLButtonElement).disabled).toBe(true);
    const varied = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    fireEvent.change(screen.getByLabelText('General comment'), { target: { value: varied } });
    expect(screen.queryByTestId('check-varied')).toBeNull();
    expect((screen.getByTestId('feedback-submit') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByText('Ready to submit')).toBeTruthy();
  });
});

describe('an instrumental', () => {
  it('is not scored on Vocals & Lyrics: the form says so in place of its stars and asks three criteria', () => {
    const base = paid();
    const detail = paid({ share: { ...base.share, shareOptions: { ...base.share.shareOptions, vocalsLyrics: false } } });
    renderUi(<ReviewerForm detail={detail} viewer={PRO} />, { url: null });
    expect(screen.getByTestId('criterion-skipped-vocalsLyrics').textContent).toBe(
      'Vocals & Lyrics: not scored, the musician says this track is an instrumental.',
    );
    expect(screen.queryByRole('group', { name: 'Vocals & Lyrics' })).toBeNull();
    expect(screen.getByTestId('check-criteria').textContent).toContain('Score all 3 criteria');
    cleanup();
    // What the musician asked says so too, on both sides of the request.
    renderUi(<RequestSummary share={detail.share} />, { url: null });
    expect(screen.getByTestId('request-instrumental').textContent).toBe('An instrumental: not on Vocals & Lyrics');
  });
});

describe('a criterion the pro marks as not applying', () => {
  it('takes Vocals & Lyrics off the stars and the checklist, and Submit says so', async () => {
    renderUi(<ReviewerForm detail={paid()} viewer={PRO} />, { url: null });
    expect(screen.getByTestId('check-criteria').textContent).toContain('Score all 4 criteria');
    fireEvent.click(screen.getByTestId('criterion-na-vocalsLyrics'));
    expect(screen.queryByRole('group', { name: 'Vocals & Lyrics' })).toBeNull();
    expect(screen.getByTestId('criterion-not-applicable-vocalsLyrics').textContent).toBe('Not scored: does not apply to this track');
    expect(screen.getByTestId('check-criteria').textContent).toContain('Score all 3 criteria');
    fireEvent.click(screen.getByTestId('criterion-na-vocalsLyrics'));
    expect(screen.getByRole('group', { name: 'Vocals & Lyrics' })).toBeTruthy();
  });

  it('the musician reads why it has no score', () => {
    const feedback = {
      criteria: { energyImpact: 4 },
      notApplicable: ['vocalsLyrics'],
      comment: null,
      userId: 'p1',
      createdAt: '2026-01-07T09:00:00.000Z',
    };
    const base = paid();
    renderUi(<FeedbackView detail={paid({ feedback, share: { ...base.share, status: 'completed' } })} viewer={MUSICIAN} />, { url: null });
    expect(screen.getByTestId('criteria-not-applicable').textContent).toBe(
      'Vocals & Lyrics: not scored, the reviewer says it does not apply to this track.',
    );
  });
});

describe("the reviewer's draft", () => {
  it('comes back as saved, the comment being written with its range and tags, and each change is saved shortly after, said beside Submit', async () => {
    const noteAt = { timestamp: 12, endTimestamp: 15, tags: ['#Mixing'] };
    const draft = {
      criteria: { energyImpact: 4 },
      comment: 'Half a thought',
      note: 'The kick at',
      noteAt,
      savedAt: '2026-01-06T09:00:00.000Z',
    };
    renderUi(<ReviewerForm detail={paid({ draft })} viewer={PRO} />, { url: null });
    expect((screen.getByLabelText('General comment') as HTMLTextAreaElement).value).toBe('Half a thought');
    expect(screen.getByRole('group', { name: 'Energy & Impact' }).getAttribute('data-value')).toBe('4');
    expect((screen.getByPlaceholderText(/What do you hear at this moment/) as HTMLTextAreaElement).value).toBe('The kick at');
    // Not general feedback: the moment and the tag it was left with.
    expect(screen.getByTestId('comment-timestamp').textContent).toBe('0:12');
    expect(screen.getByTestId('comment-end').getAttribute('aria-label')).toBe('Range ends at 0:15, edit');
    expect(screen.getByTestId('category-mixing').getAttribute('aria-pressed')).toBe('true');
    expect(calls('saveDraft')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('General comment'), { target: { value: 'Half a thought, now whole' } });
    expect(screen.getByTestId('draft-status').textContent).toBe('Saving...');
    await waitFor(() => expect(calls('saveDraft')).toHaveLength(1), { timeout: DRAFT_SAVE_DELAY_MS + 2000 });
    expect(calls('saveDraft')[0][1]).toEqual({
      id: 's1',
      criteria: { energyImpact: 4 },
      comment: 'Half a thought, now whole',
      note: 'The kick at',
      noteAt,
    });
    await waitFor(() => expect(screen.getByTestId('draft-status').textContent).toBe('Saved'));
  });
});

/** The API of the reviewer at work on s1: a listening session per start, each report answered by `reported`. */
function listeningApi(reported: () => unknown) {
  let given = 0;
  apiMock.mockImplementation(async (name: string) => {
    if (name === 'startListening')
      return { signedUrl: `http://storage.test/t1?s=${++given}`, expiresIn: 3600, session: `session-${given}` };
    if (name === 'reportListening') return reported();
    throw new Error(name);
  });
}

/** The reviewer's form with its player started. */
async function playing() {
  wavesurfers.length = 0;
  renderUi(<ReviewerForm detail={paid()} viewer={PRO} />, { url: null });
  fireEvent.pointerEnter(screen.getByTestId('player'));
  fireEvent.click(await screen.findByRole('button', { name: 'Play Night Drive' }));
  await screen.findByRole('button', { name: 'Pause Night Drive' });
}

describe("the reviewer's listening session", () => {
  it('plays the audio the session came with, reports in it, and asks for a new one when the server no longer knows it', async () => {
    let refuse = true;
    listeningApi(() => {
      if (!refuse) return heardUpTo(30);
      refuse = false;
      throw new ApiError(409, 'listening_session_unknown', 'reload');
    });
    await playing();
    // No plain link for the reviewer at work: the audio comes with its session.
    expect(calls('getSignedUrl')).toEqual([]);
    expect(calls('startListening')[0]).toEqual(['startListening', { id: 's1' }]);
    expect(wavesurfers.at(-1)!.load).toHaveBeenCalledWith('http://storage.test/t1?s=1', expect.anything(), 60);
    await waitFor(() => expect(calls('reportListening')[0]?.[1]).toMatchObject({ id: 's1', session: 'session-1' }));
    // Refused as unknown: a new session, and the next report goes in it.
    await waitFor(() => expect(calls('startListening')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Pause Night Drive' }));
    await waitFor(() => expect(calls('reportListening').at(-1)?.[1]).toMatchObject({ session: 'session-2' }));
  });

  it('sends a report lost to a busy server again, though the track is no longer playing', async () => {
    let refusals = 2;
    listeningApi(() => {
      if (refusals-- > 0) throw new ApiError(503, 'try_again', 'Busy');
      return heardUpTo(30);
    });
    await playing();
    fireEvent.click(screen.getByRole('button', { name: 'Pause Night Drive' }));
    // Refused at the play and at the pause: sent once more while paused.
    await waitFor(() => expect(calls('reportListening')).toHaveLength(3), { timeout: LISTENING.retryAfterMs * 3 + 1000 });
  });
});

describe('a tab closed before the autosave', () => {
  it("sends the draft's last change in a request that outlives the page, once", async () => {
    apiOnLeaveMock.mockReset();
    apiOnLeaveMock.mockResolvedValue({ savedAt: '2026-01-06T10:00:00.000Z' });
    renderUi(<ReviewerForm detail={paid()} viewer={PRO} />, { url: null });
    fireEvent.change(screen.getByLabelText('General comment'), { target: { value: 'Typed, then the tab closed' } });
    window.dispatchEvent(new Event('pagehide'));
    expect(apiOnLeaveMock.mock.calls).toEqual([['saveDraft', { id: 's1', criteria: {}, comment: 'Typed, then the tab closed', note: '' }]]);
    // Nothing new since: hidden again sends nothing more.
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    expect(apiOnLeaveMock).toHaveBeenCalledTimes(1);
  });
});

describe('the musician meanwhile', () => {
  it('sees that the review is in progress, and its coverage once it is in', () => {
    const inProgress = paid({ listening: null, comments: [comment('q', null, { userId: 'm1' })] });
    const { unmount } = renderUi(<FeedbackView detail={inProgress} viewer={MUSICIAN} />, { url: null });
    expect(screen.getByTestId('feedback-waiting').textContent).toBe(
      'In progress: Quinn Peer is listening. The review appears here, all of it at once, when it is submitted.',
    );
    expect(screen.queryByTestId('coverage')).toBeNull();
    unmount();

    const done = paid({
      share: share({ status: 'completed', paid: { amountCents: 3000, respondBy: null, completeDays: 7 } }),
      feedback: { criteria: { energyImpact: 4 }, comment: 'Good', userId: 'p1', createdAt: '2026-01-06T10:00:00.000Z' },
      listening: heardUpTo(55),
    });
    renderUi(<FeedbackView detail={done} viewer={MUSICIAN} />, { url: null });
    expect(screen.getByTestId('coverage-summary').textContent).toBe('Listened to 91% (0:55 of 1:00), 1 session, reported by the player');
    expect(screen.getByTestId('coverage-strip').getAttribute('aria-label')).toBe(
      'Listened to 91% (0:55 of 1:00), 1 session, reported by the player',
    );
  });

  it('reads why a request was declined beside its refund', () => {
    const declined = paid({
      share: share({
        status: 'declined',
        paid: { amountCents: 3000, respondBy: null, completeDays: 7 },
        decline: { reason: 'not_my_genre', text: 'I mix metal.' },
      }),
    });
    renderUi(<FeedbackView detail={declined} viewer={MUSICIAN} />, { url: null });
    expect(screen.getByTestId('feedback-waiting').textContent).toBe(
      'Quinn Peer declined this request (Not my genre: I mix metal.). You are refunded $30.00 in full.',
    );
  });
});

describe('reporting a paid review', () => {
  const delivered = (over: Partial<ShareDetail> = {}) =>
    paid({
      share: share({ status: 'completed', paid: { amountCents: 3000, respondBy: null, completeDays: 7 } }),
      feedback: { criteria: { energyImpact: 4 }, comment: 'Good', userId: 'p1', createdAt: new Date().toISOString() },
      ...over,
    });

  it('is offered to the musician within 7 days, asks for a reason, then says it is being looked at', async () => {
    apiMock.mockImplementation(async (name: string, input: Record<string, unknown>) => {
      if (name === 'reportReview')
        return { shareId: 's1', reason: input.reason, text: input.text, status: 'open', openedAt: '', resolvedAt: null, resolution: null };
      throw new Error(name);
    });
    renderUi(<FeedbackView detail={delivered()} viewer={MUSICIAN} />, { url: null });
    fireEvent.click(screen.getByTestId('report-review'));
    const dialog = screen.getByRole('alertdialog', { name: 'Report this review?' });
    fireEvent.click(within(dialog).getByTestId('confirm-button'));
    expect(within(dialog).getByTestId('report-reason-error').textContent).toBe('Choose a reason');
    fireEvent.change(within(dialog).getByLabelText('What is wrong with it?'), { target: { value: 'did_not_listen' } });
    fireEvent.change(within(dialog).getByLabelText('Tell us more (optional)'), { target: { value: ' Skipped the end. ' } });
    fireEvent.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() =>
      expect(calls('reportReview')).toEqual([['reportReview', { id: 's1', reason: 'did_not_listen', text: 'Skipped the end.' }]]),
    );
  });

  it('is not offered past 7 days, to the reviewer, or for a free review; each side reads what became of a report', () => {
    const old = delivered({
      feedback: { criteria: {}, comment: 'Old', userId: 'p1', createdAt: new Date(Date.now() - 8 * 86_400_000).toISOString() },
    });
    const { unmount } = renderUi(<FeedbackView detail={old} viewer={MUSICIAN} />, { url: null });
    expect(screen.queryByTestId('report-review')).toBeNull();
    unmount();
    const asReviewer = renderUi(<FeedbackView detail={delivered()} viewer={PRO} />, { url: null });
    expect(screen.queryByTestId('report-review')).toBeNull();
    asReviewer.unmount();
    const free = renderUi(<FeedbackView detail={delivered({ share: share({ status: 'completed', paid: null }) })} viewer={MUSICIAN} />, {
      url: null,
    });
    expect(screen.queryByTestId('report-review')).toBeNull();
    free.unmount();
    const dispute = {
      shareId: 's1',
      reason: 'generic' as const,
      text: null,
      status: 'rejected' as const,
      openedAt: '',
      resolvedAt: '',
      resolution: 'It is specific.',
    };
    const mine = renderUi(<FeedbackView detail={delivered({ dispute })} viewer={MUSICIAN} />, { url: null });
    expect(screen.getByTestId('report-status').textContent).toBe(
      'You reported this review (Generic or copy-paste): the report was rejected. It is specific.',
    );
    mine.unmount();
    renderUi(<FeedbackView detail={delivered({ dispute: { ...dispute, status: 'refunded' } })} viewer={PRO} />, { url: null });
    expect(screen.getByTestId('report-status').textContent).toBe(
      'Mia Musician reported this review (Generic or copy-paste): it was refunded in full.',
    );
  });
});
