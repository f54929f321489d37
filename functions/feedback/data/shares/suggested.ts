/** The AI suggestions given to a request's reviewer, kept on the request (records.ts suggestedKey). */
import type { ShareStatus } from '../../../../shared/feedback.js';
import { cancellation } from '../../../platform/data/index.js';
import { SUGGESTIONS_KEPT, T, suggestedKey } from './records.js';
import { inOpenShare } from './open-share.js';

/**
 * Keeps a suggestion given for the share while it is open and not in one of `closed`: 'written', 'closed'
 * or 'full' (it already keeps SUGGESTIONS_KEPT).
 */
export async function putSuggestion(
  shareId: string,
  text: string,
  opts: { closed: ShareStatus[] },
): Promise<'written' | 'closed' | 'full'> {
  const err = await inOpenShare(shareId, opts.closed, [
    {
      Update: {
        TableName: T(),
        Key: suggestedKey(shareId),
        UpdateExpression: 'SET texts = list_append(if_not_exists(texts, :none), :text), shareId = :id',
        ConditionExpression: 'attribute_not_exists(texts) OR size(texts) < :most',
        ExpressionAttributeValues: { ':none': [], ':text': [text], ':id': shareId, ':most': SUGGESTIONS_KEPT },
      },
    },
  ]);
  if (!err) return 'written';
  return cancellation(err)![0] === 'ConditionalCheckFailed' ? 'closed' : 'full';
}
