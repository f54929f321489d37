/**
 * Local stand-in for S3 -> Lambda event delivery to the processing function: each object created under
 * `uploads/` in the local S3 becomes an S3 event, run by a worker process (scripts/dev/processing-worker.ts)
 * as Lambda runs its async invocations: at most `concurrency` at once, each attempt limited in time, a
 * failed, crashed or timed-out attempt retried twice, then given up (in AWS: the dead-letter queue).
 */
import { fork, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { S3Event } from 'aws-lambda';
import { UPLOADS_PREFIX } from '../../shared/constants.js';

const WORKER = fileURLToPath(new URL('./processing-worker.ts', import.meta.url));
const MAX_ATTEMPTS = 3;

export interface ProcessingOptions {
  /** Marks the workers' command lines, so a test can find (and kill) them. */
  tag: string;
  concurrency?: number;
  attemptTimeoutMs?: number;
  retryDelayMs?: number;
  log?: (line: string) => void;
}

interface Pending {
  event: S3Event;
  attempt: number;
}

class Worker {
  private child: ChildProcess;
  private nextId = 1;
  private waiting = new Map<number, (r: { ok: boolean; error?: string }) => void>();
  /** Resolves when the worker can take events; rejects if it dies first. */
  readonly ready: Promise<void>;

  constructor(tag: string) {
    this.child = fork(WORKER, [`--processing-worker=${tag}`], {
      execArgv: ['--import', 'tsx'],
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
      // What a killed run left in its working folder (functions/domain/processing.ts) goes with it.
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

  run(event: S3Event, timeoutMs: number): Promise<{ ok: boolean; error?: string }> {
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

/** The S3 event AWS sends for a created object (keys URL-encoded, as S3 encodes them). */
export function s3EventFor(bucket: string, key: string, size: number, eventName = 'ObjectCreated:Post'): S3Event {
  const encodedKey = key.split('/').map((p) => encodeURIComponent(p).replace(/%20/g, '+')).join('/');
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

export function startLocalProcessing(opts: ProcessingOptions) {
  const concurrency = opts.concurrency ?? 2;
  const timeoutMs = opts.attemptTimeoutMs ?? 5 * 60_000;
  const retryDelayMs = opts.retryDelayMs ?? 1000;
  const log = opts.log ?? ((l: string) => console.log(l));
  const queue: Pending[] = [];
  const idle: Worker[] = [];
  let running = 0;
  let stopped = false;
  const all = new Set<Worker>();
  const timers = new Set<NodeJS.Timeout>();

  const takeWorker = async () => {
    let w = idle.pop();
    while (w && !w.alive) w = idle.pop();
    if (!w) {
      w = new Worker(opts.tag);
      all.add(w);
      await w.ready;
    }
    return w;
  };

  const pump = () => {
    while (!stopped && running < concurrency && queue.length) {
      const job = queue.shift()!;
      running++;
      void (async () => {
        let result: { ok: boolean; error?: string };
        try {
          const worker = await takeWorker();
          result = await worker.run(job.event, timeoutMs);
          if (worker.alive) idle.push(worker);
          else all.delete(worker);
        } catch (err) {
          result = { ok: false, error: (err as Error).message };
        } finally {
          running--;
        }
        if (!result.ok && !stopped) {
          const key = job.event.Records[0].s3.object.key;
          if (job.attempt < MAX_ATTEMPTS) {
            log(`[processing] attempt ${job.attempt} for ${key} failed (${result.error?.split('\n')[0]}); retrying`);
            const t = setTimeout(() => {
              timers.delete(t);
              queue.push({ event: job.event, attempt: job.attempt + 1 });
              pump();
            }, retryDelayMs);
            timers.add(t);
          } else {
            log(`[processing] gave up on ${key} after ${MAX_ATTEMPTS} attempts: ${result.error}`);
          }
        }
        pump();
      })();
    }
  };

  return {
    /** Queues the processing of a created object; objects outside the upload prefix are not its concern. */
    objectCreated(bucket: string, key: string, size: number, eventName?: string) {
      if (stopped || !key.startsWith(UPLOADS_PREFIX)) return;
      queue.push({ event: s3EventFor(bucket, key, size, eventName), attempt: 1 });
      pump();
    },
    stop() {
      stopped = true;
      queue.length = 0;
      for (const t of timers) clearTimeout(t);
      for (const w of all) w.kill();
    },
  };
}
