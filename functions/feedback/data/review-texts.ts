/**
 * The general comments a reviewer last submitted, so that a new one can be compared with them (a review
 * copied from one track to another is refused). Bounded: the most recent REVIEW_TEXTS_KEPT.
 * Key: PK USER#<id>  SK REVIEW_TEXTS.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws/dynamo.js';
import { config } from '../../lib/config.js';
import { writeIf } from '../../platform/data/index.js';

export const REVIEW_TEXTS_KEPT = 20;

export interface ReviewText {
  shareId: string;
  /** The general comment. */
  text: string;
  /** The review's comments long enough to compare (feedback/review-floor.ts). */
  comments?: string[];
}

const key = (userId: string) => ({ PK: `USER#${userId}`, SK: 'REVIEW_TEXTS' });

export async function recentReviewTexts(userId: string): Promise<{ texts: ReviewText[]; version: number }> {
  const res = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: key(userId), ConsistentRead: true }));
  return { texts: (res.Item?.texts as ReviewText[] | undefined) ?? [], version: (res.Item?.version as number | undefined) ?? 0 };
}

/** Adds a text, dropping the oldest past the bound, on condition that the list is still the version read. */
export async function addReviewText(userId: string, text: ReviewText, read: { texts: ReviewText[]; version: number }): Promise<boolean> {
  const texts = [text, ...read.texts.filter((t) => t.shareId !== text.shareId)].slice(0, REVIEW_TEXTS_KEPT);
  return writeIf(
    () =>
      new PutCommand({
        TableName: config.tableName,
        Item: { ...key(userId), entity: 'review_texts', texts, version: read.version + 1 },
        ConditionExpression: read.version ? 'version = :v' : 'attribute_not_exists(PK)',
        ...(read.version ? { ExpressionAttributeValues: { ':v': read.version } } : {}),
      }),
  );
}
