/**
 * `npm run migrate` (scripts/migrate/all.ts) on a table of its own written as earlier versions wrote it:
 * each migration leaves the one shape this version reads (which reads no other), is conditional on the item
 * being as found, and a second run moves nothing.
 */
import { randomUUID } from 'node:crypto';
import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureTable } from '../../scripts/dev/emulators/dynamodb.js';
import { indexItems, legacyTrack, legacyUser, localDynamo, putItems, useStackEnvironment } from '../support/stack-kit.js';

const stack = inject('stack');
const { client, doc } = localDynamo(stack);
const older = `older-${randomUUID().slice(0, 8)}`;
const AT = '2026-01-01T00:00:00.000Z';
let stackTable: string | undefined;

beforeAll(async () => {
  await ensureTable(stack.dynamoEndpoint, older);
  stackTable = process.env.TABLE_NAME;
  useStackEnvironment(stack);
  process.env.TABLE_NAME = older;
});

afterAll(async () => {
  process.env.TABLE_NAME = stackTable;
  await client.send(new DeleteTableCommand({ TableName: older })).catch(() => {});
  client.destroy();
});

const put = (items: Record<string, unknown>[]) => putItems(doc, older, items);
const get = async (PK: string, SK: string) => (await doc.send(new GetCommand({ TableName: older, Key: { PK, SK } }))).Item;
const under = async (pk: string) =>
  (await doc.send(new QueryCommand({ TableName: older, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk } })))
    .Items;
const onGsi1 = (pk: string) => indexItems(doc, older, 'GSI1', pk);

const comment = (shareId: string, id: string, tags: string[]) => ({
  PK: `SHARE#${shareId}`,
  SK: `COMMENT#${id}`,
  entity: 'comment',
  id,
  shareId,
  userId: 'u1',
  text: id,
  timestamp: 1,
  tags,
  createdAt: AT,
  updatedAt: AT,
});

