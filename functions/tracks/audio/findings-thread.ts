/**
 * The analysis findings (./findings.ts) in a thread of their own (./findings-worker.ts), beside the decode and
 * the report: the processing function has nearly two vCPUs and the decode uses one. The report's safe samples
 * are copied out in batches, and the findings are the same as in the decode's thread, push by push. A thread
 * is kept for the next decode (a warm function's next track does not wait for one to start), and so are the
 * batches' buffers, which the thread hands back.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Finding } from '../../../shared/findings.js';
import { CARRIED } from './sample-scan.js';

/** What a thread is sent: a batch of pushes (n, rate, over as 1 or 0, for each) and their samples, or the end. */
export type ToFindings = { kind: 'samples'; channels: Float32Array[]; pushes: number[] } | { kind: 'end' };
/** What it answers: a batch's buffers, free again, or the findings (it then starts afresh). */
export type FromFindings = { kind: 'free'; channels: Float32Array[] } | { kind: 'findings'; findings: Finding[] };

/** Frames a batch holds (1 MB a channel): few enough messages that sending them costs nothing to speak of. */
const BATCH_FRAMES = 1 << 18;
/** Threads kept idle for the next decodes. */
const KEEP = 2;
const idle: Worker[] = [];

/**
 * A thread: in a bundle, the worker's own bundle beside it (infra/constructs/lambda-bundles.ts writes it);
 * from the TypeScript source (tests, the local stack), the source, loaded through tsx as this module was.
 */
function startWorker(): Worker {
  const worker = newWorker();
  // A thread that ends while kept is not handed out again.
  worker.once('exit', () => {
    const i = idle.indexOf(worker);
    if (i >= 0) idle.splice(i, 1);
  });
  return worker;
}

function newWorker(): Worker {
  // None of the decode's own Node options: the thread needs none, and some (--input-type) refuse a file.
  const execArgv: string[] = [];
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./findings-worker.mjs', import.meta.url), { execArgv });
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const source = new URL('./findings-worker.ts', import.meta.url).href;
  const code = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(code, { eval: true, execArgv });
}

/** The thread failed or ended before the findings: the system's failure, which says nothing about the file. */
export class FindingsThreadFailed extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? `the findings' thread failed: ${cause.message}` : `the findings' thread ended (${String(cause)})`, {
      cause,
    });
  }
}

export class FindingsThread {
  private readonly worker = idle.pop() ?? startWorker();
  private readonly done: Promise<Finding[]>;
  private failed = false;
  private unlisten = () => {};
  private channels: Float32Array[] = [];
  private pushes: number[] = [];
  private filled = 0;
  /** Batches' buffers handed back, a set per batch. */
  private readonly free: Float32Array[][] = [];

  constructor() {
    // Held while it works for this decode, so that awaiting its findings keeps the process alive.
    this.worker.ref();
    this.done = new Promise((resolve, reject) => {
      const fail = (err: unknown) => {
        this.failed = true;
        reject(new FindingsThreadFailed(err));
      };
      const heard = (m: FromFindings) => {
        if (m.kind === 'free') this.free.push(m.channels);
        else resolve(m.findings);
      };
      this.worker.on('message', heard).on('error', fail).on('exit', fail);
      // Only this decode's listeners: the worker's own keep its port working for the next.
      this.unlisten = () => this.worker.off('message', heard).off('error', fail).off('exit', fail);
    });
    // Seen only by result(); a failure before it must not go unhandled.
    this.done.catch(() => {});
  }

  /** As FindingsMeter.push: the report's runs (CARRIED samples before, then `n` new), made safe. */
  push(runs: Float32Array[], n: number, rate: number, over = false) {
    if (n === 0 || !(rate > 0) || runs.length === 0) return;
    if (runs.length !== this.channels.length || this.filled + n > this.channels[0].length) {
      this.send();
      this.channels = this.buffers(runs.length, n);
    }
    runs.forEach((run, c) => this.channels[c].set(run.subarray(CARRIED, CARRIED + n), this.filled));
    this.pushes.push(n, rate, over ? 1 : 0);
    this.filled += n;
  }

  /** The findings, once every sample has been pushed; the thread is then kept for the next decode. */
  async result(): Promise<Finding[]> {
    this.send();
    this.worker.postMessage({ kind: 'end' } satisfies ToFindings);
    try {
      return await this.done;
    } finally {
      this.release();
    }
  }

  /** Ends the thread without its findings (the decode failed): it is not kept, being halfway through. */
  close() {
    this.failed = true;
    this.release();
  }

  private release() {
    this.unlisten();
    if (this.failed || idle.length >= KEEP) void this.worker.terminate();
    else {
      this.worker.unref();
      idle.push(this.worker);
    }
  }

  /** A batch's arrays for `count` channels, with room for `n` frames at least: handed back ones where they fit. */
  private buffers(count: number, n: number): Float32Array[] {
    const i = this.free.findIndex((set) => set.length === count && set[0].length >= n);
    if (i >= 0) return this.free.splice(i, 1)[0];
    return Array.from({ length: count }, () => new Float32Array(Math.max(BATCH_FRAMES, n)));
  }

  private send() {
    if (this.filled === 0) return;
    const channels = this.channels.map((c) => c.subarray(0, this.filled));
    const message: ToFindings = { kind: 'samples', channels, pushes: this.pushes };
    this.worker.postMessage(
      message,
      channels.map((c) => c.buffer as ArrayBuffer),
    );
    this.channels = [];
    this.pushes = [];
    this.filled = 0;
  }
}
