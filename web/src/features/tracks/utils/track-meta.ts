import { NEW_TRACK_WINDOW_MS } from '@shared/constants';

/** A track is new while it is not shared and less than 5 minutes old. */
export function isNewTrack(track: { isShared: boolean; createdAt: string }, now: number = Date.now()): boolean {
  if (track.isShared) return false;
  const created = Date.parse(track.createdAt);
  return Number.isFinite(created) && now - created < NEW_TRACK_WINDOW_MS;
}

/** How long until the track stops being new (ms), or null when it is not new. */
export function newUntil(track: { isShared: boolean; createdAt: string }, now: number = Date.now()): number | null {
  if (!isNewTrack(track, now)) return null;
  return Date.parse(track.createdAt) + NEW_TRACK_WINDOW_MS - now;
}

export { formatDate } from '@/lib/dates';

/** A version's short name: 'v2'. */
export const versionLabel = (v: { version: number }) => `v${v.version}`;
