/**
 * The local gateway's IAM for the table: each HTTP area may make only the item actions of its grant
 * (infra/table-grants.ts), Query only the indexes it names and, where the grant has a partition condition,
 * touch only those partitions (`dynamodb:LeadingKeys`). DynamoDB Local checks no IAM, so without this a
 * grant short of what a route does would fail only in AWS; here the call is refused as AWS refuses it.
 */
import { TABLE_GRANTS, type TableAction } from '../../../infra/table-grants.js';
import { TABLE_KEYS } from '../../../functions/platform/data/table.js';

type Input = Record<string, any>;

/** One item action and the partition it touches (null: an index Query, granted apart and unconditioned). */
interface Touch {
  action: TableAction;
  partition: string | null;
  index?: string;
}

/** A key attribute as the document client holds it, or as it marshalled it. */
const text = (value: unknown): string => (typeof value === 'string' ? value : ((value as { S?: string } | undefined)?.S ?? ''));

const partitionOf = (key: Input | undefined) => text(key?.[TABLE_KEYS.partition]);

/** The partition a Query's key condition names: `PK = :value`, or through a name (`#pk = :value`), either way round. */
function queriedPartition(input: Input): string {
  const names = Object.entries((input.ExpressionAttributeNames ?? {}) as Record<string, string>)
    .filter(([, name]) => name === TABLE_KEYS.partition)
    .map(([alias]) => alias);
  const key = [TABLE_KEYS.partition, ...names].join('|');
  const condition = input.KeyConditionExpression ?? '';
  const placeholder =
    new RegExp(`(?:^|[\\s(])(?:${key})\\s*=\\s*(:\\w+)`).exec(condition)?.[1] ??
    new RegExp(`(:\\w+)\\s*=\\s*(?:${key})(?![\\w])`).exec(condition)?.[1];
  return placeholder ? text(input.ExpressionAttributeValues?.[placeholder]) : '';
}

const TRANSACT_ACTIONS: Record<string, TableAction> = {
  Put: 'dynamodb:PutItem',
  Update: 'dynamodb:UpdateItem',
  Delete: 'dynamodb:DeleteItem',
  ConditionCheck: 'dynamodb:ConditionCheckItem',
};

/** What a command does to the table, item by item, as IAM authorizes it (by the client's command names: the document client's GetCommand is sent as GetItemCommand). */
export function touchesOf(command: string, input: Input): Touch[] {
  switch (command) {
    case 'GetItemCommand':
      return [{ action: 'dynamodb:GetItem', partition: partitionOf(input.Key) }];
    case 'PutItemCommand':
      return [{ action: 'dynamodb:PutItem', partition: partitionOf(input.Item) }];
    case 'UpdateItemCommand':
      return [{ action: 'dynamodb:UpdateItem', partition: partitionOf(input.Key) }];
    case 'DeleteItemCommand':
      return [{ action: 'dynamodb:DeleteItem', partition: partitionOf(input.Key) }];
    case 'QueryCommand':
      return input.IndexName
        ? [{ action: 'dynamodb:Query', partition: null, index: input.IndexName }]
        : [{ action: 'dynamodb:Query', partition: queriedPartition(input) }];
    case 'BatchGetItemCommand':
      return Object.values(input.RequestItems ?? {}).flatMap((r: any) =>
        (r.Keys ?? []).map((key: Input) => ({ action: 'dynamodb:BatchGetItem' as const, partition: partitionOf(key) })),
      );
    case 'BatchWriteItemCommand':
      return Object.values(input.RequestItems ?? {}).flatMap((writes: any) =>
        writes.map((w: any) => ({
          action: 'dynamodb:BatchWriteItem' as const,
          partition: partitionOf(w.PutRequest?.Item ?? w.DeleteRequest?.Key),
        })),
      );
    case 'TransactWriteItemsCommand':
      return (input.TransactItems ?? []).flatMap((item: Input) =>
        Object.entries(item).map(([kind, op]: [string, any]) => ({
          action: TRANSACT_ACTIONS[kind],
          partition: partitionOf(op.Item ?? op.Key),
        })),
      );
    case 'TransactGetItemsCommand':
      return (input.TransactItems ?? []).map((item: Input) => ({
        action: 'dynamodb:GetItem' as const,
        partition: partitionOf(item.Get?.Key),
      }));
    default:
      // A Scan, or a command nobody grants: refused.
      return [{ action: `dynamodb:${command.replace(/Command$/, '')}` as TableAction, partition: null }];
  }
}

/** `StringLike` as IAM matches it: `*` any run of characters, `?` one. */
const like = (pattern: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
  );

/** Why the area may not make this call, or null when its grant allows it. */
export function refusal(area: string, command: string, input: Input): string | null {
  const grant = TABLE_GRANTS[`functions/http/${area}.ts`];
  if (!grant) return `${area} has no table grant`;
  const keys = grant.leadingKeys?.map(like);
  for (const touch of touchesOf(command, input)) {
    if (!grant.actions.includes(touch.action)) return `${area} may not ${touch.action}`;
    if (touch.index !== undefined) {
      if (!grant.indexes?.includes(touch.index as never)) return `${area} may not query ${touch.index}`;
      continue;
    }
    if (keys && !keys.some((k) => k.test(touch.partition ?? '')))
      return `${area} may not ${touch.action} in partition ${touch.partition} (it may touch ${grant.leadingKeys!.join(', ')})`;
  }
  return null;
}

/** Refuses a call the area's grant does not allow, with the error AWS answers it with (and says why in the log). */
export function checkTableCall(area: string, command: string, input: Input): void {
  const reason = refusal(area, command, input);
  if (!reason) return;
  console.error(`[gateway] refused as IAM would: ${reason}`);
  throw Object.assign(new Error(`AccessDeniedException: ${reason} (infra/table-grants.ts)`), {
    name: 'AccessDeniedException',
    $fault: 'client',
    $metadata: { httpStatusCode: 400 },
  });
}
