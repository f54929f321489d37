/**
 * The admin's tools through the local gateway: the user list (type filter, search, count, pages), a
 * user's type, a pro's price (what later requests pay) and balance (a ledger adjustment with its reason,
 * never an overwrite), and the margin; type and price changes audited. Non-admins get 403 from every one
 * of them (the generic route test), and so does an admin taken out of the group, within a minute.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callRoute, cognitoClient, createConfirmedUser, flows, type TestUser, until, useStackEnvironment } from '../support/stack-kit.js';
import { AdminAddUserToGroupCommand, AdminRemoveUserFromGroupCommand } from '@aws-sdk/client-cognito-identity-provider';

const stack = inject('stack');
let admin: TestUser;
let musician: TestUser;
let musicianId: string;
let pro: TestUser;
let proId: string;
const tag = randomUUID().slice(0, 6);

beforeAll(async () => {
  useStackEnvironment(stack);
  [admin, musician, pro] = await Promise.all([
    createConfirmedUser(stack, { fullName: `Ada Admintest ${tag}`, admin: true }),
    createConfirmedUser(stack, { fullName: `Mona Managed ${tag}` }),
    createConfirmedUser(stack, { fullName: `Perry Priced ${tag}` }),
  ]);
  musicianId = await flows.onboard(stack, musician, 'musician');
  proId = await flows.onboard(stack, pro, 'pro');
});

const as = (name: Parameters<typeof callRoute>[1], input: Record<string, unknown> = {}) =>
  callRoute(stack.apiUrl, name, input, admin.idToken);

async function ledgerOf(userId: string) {
  return (await import('../../functions/money/data/ledger.js')).allEntries(userId);
}

/** Every page of a search: a search reads a bounded part of the list per request, so matches can be on later pages. */
async function search(input: Record<string, unknown>) {
  const users: { id: string; fullName: string; type: string; balanceCents?: number }[] = [];
  let cursor: string | null = null;
  let count = 0;
  for (let page = 0; page < 200; page++) {
    const res = await as('listUsers', { ...input, ...(cursor ? { cursor } : {}) });
    expect(res.status).toBe(200);
    users.push(...res.body.users);
    count = res.body.count;
    cursor = res.body.next;
    if (!cursor) break;
  }
  expect(cursor).toBeNull();
  return { users, count };
}

