/** Lists read every page of their query: DynamoDB stops each answer at 1 MB (here forced to one item). */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { useStackEnvironment } from '../support/in-process.js';

const stack = inject('stack');

beforeAll(() => useStackEnvironment(stack));

describe('queryAll', () => {
  it('follows LastEvaluatedKey to the last page', async () => {
    const { createUserRecord } = await import('../../functions/people/users.js');
    const { queryAll } = await import('../../functions/platform/data/query.js');
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
    expect(items.map((i) => i.SK)).toEqual(
      expect.arrayContaining(['SEARCH#ann bee cee', 'SEARCH#bee cee', 'SEARCH#cee', expect.stringMatching(/^SEARCH#annbeecee\d+$/)]),
    );
  });
});

describe('listPros', () => {
  it('pages Choose Your Pro 24 at a time by name, each pro once and never the caller', async () => {
    const { callRoute } = await import('../support/api.js');
    const { allPros, onboard } = await import('../support/flows.js');
    const { createConfirmedUser } = await import('../support/users.js');
    const { PROS_PAGE_SIZE } = await import('../../functions/people/directory.js');
    const caller = await createConfirmedUser(stack, { prefix: 'pager', fullName: 'Pia Pager' });
    const callerId = await onboard(stack, caller, 'pro');
    // Enough pros for two pages, whatever the other tests have made.
    const missing = PROS_PAGE_SIZE + 2 - (await allPros(stack, caller.idToken)).length;
    for (let i = 0; i < missing; i++) {
      const pro = await createConfirmedUser(stack, { prefix: 'pager-pro', fullName: `Pager Pro ${i}` });
      await onboard(stack, pro, 'pro');
    }
    const first = await callRoute(stack.apiUrl, 'listPros', {}, caller.idToken);
    expect(first.status).toBe(200);
    expect(first.body.users.length).toBeLessThanOrEqual(PROS_PAGE_SIZE);
    expect(first.body.next).toEqual(expect.any(String));
    const all = await allPros(stack, caller.idToken);
    expect(all.length).toBeGreaterThan(PROS_PAGE_SIZE);
    expect(new Set(all.map((u) => u.id)).size).toBe(all.length);
    expect(all.map((u) => u.id)).not.toContain(callerId);
    expect(all.every((u) => u.type === 'pro')).toBe(true);
    const bad = await callRoute(stack.apiUrl, 'listPros', { cursor: 'not-a-cursor' }, caller.idToken);
    expect(bad).toMatchObject({ status: 400, body: { error: { code: 'invalid_cursor' } } });
  }, 120_000);
});

describe('page cursors', () => {
  it('refuses with 400 a cursor that is not the start key of the list it continues', async () => {
    const { callRoute } = await import('../support/api.js');
    const { testAdmin } = await import('../support/flows.js');
    const { createConfirmedUser } = await import('../support/users.js');
    const user = await createConfirmedUser(stack, { prefix: 'cursor' });
    const admin = await testAdmin(stack);
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    // Not ours at all, and well-formed start keys of other partitions or with a number where a string belongs.
    const keys: unknown[] = [
      { a: 'b' },
      ['PK'],
      { PK: 'USER#x', SK: 'PROFILE', GSI3PK: 'TYPE#musician', GSI3SK: 'x' },
      { PK: 'USER#x', SK: 'PROFILE', GSI3PK: 'TYPE#pro', GSI3SK: 1 },
      { PK: 'USER#x', SK: 'PROFILE' },
    ];
    const lists = [
      ['listPros', user.idToken, {}, (k: unknown) => b64(k)],
      ['listApplications', admin.idToken, {}, (k: unknown) => b64(k)],
      ['listAudit', admin.idToken, {}, (k: unknown) => b64(k)],
      // The admin's user list pages through the types in turn: its cursor names the type and the key.
      ['listUsers', admin.idToken, { type: 'pro' }, (k: unknown) => b64({ t: 0, k })],
    ] as const;
    for (const [name, token, extra, cursorOf] of lists) {
      for (const cursor of ['not-a-cursor', ...keys.map(cursorOf)]) {
        const res = await callRoute(stack.apiUrl, name, { ...extra, cursor }, token);
        expect(res.status, `${name} with ${cursor}`).toBe(400);
        expect(res.body.error.code).toBe('invalid_cursor');
      }
    }
  });
});
