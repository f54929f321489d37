/**
 * A reviewer's comment templates, all in one item so that their number is capped by the write itself:
 * - templates  PK USER#<id>  SK TEMPLATES   `templates` (the list, oldest first) and `version`
 * Every write is conditional on the version it read, so two tabs saving at once cannot lose either's change.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws/dynamo.js';
import { config } from '../../lib/config.js';
import { writeIf } from '../../platform/data/index.js';

export interface TemplateRecord {
  id: string;
  title: string;
  text: string;
  createdAt: string;
  updatedAt: string;
}

export interface TemplateList {
  templates: TemplateRecord[];
  /** 0: no item yet. */
  version: number;
}

const key = (userId: string) => ({ PK: `USER#${userId}`, SK: 'TEMPLATES' });

export async function getTemplates(userId: string, opts: { consistent?: boolean } = {}): Promise<TemplateList> {
  const res = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: key(userId), ConsistentRead: opts.consistent }));
  return {
    templates: (res.Item?.templates as TemplateRecord[] | undefined) ?? [],
    version: (res.Item?.version as number | undefined) ?? 0,
  };
}

/** Writes the list if it is still at `read.version`; false when another write came first. */
export function putTemplates(userId: string, read: TemplateList, templates: TemplateRecord[]): Promise<boolean> {
  return writeIf(
    () =>
      new PutCommand({
        TableName: config.tableName,
        Item: { ...key(userId), entity: 'templates', templates, version: read.version + 1 },
        ConditionExpression: read.version === 0 ? 'attribute_not_exists(PK)' : 'version = :v',
        ExpressionAttributeValues: read.version === 0 ? undefined : { ':v': read.version },
      }),
  );
}
