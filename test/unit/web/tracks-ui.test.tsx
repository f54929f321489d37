// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { wavesurfers } from '../../support/fake-wavesurfer';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUDIO_FILE_ERROR, LOAD_AUDIO_ERROR, type TrackStackView, type TrackView } from '../../../shared/schemas/tracks';

const realtimeHandlers = vi.hoisted(() => new Map<string, (e: unknown) => void>());

vi.mock('../../../web/src/lib/api', () => import('./amplify-mock'));
vi.mock('../../../web/src/lib/realtime-provider', () => ({
  useRealtime: (entity: string, handler: (e: unknown) => void) => realtimeHandlers.set(entity, handler),
}));
vi.mock('wavesurfer.js', () => import('../../support/fake-wavesurfer'));

import { TracksPanel } from '../../../web/src/features/tracks/components/tracks-panel';
import { answerRoutes, apiMock } from './amplify-mock';
import { trackStack, trackView } from './fixtures';
import { renderUi, withStyles } from './render';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const track = trackStack;

let tracks: TrackStackView[];

const renderPanel = (panel: ReactNode = <TracksPanel />) => void renderUi(panel, { url: null });

/** The panel with these tracks, once their rows show. */
async function showTracks(...list: TrackStackView[]) {
  tracks = list;
  renderPanel();
  await screen.findAllByTestId('track-row');
}

