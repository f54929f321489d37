/**
 * The realtime channel: who sees which change. A table change becomes a small message to the
 * connections of the users it concerns; clients reload what they show.
 */
import { GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { RealtimeMessage } from '../../shared/schemas/tracks.js';
import { connectionsOf, deleteConnection } from '../data/connections.js';
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

/** Sends to every connection of the users; connections that are gone are forgotten. */
export async function deliver({ userIds, message }: Notification): Promise<number> {
  const data = new TextEncoder().encode(JSON.stringify(message));
  let sent = 0;
  for (const userId of userIds) {
    for (const connectionId of await connectionsOf(userId)) {
      try {
        await realtimeApi().send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: data }));
        sent++;
      } catch (err) {
        if (err instanceof GoneException || (err as Error).name === 'GoneException') await deleteConnection(connectionId);
        else console.error('Realtime delivery failed', connectionId, err);
      }
    }
  }
  return sent;
}
