/** Consumes the table's stream: each change that someone watches is delivered to their connections. */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { deliver, notificationFor, type StreamChange } from '../domain/realtime.js';

export async function handler(event: DynamoDBStreamEvent): Promise<void> {
  for (const record of event.Records) {
    const notification = notificationFor({
      eventName: record.eventName,
      newImage: record.dynamodb?.NewImage as StreamChange['newImage'],
      oldImage: record.dynamodb?.OldImage as StreamChange['oldImage'],
    });
    if (notification) await deliver(notification);
  }
}
