/** The cached track list is a set of pages: what changes a track edits every page and keeps the total right. */
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../web/src/lib/api', () => ({ api: vi.fn() }));

import type { TrackStackView, TrackView } from '../../../shared/schemas/tracks';
import {
  addTrack,
  loadedTracks,
  loadedVersions,
  removeTracks,
  replaceTrack,
  type TrackPages,
} from '../../../web/src/features/tracks/api/tracks';

const track = (id: string, title = id) => ({ id, title, version: 1, stackId: null, versions: [] }) as unknown as TrackStackView;
const version = (id: string, stackId: string, n: number, title = id) => ({ id, title, version: n, stackId }) as TrackView;
const pages = (...lists: string[][]): TrackPages => {
  const total = lists.flat().length;
  return {
    pages: lists.map((ids, i) => ({ tracks: ids.map((id) => track(id)), next: i < lists.length - 1 ? `c${i}` : null, total })),
    pageParams: lists.map((_, i) => (i === 0 ? undefined : `c${i - 1}`)),
  };
};
const ids = (data: TrackPages | undefined) => loadedTracks(data).map((t) => t.id);
const totals = (data: TrackPages | undefined) => data!.pages.map((p) => p.total);

describe('track list pages in the cache', () => {
  it('puts a new track first and counts it once', () => {
    const data = addTrack(pages(['b', 'c'], ['d']), track('a'));
    expect(ids(data)).toEqual(['a', 'b', 'c', 'd']);
    expect(totals(data)).toEqual([4, 4]);
    // Already listed (a live reload got there first): moved, not counted again.
    const again = addTrack(data, track('a', 'A'));
    expect(loadedTracks(again).map((t) => t.title)).toEqual(['A', 'b', 'c', 'd']);
    expect(totals(again)).toEqual([4, 4]);
  });

  it('replaces a track on whichever page holds it', () => {
    const data = replaceTrack(pages(['a', 'b'], ['c']), track('c', 'C'));
    expect(loadedTracks(data).map((t) => t.title)).toEqual(['a', 'b', 'C']);
    expect(totals(data)).toEqual([3, 3]);
  });

  it('removes deleted tracks from every page and takes them off the total', () => {
    const data = removeTracks(pages(['a', 'b'], ['c', 'd']), ['b', 'c', 'x']);
    expect(ids(data)).toEqual(['a', 'd']);
    expect(totals(data)).toEqual([2, 2]);
  });

  it('lists a track that two pages hold once, and leaves an empty cache empty', () => {
    expect(ids(pages(['a', 'b'], ['b', 'c']))).toEqual(['a', 'b', 'c']);
    expect(addTrack(undefined, track('a'))).toBeUndefined();
    expect(removeTracks(undefined, ['a'])).toBeUndefined();
  });

  it('puts a new version on its track, in number order, without moving or counting the track', () => {
    const data = addTrack(pages(['a', 'b'], ['c']), version('b3', 'b', 3));
    const withTwo = addTrack(data, version('b2', 'b', 2));
    expect(ids(withTwo)).toEqual(['a', 'b', 'c']);
    expect(totals(withTwo)).toEqual([3, 3]);
    expect(loadedTracks(withTwo)[1].versions.map((v) => v.id)).toEqual(['b2', 'b3']);
    // Replaced in place as processing finishes; the track itself replaced keeps its versions.
    const ready = replaceTrack(replaceTrack(withTwo, version('b2', 'b', 2, 'B2')), { ...track('b', 'B') } as TrackView);
    expect(loadedTracks(ready)[1]).toMatchObject({ title: 'B', versions: [{ title: 'B2' }, { id: 'b3' }] });
    // What a request can be made on: each track's newest version first.
    expect(loadedVersions(ready).map((t) => t.id)).toEqual(['a', 'b3', 'b2', 'b', 'c']);
    // A deleted version leaves its track; a deleted track takes its versions.
    expect(loadedTracks(removeTracks(ready, ['b3']))[1].versions.map((v) => v.id)).toEqual(['b2']);
    const gone = removeTracks(ready, ['b']);
    expect(ids(gone)).toEqual(['a', 'c']);
    expect(totals(gone)).toEqual([2, 2]);
  });
});
