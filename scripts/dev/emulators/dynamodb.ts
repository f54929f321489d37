/** DynamoDB Local (the jar shipped in amplify-dynamodb-simulator), run with Java 17. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTableCommand,
  type KeySchemaElement,
  type Projection,
} from '@aws-sdk/client-dynamodb';
import { TABLE_INDEXES, TABLE_KEYS } from '../../../functions/platform/data/table.js';
import { waitForPort } from '../stack/ports.js';

export class JavaMissingError extends Error {
  constructor() {
    super(
      'Java 17 is needed to run DynamoDB Local, and no `java` was found on this machine.\n' +
        'Install it with:  sudo apt-get install -y openjdk-17-jre-headless',
    );
  }
}

export function assertJava(): void {
  const res = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (res.error || res.status !== 0) throw new JavaMissingError();
}

function emulatorDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');
}

/**
 * The JVM needs several CPU-seconds of class loading before it listens; on a busy or throttled machine
 * that has been seen to take over 40 s, so the wait is long and can be raised further by a variable.
 */
const START_TIMEOUT_MS = Number(process.env.DYNAMODB_START_TIMEOUT_MS) || 180_000;

/**
 * Runs java with the arguments and stops it on SIGTERM/SIGINT or when standard input closes (the parent
 * is gone). The watcher is stopped once java has exited, so it can never signal a reused process id.
 */
const WATCHDOG = `exec 3<&0
java "$@" </dev/null 3<&- & pid=$!
(cat <&3 >/dev/null; kill $pid 2>/dev/null) & watcher=$!
exec 3<&-
trap 'kill $pid 2>/dev/null' TERM INT
wait $pid
status=$?
kill $pid 2>/dev/null
wait $pid 2>/dev/null
kill $watcher 2>/dev/null
exit $status`;

/**
 * `dataDir` null: the table lives in memory and goes with the JVM. A run that throws its data away (the
 * tests') asks for that: each call is two to three times faster than through the file (measured here:
 * 1,200 puts, updates, gets and queries took 5.1-8.5 s in memory against 11.0-20.3 s on disk).
 */
export async function startDynamo(
  port: number,
  dataDir: string | null,
  timeoutMs = START_TIMEOUT_MS,
): Promise<{ process: ChildProcess; endpoint: string }> {
  assertJava();
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const cwd = emulatorDir();
  // Through a small shell that holds a pipe from this process: when this process ends in any way, even
  // killed, the pipe closes and the shell stops the JVM, so no DynamoDB Local outlives its stack and holds the port.
  const child = spawn(
    'sh',
    [
      '-c',
      WATCHDOG,
      'dynamodb-local',
      '-Xms64m',
      '-Xmx512m',
      // The client compiler only, and one garbage-collector thread: on a 2-core machine the optimising
      // compiler's work did not pay itself back (measured: the JVM's CPU halved over a minute of API tests, and
      // the suite's stack ran in 16 minutes rather than 18-20).
      '-XX:TieredStopAtLevel=1',
      '-XX:+UseSerialGC',
      '-Djava.library.path=./DynamoDBLocal_lib',
      '-jar',
      'DynamoDBLocal.jar',
      '-port',
      String(port),
      '-sharedDb',
      ...(dataDir ? ['-dbPath', path.resolve(dataDir)] : ['-inMemory']),
    ],
    { cwd, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`DynamoDB Local exited (${code}): ${output.trim()}`))),
  );
  try {
    await Promise.race([waitForPort(port, timeoutMs, 'DynamoDB Local'), exited]);
  } catch (err) {
    // A JVM left running would keep the caller's process (and its test run) alive.
    child.kill('SIGTERM');
    child.stdin?.end();
    throw new Error(`${(err as Error).message}\nIts output so far:\n${output.trim() || '(none)'}`);
  }
  return { process: child, endpoint: `http://127.0.0.1:${port}` };
}

const projectionOf = (i: (typeof TABLE_INDEXES)[number]): Projection =>
  i.projection === 'all' ? { ProjectionType: 'ALL' } : { ProjectionType: 'INCLUDE', NonKeyAttributes: [...i.projection] };

const keySchemaOf = (i: (typeof TABLE_INDEXES)[number]): KeySchemaElement[] => [
  { AttributeName: i.partition, KeyType: 'HASH' },
  { AttributeName: i.sort, KeyType: 'RANGE' },
];

/** Waits until every index of the table is ACTIVE (built over the items already there). */
async function indexesActive(client: DynamoDBClient, tableName: string, timeoutMs = 60_000): Promise<void> {
  for (const until = Date.now() + timeoutMs; ;) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if ((Table?.GlobalSecondaryIndexes ?? []).every((i) => i.IndexStatus === 'ACTIVE')) return;
    if (Date.now() > until) throw new Error(`The indexes of ${tableName} were not built within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Creates the single table as infra/ defines it (same keys, same indexes, stream on). A table kept from
 * an earlier version (a developer's data directory) gets the indexes added since, as a deploy adds them.
 */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  try {
    const Table = await client.send(new DescribeTableCommand({ TableName: tableName })).then(
      (res) => res.Table,
      (err) => {
        if (err instanceof ResourceNotFoundException) return undefined;
        throw err;
      },
    );
    if (!Table) {
      await client.send(createTable(tableName));
      return;
    }
    const present = new Set((Table.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
    for (const index of TABLE_INDEXES.filter((i) => !present.has(i.name))) {
      // DynamoDB (and DynamoDB Local, when it is busy) builds one index at a time: each waits for those before it.
      await indexesActive(client, tableName);
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: [index.partition, index.sort].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
          GlobalSecondaryIndexUpdates: [
            { Create: { IndexName: index.name, KeySchema: keySchemaOf(index), Projection: projectionOf(index) } },
          ],
        }),
      );
    }
    await indexesActive(client, tableName);
  } finally {
    client.destroy();
  }
}

/** The table as infra/ defines it: same keys, same indexes, stream on. */
function createTable(tableName: string): CreateTableCommand {
  const attrs = new Set<string>([TABLE_KEYS.partition, TABLE_KEYS.sort, ...TABLE_INDEXES.flatMap((i) => [i.partition, i.sort])]);
  return new CreateTableCommand({
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attrs].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: TABLE_KEYS.partition, KeyType: 'HASH' },
      { AttributeName: TABLE_KEYS.sort, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: TABLE_INDEXES.map((i) => ({ IndexName: i.name, KeySchema: keySchemaOf(i), Projection: projectionOf(i) })),
    StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
  });
}
