/**
 * Local stand-in for the uploads queue between the media bucket and the processing function (in AWS: S3
 * event notifications into SQS, read by Lambda's event source with a maximum concurrency). Each object
 * created under `uploads/` in the local S3 becomes a message (its S3 event notification as the body) in a
 * local queue with the same redrive policy (scripts/dev/queue.ts); at most `concurrency` messages run at
 * once, each in a worker process (scripts/dev/processing-worker.ts) as a warm Lambda container runs it,
 * limited in time. A failed, crashed or timed-out run leaves its message to come back; after its last
 * receive it goes to the dead-letter queue. Only the retry's delay differs: in AWS a failed message comes
 * back when its visibility timeout ends, locally `retryDelayMs` after the failure, so that a retry is seen
 * at once. The workers reach the queue through a local SQS endpoint (./sqs.ts): processing puts back an
 * upload whose account holds its share of the runs.
 */
import { fork, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { S3Event, SQSEvent } from 'aws-lambda';
import { PROCESSING_QUEUE, UPLOADS_PREFIX } from '../../../shared/constants.js';
import { LocalQueue, sqsRecordOf, type QueueMessage } from './queue.js';
import { startLocalSqs } from './sqs.js';
import { ENV } from '../../../functions/lib/config.js';

const WORKER = fileURLToPath(new URL('./processing-worker.ts', import.meta.url));
/** Locally the queue's name only shows in the records' ARN. */
const QUEUE_NAME = 'snip-uploads';

export interface ProcessingOptions {
  /** Marks the workers' command lines, so a test can find (and kill) them. */
  tag: string;
  /** The bucket whose notification feeds the queue: S3's test event names it when the feed starts. */
  bucket?: string;
  /** At most this many runs at once (the event source's maximum concurrency in AWS). */
  concurrency?: number;
  /** The function's timeout: a run still going then is killed, as Lambda stops it. */
  attemptTimeoutMs?: number;
  retryDelayMs?: number;
  log?: (line: string) => void;
}

class Worker {
  private child: ChildProcess;
  private nextId = 1;
  private waiting = new Map<number, (r: { ok: boolean; error?: string }) => void>();
  /** Resolves when the worker can take events; rejects if it dies first. */
  readonly ready: Promise<void>;

  constructor(tag: string, env: Record<string, string>) {
    this.child = fork(WORKER, [`--processing-worker=${tag}`], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, ...env },
      // Its output comes through this process, line by line: the log collector takes the function's
      // structured lines as CloudWatch Logs would, and anything else (a crash's own words) is printed.
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    for (const [from, to] of [
      [this.child.stdout, process.stdout],
      [this.child.stderr, process.stderr],
    ] as const) {
      if (from) readline.createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => to.write(`${line}\n`));
    }
    const pid = this.child.pid;
    // In AWS processing runs on machines of its own: locally its workers yield the CPU to the API's process.
    if (pid) {
      try {
        os.setPriority(pid, 10);
      } catch {
        // Not allowed here: they share the CPU evenly.
      }
    }
    this.ready = new Promise((resolve, reject) => {
      this.child.once('message', () => resolve());
      this.child.once('exit', (code, signal) => reject(new Error(`worker exited before it was ready (${signal ?? code})`)));
    });
    this.ready.catch(() => {});
    this.child.on('message', (m: { id?: number; ok?: boolean; error?: string }) => {
      if (m.id === undefined) return;
      this.waiting.get(m.id)?.({ ok: !!m.ok, error: m.error });
      this.waiting.delete(m.id);
    });
    // A failure to start or to reach the worker is its death, never an uncaught error of the stack.
    this.child.on('error', (err) => this.finishAll(`worker failed: ${err.message}`));
    this.child.once('exit', (code, signal) => {
      this.finishAll(`worker exited (${signal ?? code})`);
      // What a killed run left in its working folder (functions/tracks/processing.ts) goes with it.
      if (pid) fs.rmSync(path.join(os.tmpdir(), `processing-${pid}`), { recursive: true, force: true });
    });
  }

  private finishAll(error: string) {
    for (const done of this.waiting.values()) done({ ok: false, error });
    this.waiting.clear();
  }

  get alive() {
    return this.child.exitCode === null && this.child.signalCode === null && this.child.connected;
  }

  run(event: SQSEvent, timeoutMs: number): Promise<{ ok: boolean; error?: string }> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.kill();
        resolve({ ok: false, error: `timed out after ${timeoutMs} ms` });
      }, timeoutMs);
      this.waiting.set(id, (r) => {
        clearTimeout(timer);
        resolve(r);
      });
      this.child.send({ id, event }, (err) => {
        if (!err) return;
        const done = this.waiting.get(id);
        this.waiting.delete(id);
        done?.({ ok: false, error: `could not reach the worker: ${err.message}` });
      });
    });
  }

  kill() {
    if (this.alive) this.child.kill('SIGKILL');
  }
}

