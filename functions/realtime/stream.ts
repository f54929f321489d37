/** Consumes the table's stream: the changes of each batch that someone watches are delivered to their connections together. */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { deliver, notificationFor, type Notification, type StreamChange } from '../platform/index.js';

export async function handler(event: DynamoDBStreamEvent): Promise<void> {
  const notifications = event.Records.map((record) =>
    notificationFor({
      eventName: record.eventName,
      newImage: record.dynamodb?.NewImage as StreamChange['newImage'],
      oldImage: record.dynamodb?.OldImage as StreamChange['oldImage'],
    }),
  ).filter((n): n is Notification => n !== null);
  if (notifications.length) await deliver(notifications);
}