describe('the user list', () => {
  it('filters by type, searches names and e-mails, and counts what it finds', async () => {
    const found = await search({ type: 'all', q: tag });
    expect(found.users.map((u) => u.fullName).sort()).toEqual([`Mona Managed ${tag}`, `Perry Priced ${tag}`]);
    expect(found.count).toBe(2);
    expect((await search({ type: 'pro', q: tag })).users.map((u) => u.id)).toEqual([proId]);
    expect((await search({ type: 'musician', q: musician.email.toUpperCase() })).users.map((u) => u.id)).toEqual([musicianId]);
    expect(await search({ q: `nobody-${tag}` })).toEqual({ users: [], count: 0 });
    // Admins are not managed here.
    expect(found.users.some((u) => u.type === 'admin')).toBe(false);
  });

  it('pages through every user once, and the count matches', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let count = 0;
    for (let page = 0; page < 50; page++) {
      const res = await as('listUsers', { type: 'all', ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      expect(res.body.users.length).toBeLessThanOrEqual(20);
      seen.push(...res.body.users.map((u: { id: string }) => u.id));
      count = res.body.count;
      cursor = res.body.next ?? undefined;
      if (!cursor) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining([musicianId, proId]));
    // Users keep being created by other tests meanwhile: the count is at least what was listed.
    expect(count).toBeGreaterThanOrEqual(seen.length - 5);
    expect(await as('listUsers', { cursor: 'not-a-cursor' })).toMatchObject({ status: 400, body: { error: { code: 'invalid_cursor' } } });
  });
});

describe('a user', () => {
  it("switches between musician and pro, and the lists follow; an admin's type is not changed here", async () => {
    const other = await createConfirmedUser(stack, { fullName: `Tom Toggle ${tag}` });
    const id = await flows.onboard(stack, other, 'musician');
    expect(await as('setUserType', { id, type: 'pro' })).toMatchObject({ status: 200, body: { type: 'pro' } });
    expect((await search({ type: 'pro', q: 'tom toggle' })).users.map((u) => u.id)).toContain(id);
    expect((await callRoute(stack.apiUrl, 'getMe', {}, other.idToken)).body.type).toBe('pro');
    expect(await as('setUserType', { id, type: 'musician' })).toMatchObject({ status: 200, body: { type: 'musician' } });
    const adminId = (await callRoute(stack.apiUrl, 'getMe', {}, admin.idToken)).body.id;
    expect((await as('setUserType', { id: adminId, type: 'pro' })).status).toBe(404);
  });

  it("sets a pro's price, which the next request pays; a musician has none", async () => {
    expect(await as('setFeedbackPrice', { id: proId, price: 45.5 })).toMatchObject({ status: 200, body: { feedbackPriceCents: 4550 } });
    const track = await flows.uploadTrack(stack, musician, 'Priced later', { seconds: 1 });
    const order = await callRoute(
      stack.apiUrl,
      'createOrder',
      { proUserId: proId, trackId: track.id, shareOptions: { feedbackNotes: 'Mix?', context: 'mix_check' }, feedbackPriceCents: 3000 },
      musician.idToken,
    );
    expect(order).toMatchObject({ status: 409, body: { error: { code: 'price_changed', feedbackPriceCents: 4550 } } });
    expect(await as('setFeedbackPrice', { id: proId, price: 0 })).toMatchObject({ status: 200, body: { feedbackPriceCents: null } });
    expect(await as('setFeedbackPrice', { id: musicianId, price: 10 })).toMatchObject({
      status: 409,
      body: { error: { code: 'not_pro' } },
    });
    expect((await as('setFeedbackPrice', { id: proId, price: -1 })).status).toBe(400);
    expect((await as('setFeedbackPrice', { id: proId, price: 1.005 })).status).toBe(400);
  });

  it("edits a pro's balance as a ledger adjustment with its reason, only from the balance the admin saw", async () => {
    const before = (await search({ type: 'pro', q: tag })).users.find((u) => u.id === proId)!.balanceCents!;
    const res = await as('adjustBalance', {
      id: proId,
      balance: before / 100 + 12.34,
      expectedBalanceCents: before,
      reason: 'Bonus for a rush job',
    });
    expect(res).toMatchObject({ status: 200, body: { balanceCents: before + 1234 } });
    const adjustment = (await ledgerOf(proId)).find((e) => e.kind === 'adjustment');
    expect(adjustment).toMatchObject({ amountCents: 1234, cause: { type: 'admin', reason: 'Bonus for a rush job' } });
    // A page that still shows the old balance cannot overwrite the new one.
    const stale = await as('adjustBalance', { id: proId, balance: 0, expectedBalanceCents: before, reason: 'Stale page' });
    expect(stale).toMatchObject({ status: 409, body: { error: { code: 'balance_changed', balanceCents: before + 1234 } } });
    expect((await as('adjustBalance', { id: proId, balance: 1, expectedBalanceCents: before + 1234, reason: '' })).status).toBe(400);
    expect(await as('adjustBalance', { id: musicianId, balance: 5, expectedBalanceCents: 0, reason: 'Not a pro' })).toMatchObject({
      status: 409,
      body: { error: { code: 'not_pro' } },
    });
    // Down again, below what it was: the sum of the entries is the balance.
    expect(
      await as('adjustBalance', { id: proId, balance: 0, expectedBalanceCents: before + 1234, reason: 'Paid out by hand' }),
    ).toMatchObject({ status: 200, body: { balanceCents: 0 } });
    const { getUser } = await import('../../functions/people/data/users.js');
    expect((await getUser(proId))!.balanceCents).toBe((await ledgerOf(proId)).reduce((s, e) => s + e.amountCents, 0));
    // Each correction is audited in its own write, with what the balance was, became and why; the refused ones are not.
    const audited = ((await as('listAudit')).body.entries as { targetId: string; action: string; from: string; to: string }[])
      .filter((e) => e.targetId === proId && e.action === 'adjustBalance')
      .map((e) => [e.from, e.to]);
    const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    expect(audited).toEqual([
      [dollars(before + 1234), '$0.00: Paid out by hand'],
      [dollars(before), `${dollars(before + 1234)}: Bonus for a rush job`],
    ]);
  });
});

describe('the audit of changes to users', () => {
  it('records a pro application decided, with the reason of a decline', async () => {
    const applicant = await createConfirmedUser(stack, { fullName: `Appy Audited ${tag}` });
    const id = await flows.onboard(stack, applicant, 'musician');
    const applied = await callRoute(
      stack.apiUrl,
      'applyForPro',
      { genres: ['House'], costRange: { min: 0, max: 50 }, experience: 2 },
      applicant.idToken,
    );
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect((await as('decideApplication', { id, decision: 'decline', reason: 'Too few credits yet' })).status).toBe(200);
    const entry = ((await as('listAudit')).body.entries as { targetId: string; action: string }[]).find((e) => e.targetId === id);
    expect(entry).toMatchObject({
      action: 'decideApplication',
      targetEmail: applicant.email,
      path: `/pro-applications/${id}`,
      from: 'pending',
      to: 'declined: Too few credits yet',
    });
  });

  it('records each type and price change with the admin, what it was and what it became', async () => {
    const other = await createConfirmedUser(stack, { fullName: `Audie Audited ${tag}` });
    const id = await flows.onboard(stack, other, 'musician');
    expect((await as('setUserType', { id, type: 'pro' })).status).toBe(200);
    expect((await as('setFeedbackPrice', { id, price: 12.5 })).status).toBe(200);
    expect((await as('setFeedbackPrice', { id, price: 0 })).status).toBe(200);
    // What changes nothing records nothing; what is refused records nothing.
    expect((await as('setUserType', { id, type: 'pro' })).status).toBe(200);
    expect((await as('setFeedbackPrice', { id: musicianId, price: 3 })).status).toBe(409);

    const adminId = (await callRoute(stack.apiUrl, 'getMe', {}, admin.idToken)).body.id;
    const entries = (await as('listAudit')).body.entries.filter(
      (e: { targetId: string }) => e.targetId === id || e.targetId === musicianId,
    );
    expect(entries.map((e: { action: string; from: string; to: string }) => [e.action, e.from, e.to])).toEqual([
      ['setFeedbackPrice', '$12.50', 'free'],
      ['setFeedbackPrice', 'free', '$12.50'],
      ['setUserType', 'musician', 'pro'],
    ]);
    for (const [entry, path] of [
      [entries[0], `/users/${id}/feedback-price`],
      [entries[2], `/users/${id}/type`],
    ] as const) {
      expect(entry).toMatchObject({ adminId, adminEmail: admin.email, targetEmail: other.email, method: 'PUT', path, status: 200 });
    }
  });
});

describe('leaving the admin group', () => {
  it('shuts admin routes within a minute, whatever the token still says', async () => {
    const leaver = await createConfirmedUser(stack, { admin: true, prefix: 'leaver' });
    const listUsers = () => callRoute(stack.apiUrl, 'listUsers', { type: 'all' }, leaver.idToken);
    expect((await listUsers()).status).toBe(200);
    const client = cognitoClient(stack);
    await client.send(new AdminRemoveUserFromGroupCommand({ UserPoolId: stack.userPoolId, Username: leaver.email, GroupName: 'admin' }));
    const removedAt = Date.now();
    // The token names the group for up to an hour; the pool is asked (its yes remembered 2 s on the test stack, 60 s at most).
    const refused = await until('the removed admin refused', listUsers, (r) => r.status === 403, 60_000);
    expect(Date.now() - removedAt).toBeLessThan(60_000);
    expect(refused.body.error.code).toBe('forbidden');
    expect((await callRoute(stack.apiUrl, 'getMe', {}, leaver.idToken)).body.isAdmin).toBe(false);
    // Back in the group: admitted again (a no is never remembered).
    await client.send(new AdminAddUserToGroupCommand({ UserPoolId: stack.userPoolId, Username: leaver.email, GroupName: 'admin' }));
    expect((await listUsers()).status).toBe(200);
  });
});

describe('the margin', () => {
  it('reads and saves the margin as a fraction, refusing what is not 0-100 % with one decimal', async () => {
    const current = await as('getSettings');
    expect(current).toMatchObject({ status: 200, body: { id: 1, margin: expect.any(Number) } });
    // Saved as it is (other tests pay at the demo's margin meanwhile), with the date it was saved.
    const expectedUpdatedAt = current.body.updatedAt;
    const saved = await as('updateMargin', { margin: current.body.margin, expectedUpdatedAt });
    expect(saved.status).toBe(200);
    expect(saved.body.updatedAt.slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));
    // A page that still shows the margin as it was before that save cannot overwrite it.
    const stale = await as('updateMargin', { margin: 0.5, expectedUpdatedAt });
    expect(stale).toMatchObject({
      status: 409,
      body: { error: { code: 'settings_changed', margin: current.body.margin, updatedAt: saved.body.updatedAt } },
    });
    expect((await as('getSettings')).body.margin).toBe(current.body.margin);
    for (const margin of [-0.1, 1.5, 0.12345]) {
      const bad = await as('updateMargin', { margin, expectedUpdatedAt: saved.body.updatedAt });
      expect(bad.status, String(margin)).toBe(400);
    }
    expect((await as('updateMargin', { margin: 2, expectedUpdatedAt: null })).body.error.fields).toEqual({
      margin: 'Please enter a valid percentage between 0 and 100',
    });
  });
});