beforeEach(() => {
  tracks = [];
  wavesurfers.length = 0;
  realtimeHandlers.clear();
  answerRoutes({
    listTracks: () => ({ tracks, next: null, total: tracks.length }),
    deleteTracks: (input) => {
      const ids = input.ids as string[];
      tracks = tracks.filter((t) => !ids.includes(t.id));
      return { deleted: ids, failed: [] };
    },
    updateSnippet: (input) => {
      const t = tracks.find((x) => x.id === input.id)!;
      Object.assign(t, { snippet: input.snippet });
      return { ...t };
    },
    getSignedUrl: (input) => ({ signedUrl: `http://storage.test/${input.trackId}?sig=1`, expiresIn: 3600 }),
    renameTrack: (input) => {
      const t = tracks.find((x) => x.id === input.id)!;
      Object.assign(t, { title: input.title });
      const { versions: _v, ...view } = t;
      return view;
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const calls = (name: string) => apiMock.mock.calls.filter((c) => c[0] === name);

/** Storage as the browser's upload meets it: every POST stored (204), a moment after it is sent. */
class StoringXhr {
  upload = {};
  status = 204;
  onload?: () => void;
  open() {}
  send() {
    setTimeout(() => this.onload?.(), 0);
  }
}

describe('the track list', () => {
  it('shows the empty state to a user with no tracks', async () => {
    renderPanel();
    await screen.findByText('No tracks yet');
    expect(screen.getByRole('button', { name: 'Upload your first track' })).toBeTruthy();
  });

  it('lists the tracks in the order given (newest first) with duration, date and the new marker', async () => {
    tracks = [
      track({ id: 'a', title: 'Fresh', createdAt: minutesAgo(1) }),
      track({ id: 'b', title: 'Shared', isShared: true, createdAt: minutesAgo(2) }),
      track({ id: 'c', title: 'Old', duration: 65, createdAt: '2025-01-05T10:00:00.000Z' }),
    ];
    renderPanel();
    const rows = await screen.findAllByTestId('track-row');
    expect(rows.map((r) => within(r).getByTestId('track-title').textContent)).toEqual(['Fresh', 'Shared', 'Old']);
    expect(rows.map((r) => !!within(r).queryByTestId('track-new'))).toEqual([true, false, false]);
    expect(within(rows[0]).getByTestId('track-duration').textContent).toBe('3:07');
    expect(within(rows[2]).getByTestId('track-duration').textContent).toBe('1:05');
    expect(rows[2].textContent).toContain('Jan 5, 2025');
    expect(screen.getByTestId('tracks-count').textContent).toBe('3 tracks');
  });

  it('shows a processing track without a player, then its waveform once a live update says it is ready', async () => {
    tracks = [track({ id: 'p', title: 'Fresh Upload', status: 'processing', duration: 0, peaks: '' })];
    renderPanel();
    const row = await screen.findByTestId('track-row');
    expect(within(row).getByTestId('track-processing').textContent).toContain('Processing...');
    expect(within(row).queryByTestId('track-duration')).toBeNull();
    expect(within(row).queryByTestId('player-waveform')).toBeNull();

    tracks = [track({ id: 'p', title: 'Fresh Upload', status: 'ready' })];
    act(() => realtimeHandlers.get('track')?.({ type: 'change', entity: 'track', id: 'p', action: 'modify' }));
    await waitFor(() => expect(within(screen.getByTestId('track-row')).queryByTestId('track-processing')).toBeNull());
    expect(within(screen.getByTestId('track-row')).getByTestId('track-duration').textContent).toBe('3:07');
  });

  it('says why a failed track could not be used and what to do, keeping it deletable', async () => {
    tracks = [
      track({ id: 'f', title: 'Broken', status: 'failed', failureReason: 'This file is not audio we can read.', duration: 0, peaks: '' }),
    ];
    renderPanel();
    const row = await screen.findByTestId('track-row');
    expect(within(row).getByRole('alert').textContent).toContain(
      'This file is not audio we can read. Delete it and upload the file again.',
    );
    expect(within(row).getByRole('button', { name: 'Delete Broken' })).toBeTruthy();
  });

  it("opens a track's technical report: its figures, what streaming services would do, the lane and the peak warning", async () => {
    const report = {
      integratedLufs: -10.8,
      loudnessRange: 6.4,
      truePeakDbtp: -0.3,
      samplePeakDbfs: -0.5,
      clippedSamples: 1234,
      dcOffset: 0.0012,
      stereoCorrelation: 0.82,
    };
    answerRoutes({
      listTracks: () => ({ tracks, next: null, total: tracks.length }),
      getTrackReport: ({ trackId }) => {
        // A track measured before reports is measured when asked: the server says so.
        if (trackId === 'old') throw Object.assign(new Error('This track is being measured'), { status: 409, code: 'report_pending' });
        expect(trackId).toBe('loud');
        return { ...report, shortTermLufs: [-30, -14, -9.5, -12] };
      },
    });
    await showTracks(track({ id: 'loud', title: 'Loud Master', report }), track({ id: 'old', title: 'Old One', report: null }));
    const [loud, old] = screen.getAllByTestId('track-row');
    fireEvent.click(within(loud).getByTestId('track-report-toggle'));
    // Its code loads when first opened.
    const panel = await within(loud).findByTestId('technical-report');
    const figures = within(panel)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(figures).toEqual(['-10.8 LUFS', '6.4 LU', '-0.3 dBTP', '-0.5 dBFS', '1,234', '0.12%', '0.82 (mono-safe)']);
    expect(within(panel).getByTestId('streaming-advice').textContent).toContain('Spotify (-14 LUFS) would turn this down by 3.2 dB');
    // The lane comes with the whole report, asked for when the panel opens.
    expect((await within(panel).findByRole('img')).getAttribute('aria-label')).toBe(
      'Short-term loudness over 0:04: loudest -9.5 LUFS at 0:03',
    );
    expect(within(panel).getByText(/above -1 dBTP: streaming encoders may clip it/)).toBeTruthy();
    fireEvent.click(within(old).getByTestId('track-report-toggle'));
    await waitFor(() =>
      expect(within(old).getByTestId('report-pending').textContent).toBe(
        'This track was measured before technical reports: it is being measured now, and its report appears here in a minute.',
      ),
    );
    expect(calls('getTrackReport').map((c) => c[1])).toContainEqual({ trackId: 'old' });
  });

  it('selects all and deletes the selection in one call after confirming', async () => {
    await showTracks(track({ id: 'a', title: 'One' }), track({ id: 'b', title: 'Two' }));
    fireEvent.click(screen.getByTestId('tracks-select-all'));
    expect(screen.getByTestId('tracks-selected').textContent).toBe('2 selected');
    fireEvent.click(screen.getByTestId('tracks-delete-selected'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete 2 tracks?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement?.textContent).toBe('Cancel');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete 2 tracks' }));
    await screen.findByText('No tracks yet');
    expect(calls('deleteTracks')).toEqual([['deleteTracks', { ids: ['a', 'b'] }]]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks before deleting one track; Esc keeps it', async () => {
    await showTracks(track({ id: 'a', title: 'One' }), track({ id: 'b', title: 'Two' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Two' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete track?' });
    expect(dialog.textContent).toContain('"Two" will be deleted for good');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls('deleteTracks')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Two' }));
    fireEvent.click(screen.getByTestId('confirm-button'));
    await waitFor(() => expect(screen.getAllByTestId('track-row')).toHaveLength(1));
    expect(calls('deleteTracks')).toEqual([['deleteTracks', { ids: ['b'] }]]);
  });

  it('keeps a long title without spaces inside the delete dialog', async () => {
    withStyles('components/dialog.css');
    const title = 'A'.repeat(200);
    await showTracks(track({ id: 'a', title }));
    fireEvent.click(screen.getByRole('button', { name: `Delete ${title}` }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete track?' });
    const description = within(dialog).getByText(`"${title}" will be deleted for good`, { exact: false });
    expect(getComputedStyle(description).overflowWrap).toBe('anywhere');
    expect(getComputedStyle(within(dialog).getByRole('heading', { name: 'Delete track?' })).overflowWrap).toBe('anywhere');
  });

  it('keeps the confirmation open with the reason when a delete fails, and a second press asks nothing more', async () => {
    let answer!: (value: unknown) => void;
    apiMock.mockImplementation(async (name: string) => {
      if (name === 'listTracks') return { tracks, next: null, total: tracks.length };
      if (name === 'deleteTracks') return new Promise((resolve) => (answer = resolve));
      throw new Error(`unexpected ${name}`);
    });
    await showTracks(track({ id: 'a', title: 'One' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete One' }));
    const confirm = await screen.findByTestId('confirm-button');
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(calls('deleteTracks')).toHaveLength(1));
    expect(confirm.getAttribute('aria-busy')).toBe('true');
    apiMock.mockImplementation(async (name: string) => {
      if (name === 'listTracks') return { tracks, next: null, total: tracks.length };
      throw new Error('The server is busy');
    });
    await act(async () => answer(Promise.reject(new Error('The server is busy'))));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete track?' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The server is busy');
    expect(screen.getAllByTestId('track-row')).toHaveLength(1);
    // Pressed again, it is asked again.
    fireEvent.click(screen.getByTestId('confirm-button'));
    await waitFor(() => expect(calls('deleteTracks')).toHaveLength(2));
  });

  it('names the tracks a bulk delete could not finish, drops the deleted ones and reloads', async () => {
    tracks = [track({ id: 'a', title: 'One' }), track({ id: 'b', title: 'Two' })];
    apiMock.mockImplementation(async (name: string) => {
      if (name === 'listTracks') return { tracks, next: null, total: tracks.length };
      if (name === 'deleteTracks') {
        tracks = tracks.filter((t) => t.id !== 'a');
        return { deleted: ['a'], failed: [{ id: 'b', message: 'The track could not be deleted completely; please try again.' }] };
      }
      throw new Error(`unexpected ${name}`);
    });
    renderPanel();
    await screen.findAllByTestId('track-row');
    fireEvent.click(screen.getByTestId('tracks-select-all'));
    fireEvent.click(screen.getByTestId('tracks-delete-selected'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete 2 tracks' }));

    const failed = await screen.findByTestId('delete-failed');
    expect(failed.getAttribute('role')).toBe('alert');
    expect(failed.textContent).toContain('Some tracks could not be fully deleted:');
    expect(
      within(failed)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Two: The track could not be deleted completely; please try again.']);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(calls('listTracks')).toHaveLength(2));
    const rows = screen.getAllByTestId('track-row');
    expect(rows.map((r) => within(r).getByTestId('track-title').textContent)).toEqual(['Two']);
    // The track that stayed stays selected, ready to be deleted again.
    expect(screen.getByTestId('tracks-selected').textContent).toBe('1 selected');

    fireEvent.click(within(failed).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('delete-failed')).toBeNull();
  });

  it('shows no partial-delete message when every track is deleted', async () => {
    await showTracks(track({ id: 'a', title: 'One' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete One' }));
    fireEvent.click(await screen.findByTestId('confirm-button'));
    await screen.findByText('No tracks yet');
    expect(screen.queryByTestId('delete-failed')).toBeNull();
  });

  it('selecting some rows makes select-all indeterminate', async () => {
    await showTracks(track({ id: 'a', title: 'One' }), track({ id: 'b', title: 'Two' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select One' }));
    const all = screen.getByTestId('tracks-select-all') as HTMLInputElement;
    expect(all.checked).toBe(false);
    expect(all.indeterminate).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Two' }));
    expect(all.checked).toBe(true);
  });

  it('reloads when a track changes elsewhere', async () => {
    renderPanel();
    await screen.findByText('No tracks yet');
    tracks = [track({ id: 'n', title: 'From another tab' })];
    act(() => realtimeHandlers.get('track')!({ type: 'change', entity: 'track', id: 'n', action: 'insert' }));
    await screen.findByText('From another tab');
  });

  it('toggles the feedback view; Get feedback opens the request for that track', async () => {
    await showTracks(track({ id: 'a', title: 'One' }));
    const toggle = screen.getByTestId('track-feedback-toggle');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('feedback-view').textContent).toContain('No feedback yet');
    // Without a request dialog to open the button is off...
    expect((screen.getByTestId('track-get-feedback') as HTMLButtonElement).disabled).toBe(true);
    cleanup();

    // ...with one, it opens it for the row's track, and the feedback view shows what it is given.
    const onGetFeedback = vi.fn();
    renderPanel(<TracksPanel onGetFeedback={onGetFeedback} renderFeedback={(t) => <p>Feedback on {t.title}</p>} />);
    await screen.findAllByTestId('track-row');
    const get = screen.getByRole('button', { name: 'Get feedback on One' }) as HTMLButtonElement;
    expect(get.disabled).toBe(false);
    fireEvent.click(get);
    expect(onGetFeedback).toHaveBeenCalledWith(expect.objectContaining({ id: 'a', title: 'One' }));
    fireEvent.click(screen.getByTestId('track-feedback-toggle'));
    expect(screen.getByTestId('feedback-view').textContent).toBe('Feedback on One');
  });
});

describe('renaming a track', () => {
  const titles = () => screen.getAllByTestId('track-title').map((h) => h.textContent);

  it("turns the title into an input on 'Rename': Enter saves the trimmed title, Esc cancels", async () => {
    await showTracks(track({ id: 'a', title: 'Draft' }), track({ id: 'b', title: 'Other' }));
    fireEvent.click(screen.getByRole('button', { name: 'Rename Draft' }));
    const input = (await screen.findByRole('textbox', { name: 'Track title' })) as HTMLInputElement;
    expect(input.value).toBe('Draft');
    // The input takes the focus in an effect after it shows: on a busy machine, a moment later.
    await waitFor(() => expect(document.activeElement).toBe(input));
    fireEvent.change(input, { target: { value: '  Night Drive ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(titles()).toEqual(['Night Drive', 'Other']));
    expect(calls('renameTrack')).toEqual([['renameTrack', { id: 'a', title: 'Night Drive' }]]);
    expect(screen.queryByTestId('track-title-input')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Rename Other' }));
    const other = await screen.findByTestId('track-title-input');
    fireEvent.change(other, { target: { value: 'Never saved' } });
    fireEvent.keyDown(other, { key: 'Escape' });
    fireEvent.blur(other);
    expect(titles()).toEqual(['Night Drive', 'Other']);
    expect(calls('renameTrack')).toHaveLength(1);
  });

  it('saves on leaving the input, opens on F2, and holds a title the upload would refuse', async () => {
    await showTracks(track({ id: 'a', title: 'Draft' }));
    fireEvent.keyDown(screen.getByTestId('track-select'), { key: 'F2' });
    const input = await screen.findByTestId('track-title-input');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((await screen.findByTestId('track-title-error')).textContent).toBe('Track title is required');
    fireEvent.change(input, { target: { value: 'x'.repeat(201) } });
    fireEvent.blur(input);
    expect((await screen.findByTestId('track-title-error')).textContent).toBe('Track title is too long');
    expect(calls('renameTrack')).toHaveLength(0);

    fireEvent.change(input, { target: { value: 'Blurred' } });
    fireEvent.blur(input);
    await waitFor(() => expect(titles()).toEqual(['Blurred']));
    expect(calls('renameTrack')).toEqual([['renameTrack', { id: 'a', title: 'Blurred' }]]);
  });

  it('renames a track with versions through the track, every version showing the new title', async () => {
    const v2 = trackView({ id: 'v2', title: 'Draft', version: 2, stackId: 's' });
    await showTracks(track({ id: 's', title: 'Draft', versions: [v2] }));
    fireEvent.click(screen.getByRole('button', { name: 'Rename Draft' }));
    const input = await screen.findByTestId('track-title-input');
    fireEvent.change(input, { target: { value: 'Final' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(titles()).toEqual(['Final']));
    expect(calls('renameTrack')).toEqual([['renameTrack', { id: 's', title: 'Final' }]]);
    fireEvent.click(screen.getByTestId('track-version-1'));
    expect(titles()).toEqual(['Final']);
  });
});

describe('versions of a track', () => {
  const v = (n: number, over: Partial<TrackView> = {}) =>
    trackView({ id: `v${n}`, title: 'Night Drive', version: n, stackId: 's', duration: 60 + n, ...over });
  const stack = () => track({ id: 's', title: 'Night Drive', duration: 61, versions: [v(2), v(3)] });

  it('lists a track once with its versions, shows the newest, and plays, requests and reports the one picked', async () => {
    const onGetFeedback = vi.fn();
    tracks = [stack()];
    renderPanel(<TracksPanel onGetFeedback={onGetFeedback} renderFeedback={(t) => <p>Feedback on {t.id}</p>} />);
    await screen.findAllByTestId('track-row');
    expect(screen.getAllByTestId('track-row')).toHaveLength(1);
    const picker = screen.getByRole('group', { name: 'Versions of Night Drive' });
    expect(
      within(picker)
        .getAllByRole('button')
        .map((b) => [b.textContent, b.getAttribute('aria-pressed')]),
    ).toEqual([
      ['v1', 'false'],
      ['v2', 'false'],
      ['v3', 'true'],
    ]);
    expect(screen.getByTestId('track-duration').textContent).toBe('1:03');
    fireEvent.click(screen.getByTestId('track-version-1'));
    expect(screen.getByTestId('track-duration').textContent).toBe('1:01');
    // v1 is the track itself: only a later version is deleted alone.
    expect(screen.queryByTestId('track-version-delete')).toBeNull();
    fireEvent.click(screen.getByTestId('track-version-2'));
    fireEvent.click(screen.getByRole('button', { name: 'Get feedback on Night Drive (v2)' }));
    expect(onGetFeedback).toHaveBeenCalledWith(expect.objectContaining({ id: 'v2', version: 2 }));
    fireEvent.click(screen.getByTestId('track-feedback-toggle'));
    expect(screen.getByTestId('feedback-view').textContent).toBe('Feedback on v2');
    fireEvent.pointerEnter(screen.getByTestId('player'));
    fireEvent.click(screen.getByRole('button', { name: 'Play Night Drive (v2)' }));
    await waitFor(() => expect(calls('getSignedUrl').at(-1)?.[1]).toEqual({ trackId: 'v2' }));
  });

  it('deletes a later version alone after confirming, and the whole track with every version', async () => {
    await showTracks(stack());
    fireEvent.click(screen.getByTestId('track-version-2'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete version 2 of Night Drive' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(
      'Version 2 of "Night Drive" will be deleted for good, with its audio, snippet and feedback. The other versions stay.',
    );
    answerRoutes({
      listTracks: () => ({ tracks: [{ ...stack(), versions: [v(3)] }], next: null, total: 1 }),
      deleteTracks: (input) => ({ deleted: input.ids as string[], failed: [] }),
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete v2' }));
    await waitFor(() => expect(screen.queryByTestId('track-version-2')).toBeNull());
    expect(calls('deleteTracks').at(-1)?.[1]).toEqual({ ids: ['v2'] });
    // Back on the newest, v3.
    expect(screen.getByTestId('track-version-3').getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Delete Night Drive and all its versions' }));
    const all = await screen.findByRole('alertdialog');
    expect(all.textContent).toContain('"Night Drive" will be deleted for good with all 2 of its versions');
    expect(within(all).getByRole('button', { name: 'Delete all versions' })).toBeTruthy();
  });

  it('uploads a new version without asking for a title, and shows it once it is there', async () => {
    vi.stubGlobal('XMLHttpRequest', StoringXhr);
    const v4 = v(4, { duration: 64 });
    let listed = stack();
    apiMock.mockImplementation(async (name: string, input?: Record<string, unknown>) => {
      if (name === 'listTracks') return { tracks: [listed], next: null, total: 1 };
      if (name === 'createUploadUrl') return { url: 'http://storage.test/b', fields: { key: 'k' }, key: 'k', expiresAt: 'x' };
      if (name === 'createTrack') {
        listed = { ...listed, versions: [...listed.versions, v4] };
        return { ...v4, echo: input };
      }
      throw new Error(`unexpected ${name}`);
    });
    tracks = [stack()];
    renderPanel();
    await screen.findAllByTestId('track-row');
    fireEvent.click(screen.getByTestId('track-new-version'));
    const dialog = await screen.findByRole('dialog', { name: 'Upload a new version' });
    expect(dialog.textContent).toContain('"Night Drive" v4: MP3, WAV');
    expect(within(dialog).queryByLabelText('Track title')).toBeNull();
    fireEvent.change(screen.getByTestId('upload-file-input'), {
      target: { files: [new File([new Uint8Array(64)], 'mix-2.mp3', { type: 'audio/mpeg' })] },
    });
    fireEvent.click(screen.getByTestId('upload-submit'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload a new version' })).toBeNull());
    expect(calls('createUploadUrl')[0][1]).toMatchObject({ versionOf: 's' });
    expect(calls('createTrack')[0][1]).toMatchObject({ key: 'k', title: 'Night Drive', versionOf: 's' });
    expect(screen.getAllByTestId('track-row')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('track-version-4').getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByTestId('track-duration').textContent).toBe('1:04');
  });
});

describe('the player', () => {
  it('draws from the stored peaks and asks for the audio link only on first play', async () => {
    await showTracks(track({ id: 'a', title: 'One', duration: 60 }));
    // Static bars until the user shows they mean to use the player; then wavesurfer.
    expect(screen.getByTestId('player-waveform').querySelector('.player-wave-fallback')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 20));
    expect(wavesurfers).toHaveLength(0);
    fireEvent.pointerEnter(screen.getByTestId('player'));
    await waitFor(() => expect(wavesurfers).toHaveLength(1));
    const ws = wavesurfers[0];
    expect(ws.options.duration).toBe(60);
    expect((ws.options.peaks as Float32Array[])[0]).toHaveLength(1000);
    expect(ws.options.media).toBeInstanceOf(HTMLAudioElement);
    expect(ws.options.url).toBeUndefined();
    expect(calls('getSignedUrl')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Play One' }));
    await screen.findByRole('button', { name: 'Pause One' });
    expect(calls('getSignedUrl')).toEqual([['getSignedUrl', { trackId: 'a' }]]);
    expect(ws.load).toHaveBeenCalledWith('http://storage.test/a?sig=1', [expect.any(Float32Array)], 60);

    fireEvent.click(screen.getByRole('button', { name: 'Pause One' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Play One' }));
    await screen.findByRole('button', { name: 'Pause One' });
    expect(calls('getSignedUrl')).toHaveLength(1);
  });

  it('skips 10 s, shows m:ss and answers the keyboard', async () => {
    tracks = [track({ id: 'a', title: 'One', duration: 60 })];
    renderPanel();
    // A skip before wavesurfer is there moves the playhead at once and is handed to it when it arrives.
    fireEvent.click(await screen.findByRole('button', { name: 'Forward 10 seconds' }));
    expect(screen.getByTestId('player-time').textContent).toBe('0:10/1:00');
    await waitFor(() => expect(wavesurfers).toHaveLength(1));
    const ws = wavesurfers[0];
    expect(ws.setTime).toHaveBeenLastCalledWith(10);
    const wave = screen.getByRole('slider', { name: 'Seek One' });
    fireEvent.keyDown(wave, { key: 'ArrowRight' });
    expect(ws.setTime).toHaveBeenLastCalledWith(20);
    fireEvent.keyDown(wave, { key: 'ArrowLeft' });
    fireEvent.keyDown(wave, { key: 'ArrowLeft' });
    fireEvent.keyDown(wave, { key: 'ArrowLeft' });
    expect(ws.setTime).toHaveBeenLastCalledWith(0);
    fireEvent.keyDown(wave, { key: 'End' });
    expect(ws.setTime).toHaveBeenLastCalledWith(60);
    expect(wave.getAttribute('aria-valuetext')).toBe('1:00 of 1:00');
    fireEvent.keyDown(wave, { key: ' ' });
    await screen.findByRole('button', { name: 'Pause One' });
  });

  it("says 'Failed to load audio' when the link cannot be had", async () => {
    tracks = [track({ id: 'a', title: 'One' })];
    apiMock.mockImplementation(async (name: string) => {
      if (name === 'listTracks') return { tracks, next: null, total: tracks.length };
      throw new Error('boom');
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Play One' }));
    expect((await screen.findByTestId('player-error')).textContent).toBe(LOAD_AUDIO_ERROR);
  });

  it('seeks where the static bars are clicked, before wavesurfer is there', async () => {
    tracks = [track({ id: 'a', title: 'One', duration: 60 })];
    renderPanel();
    const wave = await screen.findByRole('slider', { name: 'Seek One' });
    wave.getBoundingClientRect = () => ({
      left: 100,
      width: 200,
      top: 0,
      height: 56,
      right: 300,
      bottom: 56,
      x: 100,
      y: 0,
      toJSON: () => ({}),
    });
    fireEvent.pointerDown(wave, { clientX: 150 });
    expect(wave.getAttribute('aria-valuenow')).toBe('15');
    expect(screen.getByTestId('player-time').textContent).toBe('0:15/1:00');
    await waitFor(() => expect(wavesurfers).toHaveLength(1));
    expect(wavesurfers[0].setTime).toHaveBeenLastCalledWith(15);
    // From then on wavesurfer takes the waveform's clicks: ours no longer seeks.
    fireEvent.pointerDown(wave, { clientX: 250 });
    expect(wave.getAttribute('aria-valuenow')).toBe('15');
  });
});

describe('the snippet editor', () => {
  it('keeps the handles 1 s apart, saves, and auditions the range', async () => {
    await showTracks(track({ id: 'a', title: 'One', duration: 60 }));
    fireEvent.click(screen.getByTestId('track-snippet-toggle'));
    const start = await screen.findByRole('slider', { name: 'Snippet start' });
    const end = screen.getByRole('slider', { name: 'Snippet end' });
    expect([start.getAttribute('aria-valuenow'), end.getAttribute('aria-valuenow')]).toEqual(['0', '30']);
    expect((screen.getByTestId('snippet-save') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.keyDown(start, { key: 'End' });
    expect(screen.getByTestId('snippet-start').textContent).toBe('0:29');
    fireEvent.keyDown(end, { key: 'Home' });
    expect(screen.getByTestId('snippet-end').textContent).toBe('0:30');
    fireEvent.keyDown(start, { key: 'Home' });
    fireEvent.keyDown(start, { key: 'PageUp' });
    fireEvent.keyDown(start, { key: 'ArrowRight' });
    fireEvent.keyDown(end, { key: 'End' });
    expect(screen.getByTestId('snippet-end').textContent).toBe('1:00');
    fireEvent.keyDown(end, { key: 'PageDown' });
    expect(screen.getByTestId('snippet-length').textContent).toBe('0:39');
    expect(screen.getByTestId('player-region')).toBeTruthy();

    fireEvent.click(screen.getByTestId('snippet-save'));
    await screen.findByTestId('snippet-saved');
    expect(calls('updateSnippet')).toEqual([['updateSnippet', { id: 'a', snippet: { start: 11, end: 50 } }]]);

    fireEvent.click(screen.getByTestId('snippet-audition'));
    await waitFor(() => expect(wavesurfers[0].play).toHaveBeenCalledWith(11, 50));
    await waitFor(() => expect(screen.getByTestId('snippet-audition').textContent).toBe('Stop'));
  });
});

describe('the upload modal', () => {
  const fileInput = () => screen.getByTestId('upload-file-input') as HTMLInputElement;

  /** From an empty list: opens the upload dialog, chooses an MP3 named `name` and sends it. */
  async function uploadFrom(name: string) {
    renderPanel();
    await screen.findByText('No tracks yet');
    fireEvent.click(screen.getByTestId('upload-open'));
    await screen.findByRole('dialog', { name: 'Upload Track' });
    fireEvent.change(fileInput(), { target: { files: [new File([new Uint8Array(64)], name, { type: 'audio/mpeg' })] } });
    fireEvent.click(screen.getByTestId('upload-submit'));
  }

  it('refuses a file that is not audio without calling the API', async () => {
    renderPanel();
    await screen.findByText('No tracks yet');
    fireEvent.click(screen.getByTestId('upload-open'));
    await screen.findByRole('dialog', { name: 'Upload Track' });
    const dialog = await screen.findByRole('dialog', { name: 'Upload Track' });
    expect(document.activeElement?.textContent).toContain('Choose an audio file');
    fireEvent.change(fileInput(), { target: { files: [new File(['hi'], 'notes.txt', { type: 'text/plain' })] } });
    expect(within(dialog).getByTestId('upload-file-error').textContent).toBe(AUDIO_FILE_ERROR);
    fireEvent.click(within(dialog).getByTestId('upload-submit'));
    expect(within(dialog).getByTestId('upload-file-error').textContent).toBe(AUDIO_FILE_ERROR);
    expect(calls('createUploadUrl')).toHaveLength(0);
  });

  it('takes a dropped file, needs a title, and can be cancelled mid-upload leaving nothing behind', async () => {
    const xhrs: { abort: () => void; upload: { onprogress?: (e: object) => void }; onabort?: () => void }[] = [];
    class XHR {
      upload: { onprogress?: (e: object) => void } = {};
      onabort?: () => void;
      constructor() {
        xhrs.push(this as never);
      }
      open() {}
      send() {}
      abort() {
        this.onabort?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', XHR);
    apiMock.mockImplementation(async (name: string) => {
      if (name === 'listTracks') return { tracks, next: null, total: tracks.length };
      if (name === 'createUploadUrl') return { url: 'http://storage.test/b', fields: { key: 'k' }, key: 'k', expiresAt: 'x' };
      throw new Error(`unexpected ${name}`);
    });
    renderPanel();
    await screen.findByText('No tracks yet');
    fireEvent.click(screen.getByTestId('upload-open'));
    await screen.findByRole('dialog', { name: 'Upload Track' });
    const file = new File([new Uint8Array(4000)], 'Late_Night.mp3', { type: 'audio/mpeg' });
    fireEvent.drop(screen.getByTestId('drop-zone'), { dataTransfer: { files: [file] } });
    expect(screen.getByTestId('upload-file-name').textContent).toBe('Late_Night.mp3');
    const title = screen.getByLabelText('Track title') as HTMLInputElement;
    expect(title.value).toBe('Late Night');
    fireEvent.change(title, { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('upload-submit'));
    expect(await screen.findByText('Track title is required')).toBeTruthy();
    fireEvent.change(title, { target: { value: 'Late Night' } });
    fireEvent.click(screen.getByTestId('upload-submit'));
    await waitFor(() => expect(xhrs).toHaveLength(1));
    act(() => xhrs[0].upload.onprogress!({ loaded: 1000, total: 4000, lengthComputable: true }));
    expect(screen.getByTestId('upload-percent').textContent).toBe('25%');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    fireEvent.click(screen.getByTestId('upload-cancel'));
    await waitFor(() => expect(screen.queryByTestId('upload-progress')).toBeNull());
    expect(calls('createTrack')).toHaveLength(0);
    expect(await screen.findByRole('dialog', { name: 'Upload Track' })).toBeTruthy();
  });

  it('while the server checks the audio, the bar is as full as the percent beside it says', async () => {
    withStyles('styles/app-shell.css', 'styles/shared-bits.css', 'features/tracks/upload.css');
    vi.stubGlobal('XMLHttpRequest', StoringXhr);
    apiMock.mockImplementation(async (name: string) => {
      if (name === 'listTracks') return { tracks, next: null, total: tracks.length };
      if (name === 'createUploadUrl') return { url: 'http://storage.test/b', fields: { key: 'k' }, key: 'k', expiresAt: 'x' };
      if (name === 'createTrack') return new Promise(() => {}); // still checking
      throw new Error(`unexpected ${name}`);
    });
    await uploadFrom('song.mp3');
    const progress = await screen.findByText('Checking your audio...');
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    const percent = screen.getByTestId('upload-percent').textContent;
    expect(progress.closest('[data-testid="upload-progress"]')).toBeTruthy();
    expect(percent).toBe('100%');
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(getComputedStyle(bar.querySelector('span')!).width).toBe(percent);
  });

  it("shows the server's message when the stored bytes are not audio", async () => {
    vi.stubGlobal('XMLHttpRequest', StoringXhr);
    apiMock.mockImplementation(async (name: string) => {
      if (name === 'listTracks') return { tracks, next: null, total: tracks.length };
      if (name === 'createUploadUrl') return { url: 'http://storage.test/b', fields: { key: 'k' }, key: 'k', expiresAt: 'x' };
      if (name === 'createTrack') throw Object.assign(new Error(AUDIO_FILE_ERROR), { status: 400, code: 'not_audio' });
      throw new Error(`unexpected ${name}`);
    });
    await uploadFrom('cover.mp3');
    expect((await screen.findByTestId('upload-error')).textContent).toBe(AUDIO_FILE_ERROR);
  });

  const rateLimited = (retryAfterSeconds: number) =>
    Object.assign(new Error('Too many uploads started in a minute. Please wait a moment and try again.'), {
      status: 429,
      code: 'rate_limited',
      details: { retryAfterSeconds },
    });

  it('waits out a 429 for the time the API gives, saying so, then uploads by itself', async () => {
    const sent: unknown[] = [];
    class XHR {
      upload = {};
      status = 204;
      onload?: () => void;
      open() {}
      send(body: unknown) {
        sent.push(body);
        setTimeout(() => this.onload?.(), 0);
      }
    }
    vi.stubGlobal('XMLHttpRequest', XHR);
    let tickets = 0;
    apiMock.mockImplementation(async (name: string) => {
      if (name === 'listTracks') return { tracks, next: null, total: tracks.length };
      if (name === 'createUploadUrl') {
        if (++tickets === 1) throw rateLimited(2);
        return { url: 'http://storage.test/b', fields: { key: 'k' }, key: 'k', expiresAt: 'x' };
      }
      if (name === 'createTrack') {
        const made = track({ title: 'Album Track 21' });
        tracks = [made];
        return made;
      }
      throw new Error(`unexpected ${name}`);
    });
    await uploadFrom('Album Track 21.mp3');

    const notice = await screen.findByTestId('upload-waiting');
    expect(within(notice).getByRole('status').textContent).toMatch(
      /Too many uploads were started in the last minute\. This one waits, then starts by itself\./,
    );
    expect(screen.getByTestId('upload-waiting-seconds').textContent).toMatch(/^Starting in [12] s$/);
    expect(screen.queryByTestId('upload-error')).toBeNull();
    expect(sent).toHaveLength(0);
    await waitFor(() => expect(calls('createTrack')).toHaveLength(1), { timeout: 5000 });
    expect(tickets).toBe(2);
    expect(sent).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload Track' })).toBeNull());
  });

  it('can be cancelled while it waits, asking for nothing more; a limit still there after the waits is said plainly', async () => {
    apiMock.mockImplementation(async (name: string) => {
      if (name === 'listTracks') return { tracks, next: null, total: tracks.length };
      if (name === 'createUploadUrl') throw rateLimited(1);
      throw new Error(`unexpected ${name}`);
    });
    await uploadFrom('one.mp3');
    await screen.findByTestId('upload-waiting');
    fireEvent.click(screen.getByTestId('upload-cancel'));
    await waitFor(() => expect(screen.queryByTestId('upload-waiting')).toBeNull());
    await new Promise((r) => setTimeout(r, 1200));
    expect(calls('createUploadUrl')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Upload Track' })).toBeTruthy();

    // Asked again, and refused at every try: after two waits it stops and shows the API's message.
    fireEvent.click(screen.getByTestId('upload-submit'));
    const error = await screen.findByTestId('upload-error', {}, { timeout: 5000 });
    expect(error.textContent).toBe('Too many uploads started in a minute. Please wait a moment and try again.');
    expect(calls('createUploadUrl')).toHaveLength(4);
  });

  it('closes on Esc when idle', async () => {
    renderPanel();
    await screen.findByText('No tracks yet');
    const opener = screen.getByTestId('upload-open');
    opener.focus();
    fireEvent.click(opener);
    fireEvent.keyDown(await screen.findByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

describe('dropping a file on the track list', () => {
  const files = (...list: File[]) => ({ dataTransfer: { files: list, types: ['Files'] } });
  const overlay = () => screen.queryByTestId('tracks-drop-overlay');
  const audio = () => new File([new Uint8Array(4000)], 'Late_Night.mp3', { type: 'audio/mpeg' });

  it('shows a drop target while a file is over the panel, and not for dragged text', async () => {
    await showTracks(track({ id: 'a', title: 'One' }));
    const panel = screen.getByTestId('tracks-panel');
    const row = screen.getByTestId('track-row');

    fireEvent.dragEnter(panel, { dataTransfer: { files: [], types: ['text/plain'] } });
    fireEvent.dragOver(panel, { dataTransfer: { files: [], types: ['text/plain'] } });
    expect(overlay()).toBeNull();

    fireEvent.dragEnter(panel, files(audio()));
    fireEvent.dragOver(panel, files(audio()));
    expect((await screen.findByTestId('tracks-drop-overlay')).textContent).toBe('Drop your audio file to upload');
    // Moving onto a child: the browser enters the child before leaving the panel; the target stays.
    fireEvent.dragEnter(row, files(audio()));
    fireEvent.dragLeave(panel, files(audio()));
    expect(overlay()).not.toBeNull();
    // Out of the child and off the panel.
    fireEvent.dragLeave(row, files(audio()));
    expect(overlay()).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the drop zone in sight once there are tracks, and its link opens the upload', async () => {
    await showTracks(track({ id: 'a', title: 'One' }), track({ id: 'b', title: 'Two' }));
    const zone = screen.getByTestId('tracks-drop-zone');
    expect(zone.textContent).toBe('Drop an audio file anywhere on your tracks to upload it, or choose a file.');
    // Above the list, where a file is dragged to.
    expect(zone.compareDocumentPosition(screen.getByTestId('track-list')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(within(zone).getByRole('button', { name: 'choose a file' }));
    expect(await screen.findByRole('dialog', { name: 'Upload Track' })).toBeTruthy();
  });

  it('shows the drop message in a box of its own, which the CSS keeps in the window', async () => {
    await showTracks(track({ id: 'a', title: 'One' }));
    fireEvent.dragEnter(screen.getByTestId('track-list'), files(audio()));
    const message = await screen.findByTestId('tracks-drop-message');
    expect(message.parentElement).toBe(overlay());
    expect(message.textContent).toBe('Drop your audio file to upload');
  });

  it('opens the upload dialog with a dropped audio file chosen and its title filled in', async () => {
    renderPanel();
    const empty = await screen.findByTestId('tracks-empty');
    fireEvent.dragEnter(empty, files(audio()));
    fireEvent.dragOver(empty, files(audio()));
    expect(await screen.findByTestId('tracks-drop-overlay')).not.toBeNull();
    fireEvent.drop(empty, files(audio()));
    expect(overlay()).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Upload Track' });
    expect(within(dialog).getByTestId('upload-file-name').textContent).toBe('Late_Night.mp3');
    expect((within(dialog).getByLabelText('Track title') as HTMLInputElement).value).toBe('Late Night');
    expect(within(dialog).queryByTestId('upload-file-error')).toBeNull();

    // Closed and opened from the button, the dialog starts empty again.
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.click(screen.getByTestId('upload-open'));
    await screen.findByRole('dialog', { name: 'Upload Track' });
    expect(screen.queryByTestId('upload-file-name')).toBeNull();
    expect((screen.getByLabelText('Track title') as HTMLInputElement).value).toBe('');
  });

  it("explains a dropped file that is not audio in the upload dialog: 'Please upload an audio file'", async () => {
    renderPanel();
    const panel = await screen.findByTestId('tracks-panel');
    await screen.findByText('No tracks yet');
    const notes = new File(['hi'], 'notes.txt', { type: 'text/plain' });
    fireEvent.dragEnter(panel, files(notes));
    fireEvent.drop(panel, files(notes));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Track' });
    expect(within(dialog).getByTestId('upload-file-error').textContent).toBe(AUDIO_FILE_ERROR);
    expect(within(dialog).queryByTestId('upload-file-name')).toBeNull();
    expect((within(dialog).getByLabelText('Track title') as HTMLInputElement).value).toBe('');
    expect(calls('createUploadUrl')).toHaveLength(0);
  });
});
