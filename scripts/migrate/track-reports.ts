/**
 * Technical reports for tracks processed before reports (functions/tracks/processing.ts measureStoredTrack):
 * each ready track without one is measured from its stored audio. Run before the deploy and after it (the
 * earlier version processes uploads without reports meanwhile); a track measured is not measured again.
 */
import { measureStoredTrack } from '../../functions/tracks/processing.js';
import { scanned } from './table.js';

export async function measureMissingReports(): Promise<{ measured: number; unreadable: number }> {
  const done = { measured: 0, unreadable: 0 };
  for await (const t of scanned({
    // Tracks registered before processing moved off the request path have no status: they are ready.
    FilterExpression:
      'entity = :e AND (#s = :ready OR attribute_not_exists(#s)) AND attribute_not_exists(report) AND attribute_not_exists(deletingAt)',
    ExpressionAttributeNames: { '#s': 'status' },
    ExpressionAttributeValues: { ':e': 'track', ':ready': 'ready' },
  })) {
    if (typeof t.audioKey !== 'string' || !t.audioKey) continue;
    const outcome = await measureStoredTrack({ id: t.id as string, audioKey: t.audioKey });
    if (outcome === 'measured') done.measured++;
    if (outcome === 'unreadable') done.unreadable++;
  }
  return done;
}
