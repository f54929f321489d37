/**
 * The realtime channel locally, running the same handler code as in AWS:
 * - a WebSocket endpoint at /realtime on the gateway's port, whose connect, message and close events
 *   go to functions/realtime/socket.ts as API Gateway's $connect, $default and $disconnect;
 * - the management API (POST/DELETE /@connections/{id}) that the handlers post through;
 * - a poller of DynamoDB Local's stream that hands records to the table's stream consumers: realtime delivery
 *   (functions/realtime/stream.ts) and the reference tracks' cleanup (functions/jobs/reference-cleanup.ts), each
 *   given only the records its event source's filter passes in AWS.
 */
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { DescribeStreamCommand, DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand } from '@aws-sdk/client-dynamodb-streams';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';

export const REALTIME_PATH = '/realtime';
type SocketHandler = (event: unknown) => Promise<{ statusCode?: number; body?: string } | string>;
type StreamHandler = (event: DynamoDBStreamEvent) => Promise<void>;

const socketHandler = () => import('../../../functions/realtime/socket.js').then((m) => m.handler as unknown as SocketHandler);
type StreamRecord = DynamoDBStreamEvent['Records'][number];
/** The consumers, each with what its filter (infra/constructs/) lets through. */
const streamConsumers = async (): Promise<{ handler: StreamHandler; passes: (r: StreamRecord) => boolean; name: string }[]> => [
  {
    name: 'stream',
    // Its filter passes the entities users watch; the handler picks what it posts itself, so all go.
    handler: (await import('../../../functions/realtime/stream.js')).handler as StreamHandler,
    passes: () => true,
  },
  {
    name: 'reference cleanup',
    handler: (await import('../../../functions/jobs/reference-cleanup.js')).handler as StreamHandler,
    passes: (r) => {
      const old = r.dynamodb?.OldImage;
      return old?.entity?.S === 'share' && ['pending', 'accepted'].includes(old.status?.S ?? '');
    },
  },
];

const statusOf = (r: Awaited<ReturnType<SocketHandler>>) => (typeof r === 'string' ? 200 : (r.statusCode ?? 200));

export class LocalRealtime {
  private readonly sockets = new Map<string, WebSocket>();
  private readonly wss = new WebSocketServer({ noServer: true });
  private closing = false;

  private event(routeKey: string, connectionId: string, extra: Record<string, unknown> = {}) {
    return { requestContext: { routeKey, connectionId, eventType: routeKey.slice(1).toUpperCase(), requestId: randomUUID() }, ...extra };
  }

  /** Handles an HTTP upgrade to /realtime; false when the request is not for the channel. */
  handleUpgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(req.url ?? '/', 'http://local');
    if (url.pathname !== REALTIME_PATH) return false;
    const connectionId = randomUUID();
    void (async () => {
      const handler = await socketHandler();
      const result = await handler(this.event('$connect', connectionId, { queryStringParameters: Object.fromEntries(url.searchParams) }));
      const status = statusOf(result);
      if (status !== 200) {
        socket.end(`HTTP/1.1 ${status} Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
        return;
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => {
        this.sockets.set(connectionId, ws);
        ws.on('message', (data) => void handler(this.event('$default', connectionId, { body: data.toString() })));
        ws.on('close', () => {
          this.sockets.delete(connectionId);
          // At shutdown the table may already be gone; the records expire by TTL anyway.
          if (!this.closing) void handler(this.event('$disconnect', connectionId));
        });
      });
    })().catch((err) => {
      console.error('[realtime]', err);
      socket.destroy();
    });
    return true;
  }

  /** The management API: answers POST and DELETE /@connections/{id}; false when not for it. */
  handleManagement(method: string, pathname: string, body: Buffer, res: http.ServerResponse): boolean {
    const match = /^\/@connections\/([^/]+)$/.exec(pathname);
    if (!match) return false;
    const ws = this.sockets.get(decodeURIComponent(match[1]));
    if (!ws || ws.readyState !== ws.OPEN) {
      res.writeHead(410, { 'content-type': 'application/json', 'x-amzn-errortype': 'GoneException' });
      res.end(JSON.stringify({ message: 'Gone' }));
      return true;
    }
    if (method === 'POST') ws.send(body.toString('utf8'));
    else if (method === 'DELETE') ws.close();
    res.writeHead(200);
    res.end();
    return true;
  }

  close() {
    this.closing = true;
    for (const ws of this.sockets.values()) ws.terminate();
    this.wss.close();
  }
}

/**
 * Polls DynamoDB Local's stream, shard by shard, from the moment it starts (as a LATEST event source
 * mapping would) and hands each batch of records to the stream handler.
 */
export function startStreamPoller(endpoint: string, tableName: string, intervalMs = 200): { stop(): Promise<void> } {
  const creds = { region: 'us-east-1', endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
  const streams = new DynamoDBStreamsClient(creds);
  const dynamo = new DynamoDBClient(creds);
  const iterators = new Map<string, string | undefined>();
  let running = true;
  let firstDescribe = true;
  let lastDescribe = 0;

  const loop = (async () => {
    const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: tableName }));
    const streamArn = Table!.LatestStreamArn!;
    const consumers = await streamConsumers();
    while (running) {
      try {
        if (Date.now() - lastDescribe > 2000) {
          lastDescribe = Date.now();
          const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
          for (const shard of StreamDescription?.Shards ?? []) {
            if (iterators.has(shard.ShardId!)) continue;
            // Shards that existed before we started are read from their end; new ones from the start.
            const type = firstDescribe ? 'LATEST' : 'TRIM_HORIZON';
            const it = await streams.send(
              new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shard.ShardId!, ShardIteratorType: type }),
            );
            iterators.set(shard.ShardId!, it.ShardIterator);
          }
          firstDescribe = false;
        }
        for (const [shardId, iterator] of iterators) {
          if (!iterator) continue;
          const res = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 100 }));
          iterators.set(shardId, res.NextShardIterator);
          const records = (res.Records ?? []) as unknown as StreamRecord[];
          for (const { handler, passes, name } of consumers) {
            const passed = records.filter(passes);
            if (passed.length) await handler({ Records: passed }).catch((err) => console.error(`[${name}]`, err));
          }
        }
      } catch (err) {
        if (running) console.error('[stream poller]', (err as Error).message);
      }
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  })();

  return {
    async stop() {
      running = false;
      await loop.catch(() => {});
      streams.destroy();
      dynamo.destroy();
    },
  };
}
