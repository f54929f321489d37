// @vitest-environment happy-dom
/**
 * The report's 'After encoding' table (web/src/components/after-encoding.tsx): each encoder's row as the API
 * gives it, being made, made (its true peak, and its overs said with where the loudest start), not made in time, or
 * not made and why.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CodecPreviewView } from '../../../shared/schemas/technical-report';
import { AfterEncoding } from '../../../web/src/components/after-encoding';
import { renderUi } from './render';
import { answerRoutes, apiMock } from './amplify-mock';

vi.mock('../../../web/src/lib/api', () => import('./amplify-mock'));

const base = (profile: string, label: string) => ({ profile, label, heardOn: `${label}'s services` });
const PREVIEWS: CodecPreviewView[] = [
  {
    ...base('mp3-128', 'MP3 128'),
    status: 'ready',
    truePeakDbtp: 0.94,
    overSamples: 1234,
    moreRuns: 2,
    overRuns: [
      { start: 1.2, end: 1.3, peakDbfs: 0.5 },
      { start: 65, end: 65.2, peakDbfs: 0.9 },
      { start: 70, end: 70.1, peakDbfs: 0.2 },
      { start: 80, end: 80.1, peakDbfs: 0.1 },
    ],
  },
  { ...base('mp3-320', 'MP3 320'), status: 'ready', truePeakDbtp: -1.04, overSamples: 0, overRuns: [], moreRuns: 0 },
  { ...base('opus-160', 'Opus 160'), status: 'pending' },
  { ...base('vorbis-96', 'Vorbis 96'), status: 'failed', reason: 'Not made in time. Open this report again in 45 min to try again.' },
  { ...base('aac-256', 'AAC 256'), status: 'not_previewed', reason: 'No faithful open AAC encoder.' },
];

const cells = (profile: string) =>
  within(screen.getAllByTestId('codec-preview').find((r) => r.getAttribute('data-profile') === profile)!)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe("the report's 'After encoding'", () => {
  it('says each encoder as it stands, and marks the table busy while one is being made', () => {
    renderUi(<AfterEncoding trackId="t-1" previews={PREVIEWS} />);
    expect(cells('mp3-128')).toEqual(["MP3 128's services", '+0.9 dBTP', '1,234 samples, at 0:01, 1:05, 1:10 and 3 more']);
    expect(cells('mp3-320')).toEqual(["MP3 320's services", '-1.0 dBTP', 'None']);
    expect(cells('opus-160')).toEqual(["Opus 160's services", 'Being encoded…']);
    expect(cells('vorbis-96')).toEqual(["Vorbis 96's services", 'Not made in time. Open this report again in 45 min to try again.']);
    expect(cells('aac-256')).toEqual(["AAC 256's services", 'Not previewed. No faithful open AAC encoder.']);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
  });

  it('is no longer busy once every preview is made', () => {
    renderUi(<AfterEncoding trackId="t-1" previews={PREVIEWS.filter((p) => p.status !== 'pending')} />);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('false');
  });

  it('plays the encodings kept to play, each from where the one before was, and says when one cannot be played or loaded', async () => {
    const kept = PREVIEWS.map((p) => (p.status === 'ready' ? { ...p, playable: true } : p));
    answerRoutes({
      getSignedUrl: ({ trackId, preview }) => {
        if (preview === 'mp3-320' && apiMock.mock.calls.length > 2) throw new Error('offline');
        return { signedUrl: `https://media.test/${String(trackId)}/${String(preview)}`, expiresIn: 3600 };
      },
    });
    renderUi(<AfterEncoding trackId="t-1" previews={kept} />);
    // Only what is kept has a button; a row being made or not previewed has none.
    expect(screen.getAllByRole('button', { name: /^Listen to the/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Listen to the MP3 128 encoding',
      'Listen to the MP3 320 encoding',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Listen to the MP3 128 encoding' }));
    const player = await screen.findByTestId('encoding-player');
    expect(player.textContent).toContain('Playing the MP3 128 encoding');
    const audio = player.querySelector('audio')!;
    expect(audio.getAttribute('src')).toBe('https://media.test/t-1/mp3-128');
    expect(screen.getByRole('button', { name: 'Listen to the MP3 128 encoding' }).getAttribute('aria-pressed')).toBe('true');

    Object.defineProperty(audio, 'currentTime', { value: 42.5, writable: true });
    fireEvent.click(screen.getByRole('button', { name: 'Listen to the MP3 320 encoding' }));
    await waitFor(() => expect(audio.getAttribute('src')).toBe('https://media.test/t-1/mp3-320'));
    audio.currentTime = 0;
    audio.dispatchEvent(new Event('loadedmetadata'));
    expect(audio.currentTime).toBe(42.5);
    expect(apiMock.mock.calls.map(([, input]) => input)).toEqual([
      { trackId: 't-1', preview: 'mp3-128' },
      { trackId: 't-1', preview: 'mp3-320' },
    ]);

    audio.dispatchEvent(new Event('error'));
    expect((await screen.findByRole('alert')).textContent).toBe('This browser could not play the MP3 320 encoding.');
    fireEvent.click(screen.getByRole('button', { name: 'Listen to the MP3 320 encoding' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The MP3 320 encoding could not be loaded. Please try again.'));
  });

  it('asks for a new link when the audio fails once its link has ended, and goes on from where it stood', async () => {
    let links = 0;
    answerRoutes({
      getSignedUrl: ({ preview }) => ({ signedUrl: `https://media.test/${String(preview)}?link=${++links}`, expiresIn: 3600 }),
    });
    renderUi(<AfterEncoding trackId="t-1" previews={PREVIEWS.map((p) => (p.status === 'ready' ? { ...p, playable: true } : p))} />);
    fireEvent.click(screen.getByRole('button', { name: 'Listen to the MP3 128 encoding' }));
    const audio = (await screen.findByTestId('encoding-player')).querySelector('audio')!;
    expect(audio.getAttribute('src')).toBe('https://media.test/mp3-128?link=1');
    Object.defineProperty(audio, 'currentTime', { value: 30, writable: true });
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 3_600_000);
    try {
      audio.dispatchEvent(new Event('error'));
      await waitFor(() => expect(audio.getAttribute('src')).toBe('https://media.test/mp3-128?link=2'));
      audio.currentTime = 0;
      audio.dispatchEvent(new Event('loadedmetadata'));
      expect(audio.currentTime).toBe(30);
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      clock.mockRestore();
    }
    // A fresh link that fails is the browser's doing.
    audio.dispatchEvent(new Event('error'));
    expect((await screen.findByRole('alert')).textContent).toBe('This browser could not play the MP3 128 encoding.');
  });
});
