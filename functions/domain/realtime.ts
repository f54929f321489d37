/**
 * The realtime channel: who sees which change. A table change becomes a small message to the
 * connections of the users it concerns; clients reload what they show.
 */
import { GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { RealtimeMessage } from '../../shared/schemas/tracks.js';
import { connectionsOf, forgetConnection } from '../data/connections.js';
import { TRACK_ENTITY } from '../data/tracks.js';
import { SHARE_ENTITIES } from '../data/shares.js';
import { realtimeApi } from '../lib/aws/realtime.js';

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
  // A share and what hangs on it concern both participants; the message names the share.
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
 * once (one query per distinct user, in parallel), each connection gets each distinct message once, and
 * all posts go out together. Connections that are gone are forgotten. Returns how many posts arrived.
 */
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
  const posts = [...outbox].flatMap(([connectionId, { userId, messages }]) =>
    [...messages].map(async (data) => {
      try {
        await realtimeApi().send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: encoder.encode(data) }));
        return 1;
      } catch (err) {
        if (err instanceof GoneException || (err as Error).name === 'GoneException') gone.set(connectionId, userId);
        else console.error('Realtime delivery failed', connectionId, err);
        return 0;
      }
    }),
  );
  const sent = (await Promise.all(posts)).reduce<number>((a, b) => a + b, 0);
  await Promise.all([...gone].map(([connectionId, userId]) => forgetConnection(userId, connectionId).catch((err) => console.error('Gone connection not forgotten', connectionId, err))));
  return sent;
}
