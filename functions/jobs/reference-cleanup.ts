/**
 * Deletes a request's reference tracks once it closes or goes (functions/tracks/references.ts): it consumes
 * the table's stream, filtered to changes of requests that were open (infra/constructs/processing.ts). The
 * routes refuse the references from the moment of the change; this removes them and their audio. An error
 * retries the batch (the deletion is safe to repeat).
 */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { closedRequest, forgetReferences } from '../tracks/index.js';
import { log, observed } from '../lib/observability.js';

type Image = Record<string, AttributeValue> | undefined;
const plain = (image: Image) => (image ? unmarshall(image) : undefined);

export const handler = (event: DynamoDBStreamEvent): Promise<void> =>
  observed('referenceCleanup', async () => {
    const closed = new Set<string>();
    for (const record of event.Records ?? []) {
      const id = closedRequest({
        eventName: record.eventName,
        oldImage: plain(record.dynamodb?.OldImage as Image),
        newImage: plain(record.dynamodb?.NewImage as Image),
      });
      if (id) closed.add(id);
    }
    for (const id of closed) {
      const deleted = await forgetReferences(id);
      if (deleted) log.info('References deleted', { share: id, deleted });
    }
  });
