import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { TrackStackView, TrackView } from '@shared/schemas/tracks';
import { api, type ApiOutput } from '@/lib/api';
import { cursorOf, cursorPages } from '@/lib/pages';

export const tracksQueryKey = ['tracks'] as const;

type TrackPage = ApiOutput<'listTracks'>;
/** The cached track list: the pages loaded so far ('Load more tracks' adds one). */
export type TrackPages = InfiniteData<TrackPage, string | undefined>;

/** While a track is processing, the list is re-read this often in case a live update is missed. */
const PROCESSING_POLL_MS = 4000;

export const tracksQuery = infiniteQueryOptions({
  queryKey: tracksQueryKey,
  queryFn: ({ pageParam }) => api('listTracks', cursorOf(pageParam)),
  ...cursorPages,
  refetchInterval: (query) =>
    query.state.data?.pages.some((p) => p.tracks.some((t) => t.status === 'processing')) ? PROCESSING_POLL_MS : false,
});

/** The loaded tracks, newest first, each once (a track added here may also come back on a later page). */
export function loadedTracks(data: TrackPages | undefined): TrackStackView[] {
  const byId = new Map<string, TrackStackView>();
  for (const page of data?.pages ?? []) for (const t of page.tracks) if (!byId.has(t.id)) byId.set(t.id, t);
  return [...byId.values()];
}

/** A track and its later versions, oldest first. */
export const versionsOf = (t: TrackStackView): TrackView[] => [t, ...t.versions];

/** Every version of the loaded tracks, each track's newest version first (what a request can be made on). */
export const loadedVersions = (data: TrackPages | undefined): TrackView[] => loadedTracks(data).flatMap((t) => versionsOf(t).reverse());

/** How many tracks the user has, loaded or not. */
const totalOf = (data: TrackPages) => data.pages[0]?.total ?? 0;

const withTotal = (data: TrackPages) => ({ tracks: loadedTracks(data), total: totalOf(data) });

/** The signed-in user's tracks, a page at a time, with how many there are in all. */
export function useTrackPages() {
  return useInfiniteQuery({ ...tracksQuery, select: withTotal });
}

/** Every version of the signed-in user's loaded tracks, newest track first, each newest version first. */
export function useTrackVersions() {
  return useInfiniteQuery({ ...tracksQuery, select: loadedVersions });
}

/** A presigned link to stream a track (valid 3600 s). */
export async function getTrackUrl(trackId: string): Promise<string> {
  const { signedUrl } = await api('getSignedUrl', { trackId });
  return signedUrl;
}

function editPages(
  data: TrackPages | undefined,
  edit: (tracks: TrackStackView[], page: number) => TrackStackView[],
  totalChange = 0,
): TrackPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((p, i) => ({ ...p, tracks: edit(p.tracks, i), total: Math.max(0, p.total + totalChange) })),
  };
}

/** A version put in its track's place among the versions (numbered order), replacing itself if there. */
function withVersion(stack: TrackStackView, v: TrackView): TrackStackView {
  const versions = [...stack.versions.filter((o) => o.id !== v.id), v].sort((a, b) => a.version - b.version);
  return { ...stack, versions };
}

/**
 * A new track at the top of the list (it is the newest), counted once; a new version goes on its track,
 * which stays where it is.
 */
export function addTrack(data: TrackPages | undefined, track: TrackView | TrackStackView): TrackPages | undefined {
  const { stackId } = track;
  if (stackId) return editPages(data, (list) => list.map((t) => (t.id === stackId ? withVersion(t, track) : t)));
  const known = loadedTracks(data).some((t) => t.id === track.id);
  const stack: TrackStackView = { versions: [], ...track };
  return editPages(data, (list, page) => [...(page === 0 ? [stack] : []), ...list.filter((t) => t.id !== track.id)], known ? 0 : 1);
}

/** A track or a version as the API now gives it (its versions kept: a track alone comes without them). */
export function replaceTrack(data: TrackPages | undefined, track: TrackView): TrackPages | undefined {
  const { stackId } = track;
  if (stackId) return editPages(data, (list) => list.map((t) => (t.id === stackId ? withVersion(t, track) : t)));
  return editPages(data, (list) => list.map((t) => (t.id === track.id ? { ...track, versions: t.versions } : t)));
}

/** A renamed track as the API now gives it, its versions under the same title (the server renamed them with it). */
export function renameTrackIn(data: TrackPages | undefined, track: TrackView): TrackPages | undefined {
  return editPages(data, (list) =>
    list.map((t) => (t.id === track.id ? { ...track, versions: t.versions.map((v) => ({ ...v, title: track.title })) } : t)),
  );
}

/** Deleted tracks (with their versions) and deleted versions, gone from the list. */
export function removeTracks(data: TrackPages | undefined, ids: Iterable<string>): TrackPages | undefined {
  const gone = new Set(ids);
  const removed = loadedTracks(data).filter((t) => gone.has(t.id)).length;
  return editPages(
    data,
    (list) => list.filter((t) => !gone.has(t.id)).map((t) => ({ ...t, versions: t.versions.filter((v) => !gone.has(v.id)) })),
    -removed,
  );
}

/**
 * Deletes one or many tracks in one call, and takes the deleted ones out of the cached list. A plain call,
 * not a mutation hook: the deletion's hook keeps its own busy and error state (use-track-deletion.ts), so
 * that TanStack Query's mutation code is no part of the dashboard's first load (track-changes.ts has the
 * changes made from pieces loaded later).
 */
export async function deleteTracks(queryClient: QueryClient, ids: string[]) {
  const answer = await api('deleteTracks', { ids });
  queryClient.setQueryData<TrackPages>(tracksQueryKey, (data) => removeTracks(data, answer.deleted));
  void queryClient.invalidateQueries({ queryKey: tracksQueryKey });
  return answer;
}

/** The track a new version is uploaded for, and the number it will likely get (another upload may take it first). */
export interface VersionTarget {
  id: string;
  title: string;
  next: number;
}
