/**
 * How the report shows a track's codec previews (functions/tracks/codec-previews.ts previewsView): made, being
 * made while the ask is fresh, not made in time once it is not (saying when opening the report tries again),
 * and being made again from the moment the report's opening asks again.
 */
import { describe, expect, it } from 'vitest';
import { previewsView } from '../../../functions/tracks/codec-previews.js';

const ASKED = Date.parse('2026-12-06T10:00:00Z');
const minutes = (n: number) => new Date(ASKED + n * 60_000);
const MADE = { truePeakDbtp: -0.5, overSamples: 0, runs: [], moreRuns: 0 };
const track = { duration: 180, previewsAskedAt: new Date(ASKED).toISOString(), previews: { 'mp3-320': MADE } };

const statuses = (view: ReturnType<typeof previewsView>) => Object.fromEntries(view.map((p) => [p.profile, p.status]));

describe("the report's codec previews", () => {
  it('are being made for a quarter of an hour after the ask', () => {
    expect(statuses(previewsView(track, { now: minutes(15), askedNow: false }))).toEqual({
      'vorbis-320': 'pending',
      'vorbis-160': 'pending',
      'vorbis-96': 'pending',
      'mp3-320': 'ready',
      'mp3-128': 'pending',
      'opus-160': 'pending',
      'aac-256': 'not_previewed',
    });
  });

  it('are not made in time after that, and say when opening the report asks again', () => {
    const view = previewsView(track, { now: minutes(15.1), askedNow: false });
    expect(view.filter((p) => p.status === 'failed').map((p) => p.profile)).toEqual([
      'vorbis-320',
      'vorbis-160',
      'vorbis-96',
      'mp3-128',
      'opus-160',
    ]);
    expect(view.find((p) => p.profile === 'opus-160')!.reason).toBe('Not made in time. Open this report again in 45 min to try again.');
    expect(previewsView(track, { now: minutes(59.5), askedNow: false })[0].reason).toMatch(/again in 1 min/);
    expect(view.find((p) => p.profile === 'mp3-320')).toMatchObject({ status: 'ready', truePeakDbtp: -0.5 });
  });

  it('are being made again once the opening of the report asked again', () => {
    const view = previewsView(track, { now: minutes(61), askedNow: true });
    expect(view.filter((p) => p.status === 'failed')).toEqual([]);
    expect(view.filter((p) => p.status === 'pending')).toHaveLength(5);
  });

  it('are being made when the ask is not noted yet (its marker still on the way to processing)', () => {
    const fresh = previewsView({ duration: 180 }, { now: minutes(0), askedNow: false });
    expect(fresh.filter((p) => p.status === 'pending')).toHaveLength(6);
  });
});