describe('the count', () => {
  it('is read from the counters, which equal the true count after creations and type changes made at once', async () => {
    const { ensureTable } = await import('../../scripts/dev/emulators/dynamodb.js');
    const { DeleteTableCommand, DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
    // A table of its own: the stack's gains users from other tests meanwhile.
    const own = `counts-${randomUUID().slice(0, 8)}`;
    await ensureTable(stack.dynamoEndpoint, own);
    const stackTable = process.env.TABLE_NAME;
    process.env.TABLE_NAME = own;
    try {
      const { createUserRecord, chooseType } = await import('../../functions/people/users.js');
      const tools = await import('../../functions/people/admin.js');
      const { apply } = await import('../../functions/people/applications.js');
      const { decide } = await import('../../functions/people/application-decisions.js');
      const { changeUserType } = await import('../../functions/people/data/users.js');
      const { countUsersOfTypes } = await import('../../functions/people/data/user-lists.js');
      const { countAll } = await import('../../functions/platform/data/query.js');
      const account = (i: number, asAdmin = false) => ({
        sub: `count-${i}-${tag}`,
        email: `count-${i}-${tag}@example.test`,
        name: `Count ${i}`,
        preferredUsername: null,
        admin: asAdmin,
      });
      // Made at once: their transactions meet on the musicians' counter.
      const made = await Promise.all([
        ...Array.from({ length: 12 }, (_, i) => createUserRecord(account(i))),
        createUserRecord(account(99, true)),
      ]);
      const byAdmin = made[12];
      const application = { genres: ['House'], costRange: { min: 0, max: 50 }, experience: 2, credits: '', featuredTrack: null };
      await Promise.all([
        // Made pros by the admin's toggle, by approval, one joining the admin group, one back and forth, one choosing what it is.
        ...[0, 1, 2].map((i) => tools.setUserType(byAdmin, made[i].id, 'pro')),
        ...[3, 4].map(async (i) => {
          await apply(made[i], application);
          await decide(byAdmin, { id: made[i].id, decision: 'approve' });
        }),
        changeUserType(made[5], { type: 'admin', typeChosen: true, typeBeforeAdmin: 'musician', groupSyncedAt: new Date().toISOString() }),
        tools.setUserType(byAdmin, made[7].id, 'pro').then(() => tools.setUserType(byAdmin, made[7].id, 'musician')),
        chooseType(made[6], 'musician'),
      ]);
      const listed = (type: string) =>
        countAll({
          TableName: own,
          IndexName: 'GSI3',
          KeyConditionExpression: 'GSI3PK = :pk',
          ExpressionAttributeValues: { ':pk': `TYPE#${type}` },
        });
      expect(await Promise.all(['pro', 'musician', 'admin'].map(listed))).toEqual([5, 6, 2]);
      for (const type of ['pro', 'musician', 'admin'] as const) expect(await countUsersOfTypes([type]), type).toBe(await listed(type));
      expect((await tools.listUsers({ type: 'all' })).count).toBe(11);
      expect((await tools.listUsers({ type: 'pro' })).count).toBe(5);
      // A search counts its matches on its first page and carries the count to the next ones.
      expect((await tools.listUsers({ type: 'musician', q: 'count 1' })).count).toBe(2); // Count 10 and 11 (Count 1 is a pro)
      // A page goes on from the pros' list into the musicians' when the pros end short of it.
      const first = await tools.listUsers({ type: 'all', q: 'count' });
      expect([first.users.length, first.count, first.next]).toEqual([11, 11, null]);
      expect(first.users.map((u) => u.type)).toEqual([...Array(5).fill('pro'), ...Array(6).fill('musician')]);
      const all = await tools.listUsers({ type: 'all' });
      expect([all.users.length, all.next]).toEqual([11, null]);
    } finally {
      process.env.TABLE_NAME = stackTable;
      const db = new DynamoDBClient({
        endpoint: stack.dynamoEndpoint,
        region: 'us-east-1',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      });
      await db.send(new DeleteTableCommand({ TableName: own })).catch(() => {});
      db.destroy();
    }
  });
});
