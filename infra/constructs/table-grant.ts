/** A function's table grant as IAM policy (the grants themselves: infra/table-grants.ts). */
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { tableGrantOf } from '../table-grants.js';
import type { Data } from './data.js';
import { entryOf } from './function.js';

/**
 * Gives the function its entry's grant: the actions on the table, under the partition condition where
 * there is one, and Query on the indexes it names. An index Query is granted apart, unconditioned: its
 * partition key is the index's (a type, a share's reviewer, a due shard), not the table's.
 */
export function grantTable(fn: lambda.Function, data: Data): void {
  const entry = entryOf(fn);
  const { actions, indexes = [], leadingKeys } = tableGrantOf(entry);
  if (!actions.length) return;
  fn.addToRolePolicy(
    new iam.PolicyStatement({
      actions: [...actions],
      resources: [data.table.tableArn],
      ...(leadingKeys ? { conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...leadingKeys] } } } : {}),
    }),
  );
  if (indexes.length) {
    if (!actions.includes('dynamodb:Query')) throw new Error(`${entry} names indexes but may not Query`);
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['dynamodb:Query'], resources: indexes.map((name) => data.indexArn(name)) }));
  }
}
