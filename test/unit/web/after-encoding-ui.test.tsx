// @vitest-environment happy-dom
/**
 * The report's 'After encoding' table (web/src/components/after-encoding.tsx): each encoder's row as the API
 * gives it, being made, made (its true peak, and its overs said with where the loudest start), not made in time, or
 * not made and why.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CodecPreviewView } from '../../../shared/schemas/technical-report';
import { AfterEncoding } from '../../../web/src/components/after-encoding';
import { renderUi } from './render';

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
    renderUi(<AfterEncoding previews={PREVIEWS} />);
    expect(cells('mp3-128')).toEqual(["MP3 128's services", '+0.9 dBTP', '1,234 samples, at 0:01, 1:05, 1:10 and 3 more']);
    expect(cells('mp3-320')).toEqual(["MP3 320's services", '-1.0 dBTP', 'None']);
    expect(cells('opus-160')).toEqual(["Opus 160's services", 'Being encoded…']);
    expect(cells('vorbis-96')).toEqual(["Vorbis 96's services", 'Not made in time. Open this report again in 45 min to try again.']);
    expect(cells('aac-256')).toEqual(["AAC 256's services", 'Not previewed. No faithful open AAC encoder.']);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
  });

  it('is no longer busy once every preview is made', () => {
    renderUi(<AfterEncoding previews={PREVIEWS.filter((p) => p.status !== 'pending')} />);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('false');
  });
});
