/**
 * Items of the three partitions that are now spread over shards, moved from the one partition earlier
 * versions wrote them to: payments due a look (GSI2 `PAYMENT#WATCH`), comment digests due (GSI2
 * `DIGEST#DUE`) and the platform's ledger entries (`LEDGER#PLATFORM`). This version reads the shards only.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ledgerPartition, PLATFORM_ACCOUNT } from '../../functions/money/data/ledger.js';
import { WATCH, watchShard } from '../../functions/money/data/payments.js';
import { queryAll } from '../../functions/platform/data/query.js';
import { DIGEST_DUE } from '../../functions/feedback/data/shares/records.js';
import { digestDuePartition } from '../../functions/feedback/data/shares/emails.js';
import { writeIf } from '../../functions/platform/data/transactions.js';
import { config } from '../../functions/lib/config.js';
import { updateFound } from './table.js';

/** Items still listed under GSI2 partition `from` get their shard's partition, each on condition that it is still there. */
async function moveIndexed(from: string, shardOf: (item: Record<string, unknown>) => string): Promise<number> {
  let moved = 0;
  for (const item of await queryAll({
    TableName: config.tableName,
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :from',
    ExpressionAttributeValues: { ':from': from },
  })) {
    moved += await updateFound(item, {
      UpdateExpression: 'SET GSI2PK = :to',
      ConditionExpression: 'GSI2PK = :from',
      ExpressionAttributeValues: { ':from': from, ':to': shardOf(item) },
    });
  }
  return moved;
}

/** The platform's entries written to one partition, each put in its shard and deleted from there in one transaction. */
async function moveLedger(): Promise<number> {
  const from = `LEDGER#${PLATFORM_ACCOUNT}`;
  let moved = 0;
  for (const item of await queryAll({
    TableName: config.tableName,
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': from },
  })) {
    const made = await writeIf(
      () =>
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: config.tableName,
                Item: { ...item, PK: ledgerPartition(PLATFORM_ACCOUNT, item.id as string) },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
            { Delete: { TableName: config.tableName, Key: { PK: item.PK, SK: item.SK }, ConditionExpression: 'attribute_exists(PK)' } },
          ],
        }),
    );
    if (made) moved++;
  }
  return moved;
}

/** Every item of the unsharded partitions moved to its shard; how many moved. Idempotent. */
export async function moveToShards(): Promise<number> {
  const watched = await moveIndexed(WATCH, (p) => watchShard(p.orderId as string));
  const digests = await moveIndexed(DIGEST_DUE, (d) => digestDuePartition(d.shareId as string));
  return watched + digests + (await moveLedger());
}