describe('npm run migrate', () => {
  it('moves users and tracks from GSI1 to the GSI3 lists, versioned and counted once', async () => {
    await put([
      legacyUser('p1', 'pro', 'Pia Pro'),
      legacyUser('p2', 'pro', 'Pat Pro'),
      legacyUser('m1', 'musician', 'Mo Musician'),
      // Written by the version before this one, which versioned and counted it but kept its GSI1 keys.
      { ...legacyUser('m2', 'musician', 'Max Musician'), version: 1 },
      { PK: 'USERCOUNT', SK: 'TYPE#musician', count: 1 },
      legacyTrack('t1', 'p1'),
      legacyTrack('t2', 'p1'),
      legacyTrack('t3', 'm1'),
      legacyTrack('t4', 'm2'),
    ]);
    const { moveUserLists } = await import('../../scripts/migrate/user-lists.js');
    const users = {
      ...(await import('../../functions/people/data/users.js')),
      ...(await import('../../functions/people/data/user-lists.js')),
    };
    const tracks = await import('../../functions/tracks/data/tracks.js');

    expect(await moveUserLists()).toEqual({ users: 3, tracks: 4 });
    expect((await users.usersOfPages([await users.pageEntriesOfType('pro', { limit: 10 })])).map((u) => u.fullName)).toEqual([
      'Pat Pro',
      'Pia Pro',
    ]);
    expect([await users.countUsersOfTypes(['pro']), await users.countUsersOfTypes(['musician'])]).toEqual([2, 2]);
    expect((await tracks.pageTracksOf('p1', { limit: 10 })).tracks.map((t) => t.id)).toEqual(['t2', 't1']);
    expect((await tracks.pageTracksOf('m2', { limit: 10 })).tracks.map((t) => t.id)).toEqual(['t4']);
    expect(await onGsi1('TYPE#pro')).toEqual([]);
    expect(await onGsi1('TYPE#musician')).toEqual([]);
    expect((await users.getUser('p1'))?.version).toBe(1);

    // One code path: a versioned write of a moved user.
    const written = await users.changeUserType((await users.getUser('m1'))!, {
      type: 'pro',
      typeChosen: true,
      typeBeforeAdmin: null,
      groupSyncedAt: AT,
    });
    expect(written).toMatchObject({ type: 'pro', version: 2 });
    expect([await users.countUsersOfTypes(['pro']), await users.countUsersOfTypes(['musician'])]).toEqual([3, 1]);
    expect(await moveUserLists()).toEqual({ users: 0, tracks: 0 });
  });

  it('moves the payment watch, the due digests and the platform ledger from one partition to their shards', async () => {
    const due = '2026-01-02T00:00:00.000Z';
    await put([
      ...['o1', 'o2', 'o3'].map((orderId) => ({
        PK: `PAYMENT#${orderId}`,
        SK: 'PAYMENT',
        GSI2PK: 'PAYMENT#WATCH',
        GSI2SK: `${due}#${orderId}`,
        entity: 'payment',
        orderId,
        status: 'refunded',
      })),
      ...['sa', 'sb'].map((shareId) => ({
        PK: `SHARE#${shareId}`,
        SK: 'DIGEST#u1',
        GSI2PK: 'DIGEST#DUE',
        GSI2SK: `${due}#${shareId}#u1`,
        entity: 'digest',
        shareId,
        toUserId: 'u1',
        dueAt: due,
        commentIds: new Set(['c1']),
      })),
      ...['e1', 'e2', 'e3', 'e4'].map((id, i) => ({
        PK: 'LEDGER#PLATFORM',
        SK: `ENTRY#2026-01-0${i + 1}T00:00:00.000Z#${id}`,
        entity: 'ledger',
        id,
        accountId: 'PLATFORM',
        kind: 'fee',
        amountCents: 100 + i,
        currency: 'USD',
        createdAt: `2026-01-0${i + 1}T00:00:00.000Z`,
      })),
    ]);
    const { moveToShards } = await import('../../scripts/migrate/shards.js');
    const { duePayments } = await import('../../functions/money/data/payments.js');
    const { dueDigests } = await import('../../functions/feedback/data/shares.js');
    const ledger = await import('../../functions/money/data/ledger.js');
    // This version reads the shards only: nothing is seen before the move.
    expect(await duePayments('2026-02-01T00:00:00.000Z')).toEqual([]);

    expect(await moveToShards()).toBe(3 + 2 + 4);
    expect((await duePayments('2026-02-01T00:00:00.000Z')).sort()).toEqual(['o1', 'o2', 'o3']);
    expect((await dueDigests('2026-02-01T00:00:00.000Z')).map((d) => d.shareId).sort()).toEqual(['sa', 'sb']);
    const entries = await ledger.allEntries('PLATFORM');
    expect(entries.map((e) => [e.id, e.amountCents])).toEqual([
      ['e1', 100],
      ['e2', 101],
      ['e3', 102],
      ['e4', 103],
    ]);
    expect(await under('LEDGER#PLATFORM')).toEqual([]);
    expect(await moveToShards()).toBe(0);
  });

  it("makes each track link list exactly its share's comments, so one transaction deletes them all", async () => {
    const link = (shareId: string, ids: string[]) => ({
      PK: 'TRACK#tl',
      SK: `SHARE#${shareId}`,
      entity: 'trackshare',
      shareId,
      participants: ['u1', 'u2'],
      ...(ids.length ? { commentIds: new Set(ids), commentsVersion: 1 } : {}),
    });
    await put([
      // Comments written before links listed them: on no link.
      comment('l1', 'a', ['mixing', '#Melody']),
      comment('l1', 'b', ['#Mixing']),
      link('l1', []),
      // A comment deleted before deletions gave its id back, still on the link.
      comment('l2', 'c', []),
      link('l2', ['c', 'gone']),
    ]);
    const { listLinkComments } = await import('../../scripts/migrate/link-comments.js');
    const { readTrackContents } = await import('../../functions/tracks/data/tracks.js');
    expect(await listLinkComments()).toEqual({ moved: 3, left: 0 });
    const links = Object.fromEntries((await readTrackContents('tl')).links.map((l) => [l.shareId, l.commentIds.sort()]));
    expect(links).toEqual({ l1: ['a', 'b'], l2: ['c'] });
    expect(await listLinkComments()).toEqual({ moved: 0, left: 0 });

    // What the links list is all there is: one transaction deletes the track with every comment of its shares.
    await put([
      {
        PK: 'TRACK#tl',
        SK: 'META',
        entity: 'track',
        id: 'tl',
        userId: 'u1',
        audioKey: 'audio/tl',
        shareIds: new Set(['l1', 'l2']),
        updatedAt: AT,
      },
    ]);
    const { shareDeletes } = await import('../../functions/feedback/data/shares.js');
    const { deleteAtOnce, trackDeletes } = await import('../../functions/tracks/data/tracks.js');
    const contents = await readTrackContents('tl');
    const items = [
      ...contents.links.flatMap((l) => shareDeletes('tl', l)),
      ...trackDeletes(contents as Parameters<typeof trackDeletes>[0]),
    ];
    expect(await deleteAtOnce(items)).toBe(true);
    expect([await under('TRACK#tl'), await under('SHARE#l1'), await under('SHARE#l2')]).toEqual([[], [], []]);
  });

  it("writes comment tags as the spec's tags and dates the acceptances of accepted requests", async () => {
    const { migrateShareFields } = await import('../../scripts/migrate/share-fields.js');
    await put([
      comment('tg', 'a', ['mixing', '#Melody', 'melody']),
      comment('tg', 'b', ['#Mixing']),
      { PK: 'SHARE#acc', SK: 'META', entity: 'share', id: 'acc', status: 'accepted', createdAt: AT, updatedAt: '2026-01-05T00:00:00.000Z' },
      { PK: 'SHARE#pend', SK: 'META', entity: 'share', id: 'pend', status: 'pending', createdAt: AT, updatedAt: AT },
    ]);
    expect(await migrateShareFields()).toEqual({ comments: 1, acceptances: 1 });
    // In their order, each once; the view returns them as stored.
    expect((await get('SHARE#tg', 'COMMENT#a'))?.tags).toEqual(['#Mixing', '#Melody']);
    expect((await get('SHARE#tg', 'COMMENT#b'))?.tags).toEqual(['#Mixing']);

    // An accepted request's deadline counts from when earlier versions counted it: its last change.
    expect((await get('SHARE#acc', 'META'))?.acceptedAt).toBe('2026-01-05T00:00:00.000Z');
    expect((await get('SHARE#pend', 'META'))?.acceptedAt).toBeUndefined();
    expect(await migrateShareFields()).toEqual({ comments: 0, acceptances: 0 });
  });

  it('keeps on each paid request the deadlines it was paid under, and gives drafts not yet paid the terms of now', async () => {
    const { termPaidShares, termPaymentDrafts } = await import('../../scripts/migrate/paid-terms.js');
    const paid = { orderId: 'o-old', amountCents: 3000 };
    await put([
      {
        PK: 'SHARE#paidold',
        SK: 'META',
        entity: 'share',
        id: 'paidold',
        status: 'accepted',
        payment: paid,
        acceptedAt: AT,
        createdAt: AT,
        updatedAt: AT,
      },
      { PK: 'SHARE#free', SK: 'META', entity: 'share', id: 'free', status: 'pending', payment: null, createdAt: AT, updatedAt: AT },
      {
        PK: 'PAYMENT#o-draft',
        SK: 'PAYMENT',
        entity: 'payment',
        orderId: 'o-draft',
        proUserId: 'nobody',
        status: 'pending',
        shareDraft: { id: 'd', payment: { orderId: 'o-draft', amountCents: 1500 } },
        createdAt: AT,
      },
    ]);
    expect(await termPaidShares()).toBe(1);
    expect((await get('SHARE#paidold', 'META'))?.payment).toEqual({ ...paid, acceptHours: 168, completeDays: 14 });
    expect((await get('SHARE#free', 'META'))?.payment).toBeNull();
    expect(await termPaymentDrafts()).toBe(1);
    // A pro who promised nothing: the default week.
    expect((await get('PAYMENT#o-draft', 'PAYMENT'))?.shareDraft.payment).toEqual({
      orderId: 'o-draft',
      amountCents: 1500,
      acceptHours: 48,
      completeDays: 7,
    });
    expect([await termPaidShares(), await termPaymentDrafts()]).toEqual([0, 0]);
  });

  it("lists every pro with the reputation their answered requests give, found through the pros' and their requests' lists", async () => {
    const { listPros } = await import('../../scripts/migrate/pro-listings.js');
    const answered = (id: string, rating: number | null, hours: number) => ({
      PK: `SHARE#${id}`,
      SK: 'META',
      entity: 'share',
      id,
      status: 'completed',
      sharedWithUserId: 'p1',
      GSI2PK: 'SHAREDWITH#p1',
      GSI2SK: `completed#${AT}#${id}`,
      rating,
      createdAt: AT,
      acceptedAt: AT,
      updatedAt: new Date(Date.parse(AT) + hours * 3_600_000).toISOString(),
    });
    await put([answered('r1', 5, 10), answered('r2', 3, 30), answered('r3', null, 20)]);
    // p1 and p2, the pros moved to their list above.
    expect(await listPros()).toBe(2);
    const listing = await get('USER#p1', 'LISTING');
    expect(listing).toMatchObject({ completed: 3, ratingSum: 8, ratingCount: 2, turnarounds: [30, 20, 10], GSI1PK: 'PROS#RATING' });
    expect(listing?.GSI2SK).toBe('0000020#p1');
    expect(await get('USER#p2', 'LISTING')).toMatchObject({ completed: 0, GSI3PK: 'PROS#PRICE', GSI3SK: '0000000#p2' });
    expect(await listPros()).toBe(0);
  });

  it("keeps a pro's earnings in parts: delivered ones watched for their release, open requests with their earning", async () => {
    const { keepEarningsOnRequests, splitBalances, watchHolds } = await import('../../scripts/migrate/earning-parts.js');
    const DELIVERED = '2026-01-02T00:00:00.000Z';
    const credited = (orderId: string, earningCents: number, extra: Record<string, unknown>) => ({
      PK: `PAYMENT#${orderId}`,
      SK: 'PAYMENT',
      entity: 'payment',
      orderId,
      proUserId: 'e1',
      status: 'captured',
      credited: true,
      amountCents: earningCents + 600,
      earningCents,
      createdAt: AT,
      ...extra,
    });
    const earning = (orderId: string, amountCents: number) => ({
      PK: 'LEDGER#e1',
      SK: `ENTRY#${AT}#${orderId}:earning`,
      entity: 'ledger',
      id: `${orderId}:earning`,
      accountId: 'e1',
      kind: 'earning',
      amountCents,
      cause: { type: 'payment', orderId },
      createdAt: AT,
    });
    await put([
      {
        PK: 'USER#e1',
        SK: 'PROFILE',
        entity: 'user',
        id: 'e1',
        type: 'pro',
        balanceCents: 5000,
        version: 1,
        GSI3PK: 'TYPE#pro',
        GSI3SK: 'e1',
      },
      credited('o-held', 2400, { fulfilledAt: DELIVERED }),
      credited('o-open', 2600, { shareId: 's-open' }),
      earning('o-held', 2400),
      earning('o-open', 2600),
      {
        PK: 'SHARE#s-open',
        SK: 'META',
        entity: 'share',
        id: 's-open',
        status: 'accepted',
        payment: { orderId: 'o-open', amountCents: 3200 },
        acceptedAt: AT,
        updatedAt: AT,
      },
    ]);
    expect(await watchHolds()).toBe(1);
    expect(await get('PAYMENT#o-held', 'PAYMENT')).toMatchObject({
      checkAt: '2026-01-09T00:00:00.000Z',
      GSI2SK: '2026-01-09T00:00:00.000Z#o-held',
    });
    expect(await keepEarningsOnRequests()).toBe(1);
    expect((await get('SHARE#s-open', 'META'))?.payment).toEqual({ orderId: 'o-open', amountCents: 3200, earningCents: 2600 });
    expect(await splitBalances()).toBe(1);
    expect(await get('USER#e1', 'PROFILE')).toMatchObject({ balanceCents: 5000, pendingCents: 2600, heldCents: 2400, availableCents: 0 });
    expect([await watchHolds(), await keepEarningsOnRequests(), await splitBalances()]).toEqual([0, 0, 0]);
    // Sketches of payments, not what the other migrations read: gone before they run.
    for (const [PK, SK] of [
      ['PAYMENT#o-held', 'PAYMENT'],
      ['PAYMENT#o-open', 'PAYMENT'],
      ['SHARE#s-open', 'META'],
      ['USER#e1', 'PROFILE'],
    ])
      await doc.send(new DeleteCommand({ TableName: older, Key: { PK, SK } }));
  });

  it('indexes ledger entries written before the month index by their month', async () => {
    const { indexLedgerMonths } = await import('../../scripts/migrate/ledger-months.js');
    const entry = {
      PK: 'LEDGER#m1',
      SK: `ENTRY#${AT}#o1:charge`,
      entity: 'ledger',
      id: 'o1:charge',
      accountId: 'm1',
      kind: 'charge',
      amountCents: -3000,
      createdAt: AT,
    };
    await put([entry]);
    expect(await indexLedgerMonths()).toBeGreaterThanOrEqual(1);
    expect(await get(entry.PK, entry.SK)).toMatchObject({
      GSI1PK: expect.stringMatching(/^LEDGER#2026-01#[0-7]$/),
      GSI1SK: `${AT}#o1:charge`,
    });
    expect(await indexLedgerMonths()).toBe(0);
  });

  it('lists the payments the earlier version marked disputed at PayPal, while still captured', async () => {
    const { listProviderDisputes } = await import('../../scripts/migrate/provider-disputes.js');
    const payment = (orderId: string, status: string) => ({
      PK: `PAYMENT#${orderId}`,
      SK: 'PAYMENT',
      entity: 'payment',
      orderId,
      status,
      disputeId: `PP-D-${orderId}`,
      disputedAt: AT,
      updatedAt: AT,
    });
    await put([payment('disputed1', 'captured'), payment('reversed1', 'refunded')]);
    expect(await listProviderDisputes()).toBe(1);
    expect(await get('PAYMENT#disputed1', 'PAYMENT')).toMatchObject({ GSI3PK: 'PAYMENT#DISPUTED', GSI3SK: `${AT}#disputed1` });
    expect(await get('PAYMENT#reversed1', 'PAYMENT')).not.toHaveProperty('GSI3PK');
    expect(await listProviderDisputes()).toBe(0);
    for (const PK of ['PAYMENT#disputed1', 'PAYMENT#reversed1'])
      await doc.send(new DeleteCommand({ TableName: older, Key: { PK, SK: 'PAYMENT' } }));
  });

  it("lists the reports the earlier version decided, and says on a refunded one's request that it was refunded", async () => {
    const { listDecidedDisputes } = await import('../../scripts/migrate/decided-disputes.js');
    const report = (shareId: string, status: string) => ({
      PK: `SHARE#${shareId}`,
      SK: 'DISPUTE',
      entity: 'dispute',
      shareId,
      status,
      openedAt: AT,
      ...(status === 'open' ? { GSI1PK: 'DISPUTES#OPEN', GSI1SK: `${AT}#${shareId}` } : { resolvedAt: AT }),
    });
    const meta = (shareId: string) => ({ PK: `SHARE#${shareId}`, SK: 'META', entity: 'share', id: shareId, status: 'completed' });
    await put([
      report('refunded1', 'refunded'),
      meta('refunded1'),
      report('rejected1', 'rejected'),
      meta('rejected1'),
      report('open1', 'open'),
    ]);
    expect(await listDecidedDisputes()).toBe(2);
    expect(await get('SHARE#refunded1', 'DISPUTE')).toMatchObject({ GSI1PK: 'DISPUTES#DECIDED', GSI1SK: `${AT}#refunded1` });
    expect(await get('SHARE#rejected1', 'DISPUTE')).toMatchObject({ GSI1PK: 'DISPUTES#DECIDED', GSI1SK: `${AT}#rejected1` });
    expect(await get('SHARE#open1', 'DISPUTE')).toMatchObject({ GSI1PK: 'DISPUTES#OPEN' });
    expect((await get('SHARE#refunded1', 'META'))?.refundedAt).toBe(AT);
    expect(await get('SHARE#rejected1', 'META')).not.toHaveProperty('refundedAt');
    expect(await listDecidedDisputes()).toBe(0);
    for (const id of ['refunded1', 'rejected1', 'open1'])
      for (const SK of ['DISPUTE', 'META']) await doc.send(new DeleteCommand({ TableName: older, Key: { PK: `SHARE#${id}`, SK } }));
  });

  it('gives every user listed on GSI3 the key of their unsubscribe links, never replacing one', async () => {
    const { giveMailKeys } = await import('../../scripts/migrate/mail-keys.js');
    const listed = (id: string, more: Record<string, unknown> = {}) => {
      const { GSI1PK, GSI1SK, ...user } = legacyUser(id, 'musician', `Kim ${id}`);
      return { ...user, GSI3PK: GSI1PK, GSI3SK: GSI1SK, version: 1, ...more };
    };
    await put([listed('keyless'), listed('keyed', { mailKey: 'kept-as-it-is' })]);
    expect(await giveMailKeys()).toBeGreaterThanOrEqual(1);
    expect((await get('USER#keyless', 'PROFILE'))?.mailKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await get('USER#keyed', 'PROFILE'))?.mailKey).toBe('kept-as-it-is');
    const given = (await get('USER#keyless', 'PROFILE'))?.mailKey;
    expect(await giveMailKeys()).toBe(0);
    expect((await get('USER#keyless', 'PROFILE'))?.mailKey).toBe(given);
  });

  it('runs the scans once per table, and a run with nothing left moves nothing', async () => {
    const { migrateAll, describeMigrated } = await import('../../scripts/migrate/all.js');
    await put([legacyUser('late', 'musician', 'Lou Late')]);
    const first = await migrateAll();
    expect(first).toMatchObject({ users: 1, tracks: 0, sharded: 0, payments: 0 });
    // Lou, now on GSI3, gets the key of their unsubscribe links too.
    expect(first.mailKeys).toBeGreaterThanOrEqual(1);
    expect(describeMigrated(first)).toMatch(
      /^Migrated data of an earlier version: moved 1 users and 0 tracks to the GSI3 lists; gave \d+ users the key of their unsubscribe links\.$/,
    );
    expect(await get('MIGRATION', 'link-comment-lists')).toMatchObject({ entity: 'migration' });
    expect(await get('MIGRATION', 'share-fields')).toMatchObject({ entity: 'migration' });
    const second = await migrateAll();
    expect(Object.values(second).every((n) => n === 0)).toBe(true);
    expect(describeMigrated(second)).toBeNull();
  });
});
