/** A re-check's checklist: the reviewer marks a point, the musician moves one, each while the request is open to them. */
import type { ShareStatus } from '../../../../shared/feedback.js';
import type { CheckMark } from '../../../../shared/schemas/shares.js';
import { T, checklistKey } from './records.js';
import { inOpenShare } from './open-share.js';
import { reviewEdit } from './comments.js';

/**
 * Sets one point's mark (the reviewer) or place (the musician) while the share is open and not in one of
 * `closed`; false when refused. Each side writes its own map, so neither undoes the other.
 */
export async function setCheck(
  shareId: string,
  commentId: string,
  change: { mark: CheckMark; note: string | null; at: string } | { timestamp: number | null },
  closed: ShareStatus[],
): Promise<boolean> {
  const [map, value] = 'mark' in change ? ['marks', change] : ['moved', change.timestamp];
  const err = await inOpenShare(shareId, closed, [
    {
      Update: {
        TableName: T(),
        Key: checklistKey(shareId),
        UpdateExpression: `SET #map.#c = :v`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#map': map, '#c': commentId },
        ExpressionAttributeValues: { ':v': value },
      },
    },
    // A mark is part of what the floor checks (a word of why for a point not fixed) and of the outcome the
    // request keeps: counted as a change, so a Submit checked against the marks before it is refused.
    ...('mark' in change ? [reviewEdit(shareId)] : []),
  ]);
  return !err;
}
