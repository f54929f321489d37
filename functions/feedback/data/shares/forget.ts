/**
 * A participant who deleted their account, taken off the requests the other side keeps: the review stays
 * where it is, attributed to DELETED_USER. The author's kept request leaves their track (which is deleted
 * next), so its title and audio go with them; the reviewer's kept request names them no more.
 */
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DELETED_TRACK, DELETED_USER } from '../../../../shared/constants.js';
import { writeIf } from '../../../platform/data/index.js';
import { OPEN, T, linkKey, metaKey, trackKey } from './records.js';

/**
 * A completed request of a deleted author: kept for its reviewer, off the track. False when it is no
 * longer a completed request (deleted, or being deleted, meanwhile).
 */
export function forgetAuthor(trackId: string, shareId: string): Promise<boolean> {
  return writeIf(
    () =>
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: T(),
              Key: metaKey(shareId),
              UpdateExpression:
                'SET sharedByName = :who, sharedByUsername = :none, trackTitle = :track, trackAudioUrl = :none, leftBy = :side',
              ConditionExpression: `${OPEN} AND #s = :completed`,
              ExpressionAttributeNames: { '#s': 'status' },
              ExpressionAttributeValues: {
                ':who': DELETED_USER,
                ':none': '',
                ':track': DELETED_TRACK,
                ':completed': 'completed',
                ':side': 'author',
              },
            },
          },
          { Delete: { TableName: T(), Key: linkKey(trackId, shareId) } },
          // The track's deletion then finds one share fewer to delete.
          {
            Update: {
              TableName: T(),
              Key: trackKey(trackId),
              UpdateExpression: 'DELETE shareIds :id',
              ConditionExpression: 'attribute_exists(PK)',
              ExpressionAttributeValues: { ':id': new Set([shareId]) },
            },
          },
        ],
      }),
  );
}

/** A request a deleted reviewer was asked for: the author keeps it, the reviewer's name gone. */
export async function forgetReviewer(shareId: string): Promise<void> {
  await writeIf(
    () =>
      new UpdateCommand({
        TableName: T(),
        Key: metaKey(shareId),
        UpdateExpression: 'SET sharedWithName = :who, sharedWithUsername = :none, leftBy = :side',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':who': DELETED_USER, ':none': '', ':side': 'reviewer' },
      }),
  );
}
