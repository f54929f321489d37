/**
 * A musician's progress, kept up to date as each review of theirs completes (never recounted):
 * - progress  PK USER#<id>  SK PROGRESS
 *   `reviews`: reviews received; `sum_<YYYY-MM>_<criterion>` and `n_<YYYY-MM>_<criterion>`: the scores of that
 *   month's reviews and how many; `tag_<#Tag>`: reviewers' comments carrying that tag. Flat attributes, so
 *   that one ADD creates or moves each without the item or a map having to exist first.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws/dynamo.js';
import { config } from '../../lib/config.js';
import type { TransactUpdate } from './shares/records.js';

export const progressKey = (userId: string) => ({ PK: `USER#${userId}`, SK: 'PROGRESS' });

/** What one completed review adds: its month ('YYYY-MM'), its scores, and its reviewer's comments' tags. */
export interface ReviewFigures {
  month: string;
  criteria: Record<string, number>;
  tags: string[];
}

/** The progress item's attributes that `figures` adds to. */
export function progressAdds(figures: ReviewFigures): Record<string, number> {
  const adds: Record<string, number> = { reviews: 1 };
  for (const [key, score] of Object.entries(figures.criteria)) {
    adds[`sum_${figures.month}_${key}`] = score;
    adds[`n_${figures.month}_${key}`] = 1;
  }
  for (const tag of figures.tags) adds[`tag_${tag}`] = (adds[`tag_${tag}`] ?? 0) + 1;
  return adds;
}

/** The update, made in the transaction that completes the review, adding it to the musician's progress. */
export function addReviewItem(musicianId: string, figures: ReviewFigures): { Update: TransactUpdate } {
  const adds = Object.entries(progressAdds(figures));
  return {
    Update: {
      TableName: config.tableName,
      Key: progressKey(musicianId),
      UpdateExpression: `SET entity = :e ADD ${adds.map((_, i) => `#a${i} :a${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(adds.map(([name], i) => [`#a${i}`, name])),
      ExpressionAttributeValues: { ':e': 'progress', ...Object.fromEntries(adds.map(([, v], i) => [`:a${i}`, v])) },
    },
  };
}

/** The musician's progress attributes (none yet: an empty record). */
export async function getProgress(userId: string): Promise<Record<string, number>> {
  const res = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: progressKey(userId) }));
  const { PK: _p, SK: _s, entity: _e, ...figures } = res.Item ?? {};
  return figures as Record<string, number>;
}
