/** A track's status as its owner and a share's reviewer see it (no I/O: shares use it without the media bucket). */
import { PROCESSING_STALLED_ERROR } from '../../shared/constants.js';
import type { TrackStatus } from '../../shared/schemas/tracks.js';
import type { TrackRecord } from './data/tracks.js';

/** What the owner sees: a track whose processing never reported (every attempt crashed or timed out) is failed, not stuck. */
export function trackStatus(t: TrackRecord, now = Date.now()): { status: TrackStatus; failureReason: string | null } {
  const status = t.status ?? 'ready';
  if (status === 'processing' && t.processingDeadline && Date.parse(t.processingDeadline) < now) {
    return { status: 'failed', failureReason: PROCESSING_STALLED_ERROR };
  }
  return { status, failureReason: t.failureReason ?? null };
}