/** The S3 event notification AWS sends for a created object (keys URL-encoded, as S3 encodes them). */
export function s3EventFor(bucket: string, key: string, size: number, eventName = 'ObjectCreated:Post'): S3Event {
  const encodedKey = key
    .split('/')
    .map((p) => encodeURIComponent(p).replace(/%20/g, '+'))
    .join('/');
  return {
    Records: [
      {
        eventVersion: '2.1',
        eventSource: 'aws:s3',
        awsRegion: 'us-east-1',
        eventTime: new Date().toISOString(),
        eventName,
        userIdentity: { principalId: 'local' },
        requestParameters: { sourceIPAddress: '127.0.0.1' },
        responseElements: { 'x-amz-request-id': 'local', 'x-amz-id-2': 'local' },
        s3: {
          s3SchemaVersion: '1.0',
          configurationId: 'ProcessUploads',
          bucket: { name: bucket, ownerIdentity: { principalId: 'local' }, arn: `arn:aws:s3:::${bucket}` },
          object: { key: encodedKey, size, eTag: '', sequencer: Date.now().toString(16) },
        },
      },
    ],
  };
}

/** What S3 sends to a queue when a notification to it is set up. */
export const s3TestEventFor = (bucket: string) => ({
  Service: 'Amazon S3',
  Event: 's3:TestEvent',
  Time: new Date().toISOString(),
  Bucket: bucket,
  RequestId: 'local',
  HostId: 'local',
});

export async function startLocalProcessing(opts: ProcessingOptions) {
  const concurrency = opts.concurrency ?? PROCESSING_QUEUE.maxConcurrency;
  const timeoutMs = opts.attemptTimeoutMs ?? 5 * 60_000;
  const retryDelayMs = opts.retryDelayMs ?? 1000;
  const log = opts.log ?? ((l: string) => console.log(l));
  const keyOf = (m: QueueMessage) => (JSON.parse(m.body) as Partial<S3Event>).Records?.[0]?.s3.object.key ?? 'a message';
  const queue = new LocalQueue({
    // As in AWS, longer than a run may last, so that no message runs twice at once.
    visibilityTimeoutMs: timeoutMs + 60_000,
    maxReceiveCount: PROCESSING_QUEUE.maxReceiveCount,
    onDeadLetter: (m) => log(`[processing] ${keyOf(m)} moved to the dead-letter queue after ${m.receiveCount} receives`),
  });
  const sqs = await startLocalSqs({ [QUEUE_NAME]: queue });
  // What the function's environment names in AWS: the queue it puts uploads back on, and SQS's endpoint.
  const workerEnv = { [ENV.sqsEndpoint]: sqs.endpoint, [ENV.uploadsQueueUrl]: sqs.queueUrl(QUEUE_NAME) };
  const idle: Worker[] = [];
  const all = new Set<Worker>();
  let running = 0;
  let busiest = 0;
  let stopped = false;

  const takeWorker = async () => {
    let w = idle.pop();
    while (w && !w.alive) w = idle.pop();
    if (!w) {
      w = new Worker(opts.tag, workerEnv);
      all.add(w);
      await w.ready;
    }
    return w;
  };

  const run = async (message: QueueMessage) => {
    let result: { ok: boolean; error?: string };
    try {
      const worker = await takeWorker();
      result = await worker.run({ Records: [sqsRecordOf(message, QUEUE_NAME)] } as SQSEvent, timeoutMs);
      if (worker.alive) idle.push(worker);
      else all.delete(worker);
    } catch (err) {
      result = { ok: false, error: (err as Error).message };
    }
    if (stopped) return;
    if (result.ok) return void queue.delete(message.receiptHandle);
    const last = message.receiveCount >= PROCESSING_QUEUE.maxReceiveCount;
    log(
      `[processing] receive ${message.receiveCount} of ${keyOf(message)} failed (${result.error?.split('\n')[0]})${last ? '' : '; it will be retried'}`,
    );
    queue.changeVisibility(message.receiptHandle, retryDelayMs);
  };

  // Lambda's event source: receives while fewer than `concurrency` runs are going.
  const pump = () => {
    while (!stopped && running < concurrency) {
      const message = queue.receive();
      if (!message) return;
      running++;
      busiest = Math.max(busiest, running);
      void run(message).finally(() => {
        running--;
        pump();
      });
    }
  };
  queue.onVisible(pump);
  if (opts.bucket) queue.send(JSON.stringify(s3TestEventFor(opts.bucket)));

  return {
    /** Sends the created object's S3 event to the queue; objects outside the upload prefix are not its concern. */
    objectCreated(bucket: string, key: string, size: number, eventName?: string) {
      if (stopped || !key.startsWith(UPLOADS_PREFIX)) return;
      queue.send(JSON.stringify(s3EventFor(bucket, key, size, eventName)));
    },
    /** What the queue holds and has held: for tests and the bench. */
    stats: () => ({ queued: queue.size, running, busiest, concurrency, deadLetters: queue.deadLetters.length }),
    stop() {
      stopped = true;
      void sqs.close();
      queue.close();
      for (const w of all) w.kill();
    },
  };
}
