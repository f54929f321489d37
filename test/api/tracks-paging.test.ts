/** The musician's track list comes a page at a time, newest first, with how many tracks there are in all. */
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callRoute, createConfirmedUser, type TestUser } from '../support/stack-kit.js';
import { wavBytes } from '../support/audio.js';
import { registerUpload } from '../support/flows.js';

const stack = inject('stack');
const db = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    region: 'us-east-1',
    endpoint: stack.dynamoEndpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  }),
);

const PAGE = 30;
const COPIES = PAGE + 3;
const cursorOf = (key: Record<string, string>) => Buffer.from(JSON.stringify(key)).toString('base64url');
type Listed = { id: string; createdAt: string; status: string };

let owner: TestUser;
let ownerId: string;
let other: TestUser;
let uploaded: Listed & Record<string, unknown>;

/** Tracks like `template`, older than it a second apart (so the order is known), written as registration writes a track. */
async function writeCopies(userId: string, template: Listed & Record<string, unknown>, count: number) {
  const base = Date.parse(template.createdAt);
  // The report is left out: a track keeps it packed (functions/tracks/stored-report.ts), not as the API shows it.
  const { audioUrl, report: _report, ...view } = template;
  const items = Array.from({ length: count }, (_, i) => {
    const id = randomUUID();
    const at = new Date(base - (i + 1) * 1000).toISOString();
    return {
      PK: `TRACK#${id}`,
      SK: 'META',
      GSI3PK: `OWNER#${userId}`,
      GSI3SK: `TRACK#${at}#${id}`,
      entity: 'track',
      ...view,
      id,
      userId,
      title: `Copy ${i}`,
      audioKey: audioUrl,
      shareOptions: null,
      createdAt: at,
      updatedAt: at,
    };
  });
  for (let i = 0; i < items.length; i += 25) {
    const batch = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    await db.send(new BatchWriteCommand({ RequestItems: { [stack.tableName]: batch } }));
  }
}

const list = (user: TestUser, cursor?: string) => callRoute(stack.apiUrl, 'listTracks', cursor ? { cursor } : {}, user.idToken);

beforeAll(async () => {
  [owner, other] = await Promise.all([
    createConfirmedUser(stack, { prefix: 'pager-tracks' }),
    createConfirmedUser(stack, { prefix: 'pager-other' }),
  ]);
  ownerId = (await callRoute(stack.apiUrl, 'getMe', {}, owner.idToken)).body.id;
  // One real upload, then copies of its processed track written as registration writes them: more than a page.
  uploaded = await registerUpload(stack, owner, wavBytes({ seconds: 1 }), 'first.wav', 'First');
  expect(uploaded.status).toBe('ready');
  await writeCopies(ownerId, uploaded, COPIES);
}, 120_000);

describe('listTracks pages', () => {
  it(`gives ${PAGE} tracks a page, newest first, each once, with the total`, async () => {
    const first = await list(owner);
    expect(first.status).toBe(200);
    expect(first.body.tracks).toHaveLength(PAGE);
    expect(first.body.total).toBe(COPIES + 1);
    expect(first.body.next).toEqual(expect.any(String));
    expect(first.body.tracks[0].id).toBe(uploaded.id);

    const second = await list(owner, first.body.next);
    expect(second.status).toBe(200);
    expect(second.body.tracks).toHaveLength(COPIES + 1 - PAGE);
    expect(second.body.total).toBe(COPIES + 1);
    // The last page says so: no 'Load more' that would come back empty.
    expect(second.body.next).toBeNull();

    const all: Listed[] = [...first.body.tracks, ...second.body.tracks];
    expect(new Set(all.map((t) => t.id)).size).toBe(COPIES + 1);
    const times = all.map((t) => t.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('offers no next page when the list ends exactly on a page boundary', async () => {
    const user = await createConfirmedUser(stack, { prefix: 'pager-full' });
    expect((await list(user)).body).toEqual({ tracks: [], next: null, total: 0 });
    const userId = (await callRoute(stack.apiUrl, 'getMe', {}, user.idToken)).body.id;
    await writeCopies(userId, { ...uploaded, createdAt: new Date().toISOString() }, PAGE);
    const only = await list(user);
    expect(only.status).toBe(200);
    expect(only.body).toMatchObject({ next: null, total: PAGE });
    expect(only.body.tracks).toHaveLength(PAGE);
  });

  it("refuses with 400 invalid_cursor a cursor that is not a start key of the caller's list", async () => {
    const first = await list(owner);
    const key = JSON.parse(Buffer.from(first.body.next, 'base64url').toString('utf8'));
    const forged = [
      'not-a-cursor',
      cursorOf({ ...key, GSI3PK: `OWNER#${randomUUID()}` }),
      // Within the partition, but outside the list's key range.
      cursorOf({ ...key, GSI3SK: 'SHARE#x' }),
      cursorOf({ GSI3PK: key.GSI3PK, GSI3SK: key.GSI3SK }),
      cursorOf({ ...key, extra: 'x' }),
    ];
    for (const cursor of forged) {
      const res = await list(owner, cursor);
      expect(res, cursor).toMatchObject({ status: 400, body: { error: { code: 'invalid_cursor' } } });
    }
    // Another user's cursor does not page through the owner's tracks.
    expect(await list(other, first.body.next)).toMatchObject({ status: 400, body: { error: { code: 'invalid_cursor' } } });
  });
});
