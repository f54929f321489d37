/**
 * The WebSocket API's routes. $connect verifies the Cognito ID token given as `?token=` (browsers
 * cannot set headers on a WebSocket) and remembers the connection for its user.
 */
import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import { connect, disconnect } from '../platform/index.js';
import { AppError } from '../lib/errors.js';
import { verifyIdToken } from '../lib/identity.js';
import { log } from '../lib/observability.js';

interface SocketEvent {
  requestContext: { routeKey: string; connectionId: string };
  queryStringParameters?: Record<string, string | undefined> | null;
  body?: string | null;
}

export async function handler(event: SocketEvent): Promise<APIGatewayProxyResultV2> {
  const { routeKey, connectionId } = event.requestContext;
  try {
    switch (routeKey) {
      case '$connect': {
        const token = event.queryStringParameters?.token;
        if (!token) return { statusCode: 401, body: 'A token is required' };
        const identity = await verifyIdToken(token);
        await connect(connectionId, identity.sub);
        return { statusCode: 200, body: 'connected' };
      }
      case '$disconnect':
        await disconnect(connectionId);
        return { statusCode: 200, body: 'disconnected' };
      default:
        // Clients may ping to keep the connection open; nothing else is expected from them.
        return { statusCode: 200, body: 'pong' };
    }
  } catch (err) {
    if (err instanceof AppError) return { statusCode: err.status, body: err.message };
    log.error('Realtime socket error', err, { routeKey, connectionId });
    return { statusCode: 500, body: 'error' };
  }
}
