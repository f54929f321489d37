/** Lists read every page of their query: DynamoDB stops each answer at 1 MB (here forced to one item). */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { useStackEnvironment } from '../support/in-process.js';

const stack = inject('stack');

beforeAll(() => useStackEnvironment(stack));

describe('queryAll', () => {
  it('follows LastEvaluatedKey to the last page', async () => {
    const { createUserRecord } = await import('../../functions/domain/users.js');
    const { queryAll } = await import('../../functions/data/query.js');
    const sub = randomUUID();
    // A profile and one search item per term: 'ann bee cee', 'bee cee', 'cee' and the username.
    await createUserRecord({ sub, email: `${sub}@example.test`, name: 'Ann Bee Cee', preferredUsername: null, admin: false });
    const items = await queryAll({
      TableName: stack.tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :s)',
      ExpressionAttributeValues: { ':pk': `USER#${sub}`, ':s': 'SEARCH#' },
      Limit: 1,
    });
    expect(items.map((i) => i.SK)).toHaveLength(4);
    expect(items.map((i) => i.SK)).toEqual(expect.arrayContaining(['SEARCH#ann bee cee', 'SEARCH#bee cee', 'SEARCH#cee', expect.stringMatching(/^SEARCH#annbeecee\d+$/)]));
  });
});
