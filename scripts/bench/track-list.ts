import http from 'node:http';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { freePort } from '../dev/stack/ports.js';
import { TABLE_NAME } from '../dev/stack/local-names.js';
import { callRoute, fmt, percentile, type BenchSession } from './session.js';

const CLIENTS = 20;
const REQUESTS_PER_CLIENT = 50;

/** GETs `url` from CLIENTS clients at once, REQUESTS_PER_CLIENT times each; every call's milliseconds, sorted. */
async function load(url: string, headers: Record<string, string>) {
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (let i = 0; i < REQUESTS_PER_CLIENT; i++) {
        const start = performance.now();
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
        latencies.push(performance.now() - start);
      }
    }),
  );
  return latencies.sort((a, b) => a - b);
}

/** The floor: a bare HTTP handler making the track list's one DynamoDB query for `ownerId`, listening; the server and its port. */
async function startBareHandler(dynamoEndpoint: string, ownerId: string) {
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: 'us-east-1',
      endpoint: dynamoEndpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  const port = await freePort();
  const server = http.createServer(async (_req, res) => {
    const out = await db.send(
      new QueryCommand({
        TableName: TABLE_NAME,
        IndexName: 'GSI3',
        KeyConditionExpression: 'GSI3PK = :pk',
        ExpressionAttributeValues: { ':pk': `OWNER#${ownerId}` },
        ScanIndexForward: false,
      }),
    );
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ tracks: out.Items }));
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  return { server, port };
}

/**
 * Section 3 of `npm run bench`: the track-list API's latency (p50/p99) under CLIENTS concurrent clients vs a
 * bare handler making the same single DynamoDB query.
 */
export async function benchTrackList({ stack, token }: BenchSession) {
  console.log(`\n3. Track-list latency, ${CLIENTS} concurrent clients x ${REQUESTS_PER_CLIENT} requests`);
  const me = await callRoute(stack.apiUrl, 'getMe', {}, token);
  const bare = await startBareHandler(stack.dynamoEndpoint, me.body.id);
  await load(`http://127.0.0.1:${bare.port}/`, {}); // warm-up
  const floor = await load(`http://127.0.0.1:${bare.port}/`, {});
  await load(`${stack.apiUrl}/tracks`, { authorization: `Bearer ${token}` });
  const api = await load(`${stack.apiUrl}/tracks`, { authorization: `Bearer ${token}` });
  bare.server.close();
  console.log(`   bare handler, one Query (floor):  p50 ${fmt(percentile(floor, 50))} ms  p99 ${fmt(percentile(floor, 99))} ms`);
  console.log(`   GET /tracks through the gateway:  p50 ${fmt(percentile(api, 50))} ms  p99 ${fmt(percentile(api, 99))} ms`);
  console.log(
    `   ratio to floor:                   p50 ${fmt(percentile(api, 50) / percentile(floor, 50), 2)}  p99 ${fmt(percentile(api, 99) / percentile(floor, 99), 2)}`,
  );
}
