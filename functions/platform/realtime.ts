/**
 * The realtime channel: who sees which change. A table change becomes a small message to the
 * connections of the users it concerns; clients reload what they show.
 */
import { GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { RealtimeMessage } from '../../shared/schemas/tracks.js';
import { connectionsOf, forgetConnection } from './data/connections.js';
import { TRACK_ENTITY } from '../tracks/data/index.js';
import { SHARE_ENTITIES } from '../feedback/data/index.js';
import { realtimeApi } from '../lib/aws/realtime.js';
import { log } from '../lib/observability.js';

export interface StreamChange {
  eventName?: 'INSERT' | 'MODIFY' | 'REMOVE' | string;
  newImage?: Record<string, AttributeValue>;
  oldImage?: Record<string, AttributeValue>;
}

export interface Notification {
  userIds: string[];
  message: RealtimeMessage;
}

const ACTIONS = { INSERT: 'insert', MODIFY: 'modify', REMOVE: 'remove' } as const;

/** The notification a table change gives, or null for changes nobody subscribes to. */
export function notificationFor(change: StreamChange): Notification | null {
  const image = change.newImage ?? change.oldImage;
  const action = ACTIONS[change.eventName as keyof typeof ACTIONS];
  if (!image || !action) return null;
  const item = unmarshall(image as never) as Record<string, unknown>;
  if (item.entity === TRACK_ENTITY && typeof item.userId === 'string' && typeof item.id === 'string') {
    return { userIds: [item.userId], message: { type: 'change', entity: 'track', id: item.id, action } };
  }
  // A share and what hangs on it concern its participants (a draft comment: its author alone); the message names the share.
  if (SHARE_ENTITIES.includes(item.entity as never) && Array.isArray(item.participants) && typeof item.shareId === 'string') {
    return {
      userIds: item.participants as string[],
      message: { type: 'change', entity: item.entity as RealtimeMessage['entity'], id: item.shareId, action },
    };
  }
  return null;
}

/**
 * Sends the notifications of one stream batch: the connections of every user concerned are looked up at
 * once (one query per distinct user, in parallel), each connection gets each distinct message once, in
 * order. Connections that are gone are forgotten. Returns how many posts arrived.
 */
const MAX_PARALLEL_CONNECTIONS = 16;
const THROTTLED = new Set(['LimitExceededException', 'ThrottlingException', 'TooManyRequestsException']);

/** One post, tried once more shortly after when the API throttles it. */
async function post(connectionId: string, data: Uint8Array): Promise<void> {
  try {
    await realtimeApi().send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: data }));
  } catch (err) {
    if (!THROTTLED.has((err as Error).name)) throw err;
    await new Promise((r) => setTimeout(r, 100));
    await realtimeApi().send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: data }));
  }
}

/** Runs `run` on every item, at most `limit` at a time. */
async function inPool<T>(items: T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await run(items[next++]);
    }),
  );
}

export async function deliver(notifications: Notification[]): Promise<number> {
  const users = [...new Set(notifications.flatMap((n) => n.userIds))];
  if (!users.length) return 0;
  const connections = new Map(await Promise.all(users.map(async (u) => [u, await connectionsOf(u)] as const)));
  /** Per connection, its user and the distinct messages (as sent) for it. */
  const outbox = new Map<string, { userId: string; messages: Set<string> }>();
  for (const { userIds, message } of notifications) {
    const data = JSON.stringify(message);
    for (const userId of userIds) {
      for (const connectionId of connections.get(userId) ?? []) {
        const box = outbox.get(connectionId) ?? { userId, messages: new Set<string>() };
        box.messages.add(data);
        outbox.set(connectionId, box);
      }
    }
  }
  const encoder = new TextEncoder();
  const gone = new Map<string, string>();
  let sent = 0;
  // A connection's messages go in order, one after another; connections go a few at a time, so a large
  // batch does not run into the WebSocket API's throttling all at once.
  await inPool([...outbox], MAX_PARALLEL_CONNECTIONS, async ([connectionId, { userId, messages }]) => {
    for (const data of messages) {
      try {
        await post(connectionId, encoder.encode(data));
        sent++;
      } catch (err) {
        if (err instanceof GoneException || (err as Error).name === 'GoneException') {
          gone.set(connectionId, userId);
          return;
        }
        log.error('Realtime delivery failed', err, { connectionId });
      }
    }
  });
  await Promise.all(
    [...gone].map(([connectionId, userId]) =>
      forgetConnection(userId, connectionId).catch((err) => log.error('Gone connection not forgotten', err, { connectionId })),
    ),
  );
  return sent;
}
