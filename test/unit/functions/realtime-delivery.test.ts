/**
 * Delivery of a stream batch: one connections query per distinct user, each distinct message once per
 * connection and in order, a few connections at a time; gone connections forgotten.
 */
import { describe, expect, it, vi } from 'vitest';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';

const queried: string[] = [];
const forgotten: string[] = [];
const posted: { connectionId: string; data: string }[] = [];
const CONNECTIONS: Record<string, string[]> = {
  owner: ['o-tab1', 'o-tab2'],
  reviewer: ['r-tab1', 'r-gone'],
  crowd: Array.from({ length: 40 }, (_, i) => (i === 7 ? 'c-throttled' : `c-${i}`)),
};
/** Posts to the crowd's connections take a moment: how many were in flight at most. */
let inFlight = 0;
let mostInFlight = 0;
let throttled = false;

vi.mock('../../../functions/platform/data/connections.js', () => ({
  connectionsOf: async (userId: string) => (queried.push(userId), CONNECTIONS[userId] ?? []),
  forgetConnection: async (userId: string, connectionId: string) => void forgotten.push(`${userId}/${connectionId}`),
}));
vi.mock('../../../functions/lib/aws/realtime.js', () => ({
  realtimeApi: () => ({
    send: async (command: { input: { ConnectionId: string; Data: Uint8Array } }) => {
      const { ConnectionId, Data } = command.input;
      if (ConnectionId.endsWith('gone')) throw Object.assign(new Error('Gone'), { name: 'GoneException' });
      if (ConnectionId === 'c-throttled' && !throttled) {
        throttled = true;
        throw Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' });
      }
      if (ConnectionId.startsWith('c-')) {
        mostInFlight = Math.max(mostInFlight, ++inFlight);
        await new Promise((r) => setTimeout(r, 2));
        inFlight--;
      }
      posted.push({ connectionId: ConnectionId, data: new TextDecoder().decode(Data) });
    },
  }),
}));

const { handler } = await import('../../../functions/realtime/stream.js');

/** The items one track deletion removes: a track shared once, with feedback, two comments, a rating, e-mails and a digest. */
function removedItems(t: number) {
  const shareId = `s${t}`;
  const participants = ['owner', 'reviewer'];
  const onShare = { shareId, participants };
  return [
    { PK: `TRACK#t${t}`, SK: 'META', entity: 'track', id: `t${t}`, userId: 'owner' },
    { PK: `TRACK#t${t}`, SK: `SHARE#${shareId}`, entity: 'trackshare', ...onShare },
    { PK: `AUDIOKEY#uploads/owner/${t}`, SK: 'AUDIOKEY', entity: 'audiokey' },
    { PK: `SHARE#${shareId}`, SK: 'META', entity: 'share', id: shareId, ...onShare },
    { PK: `SHARE#${shareId}`, SK: 'FEEDBACK', entity: 'feedback', ...onShare },
    { PK: `SHARE#${shareId}`, SK: 'RANKING', entity: 'ranking', ...onShare },
    { PK: `SHARE#${shareId}`, SK: 'COMMENT#c1', entity: 'comment', id: 'c1', ...onShare },
    { PK: `SHARE#${shareId}`, SK: 'COMMENT#c2', entity: 'comment', id: 'c2', ...onShare },
    { PK: `SHARE#${shareId}`, SK: 'EMAIL#requested', entity: 'email' },
    { PK: `SHARE#${shareId}`, SK: 'DIGEST#owner', entity: 'digest' },
  ];
}

const batch = (items: Record<string, unknown>[]) =>
  ({ Records: items.map((item) => ({ eventName: 'REMOVE', dynamodb: { OldImage: marshall(item) } })) }) as unknown as DynamoDBStreamEvent;

describe('stream delivery of a bulk deletion (5 tracks, each shared once)', () => {
  it('queries each user once, sends each connection each change once, and forgets gone connections', async () => {
    const items = Array.from({ length: 5 }, (_, t) => removedItems(t)).flat();
    await handler(batch(items));

    // One record at a time, one query per participant: 5 x (1 track + 5 share items x 2) = 55 queries before.
    expect(queried.sort()).toEqual(['owner', 'reviewer']);
    // Per track: the owner's two tabs get the track, share, feedback, ranking and comment removals (the
    // two comments' messages are the same); the reviewer's live tab the four share ones.
    expect(posted.filter((p) => p.connectionId.startsWith('o-'))).toHaveLength(5 * 5 * 2);
    expect(posted.filter((p) => p.connectionId === 'r-tab1')).toHaveLength(5 * 4);
    const keys = posted.map((p) => `${p.connectionId} ${p.data}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(posted).toContainEqual({
      connectionId: 'r-tab1',
      data: JSON.stringify({ type: 'change', entity: 'comment', id: 's0', action: 'remove' }),
    });
    expect(forgotten).toEqual(['reviewer/r-gone']);
  });
});

describe('stream delivery to many connections', () => {
  it('posts to 16 connections at a time, each connection its messages in order, and retries a throttled post once', async () => {
    posted.length = 0;
    const items = ['t1', 't2', 't3'].map((id) => ({ PK: `TRACK#${id}`, SK: 'META', entity: 'track', id, userId: 'crowd' }));
    await handler(batch(items));
    expect(mostInFlight).toBeLessThanOrEqual(16);
    expect(mostInFlight).toBeGreaterThan(1);
    expect(posted).toHaveLength(40 * 3);
    for (const connectionId of CONNECTIONS.crowd) {
      expect(posted.filter((p) => p.connectionId === connectionId).map((p) => JSON.parse(p.data).id)).toEqual(['t1', 't2', 't3']);
    }
    expect(throttled).toBe(true);
  });
});
