/**
 * A track's codec previews (functions/tracks/codec-previews.ts), kept on its META, one attribute a profile
 * (`preview:<profile>`, read back into TrackRecord.previews), each written once on its own condition; and when
 * they were last asked for (`previewsAskedAt`).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { writeIf } from '../../platform/data/index.js';
import { config } from '../../lib/config.js';
import type { StoredPreview } from '../../../shared/schemas/technical-report.js';
import { PREVIEW_ATTRIBUTE, trackKey } from './tracks.js';
import { PREVIEWS_ASK_AGAIN_MS } from '../../../shared/constants.js';

/**
 * Gives a track its preview of `profile`, once: only while it exists, is not being deleted and still has the
 * audio that was previewed. False when any of that changed, or another run wrote it first. A preview made before
 * encodings were kept to play (no `playable`) is written over, with its file.
 */
export async function setTrackPreview(id: string, audioKey: string, profile: string, preview: StoredPreview): Promise<boolean> {
  return writeIf(
    () =>
      new UpdateCommand({
        TableName: config.tableName,
        Key: trackKey(id),
        UpdateExpression: 'SET #p = :p',
        ConditionExpression:
          'attribute_exists(PK) AND attribute_not_exists(deletingAt) AND (attribute_not_exists(#p) OR attribute_not_exists(#p.#playable)) AND audioKey = :a',
        ExpressionAttributeNames: { '#p': `${PREVIEW_ATTRIBUTE}${profile}`, '#playable': 'playable' },
        ExpressionAttributeValues: { ':p': preview, ':a': audioKey },
      }),
  );
}

/**
 * Notes that a ready track's previews were asked for while some were missing, at most once an hour: true when
 * noted (the caller then has them made; noted again at the same `now`, true too), false when they were asked
 * lately, or it is gone or being deleted.
 */
export async function notePreviewsAsked(id: string, audioKey: string, now: Date): Promise<boolean> {
  return writeIf(
    () =>
      new UpdateCommand({
        TableName: config.tableName,
        Key: trackKey(id),
        UpdateExpression: 'SET previewsAskedAt = :now',
        ConditionExpression:
          'attribute_exists(PK) AND attribute_not_exists(deletingAt) AND audioKey = :a AND ' +
          // The same ask written again (the SDK's retry of a write whose answer was lost) is still this ask.
          '(attribute_not_exists(previewsAskedAt) OR previewsAskedAt < :hourAgo OR previewsAskedAt = :now)',
        ExpressionAttributeValues: {
          ':now': now.toISOString(),
          ':a': audioKey,
          ':hourAgo': new Date(now.getTime() - PREVIEWS_ASK_AGAIN_MS).toISOString(),
        },
      }),
  );
}
