/**
 * The analysis findings (./findings.ts) in a thread of their own (./findings-worker.ts), beside the decode and
 * the report: the processing function has nearly two vCPUs and the decode uses one. The report's safe samples
 * are copied out in batches, and the findings are the same as in the decode's thread, push by push. A thread
 * is kept for the next decode (a warm function's next track does not wait for one to start), and so are the
 * batches' buffers, which the thread hands back on a port of their own. At most MAX_SETS of them exist: when
 * none is back, the decode waits for the thread, so a thread that falls behind holds the decode back rather
 * than the whole track in memory.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { Finding } from '../../../shared/findings.js';
import { CARRIED } from './sample-scan.js';

/** What a thread is sent: a batch of pushes (n, rate, over as 1 or 0, for each) and their samples, or the end. */
export type ToFindings = { kind: 'samples'; channels: Float32Array[]; pushes: number[] } | { kind: 'end' };
/** What it answers: the findings (it then starts afresh). Each batch's buffers come back on `FindingsReturn.port`. */
export type FromFindings = { kind: 'findings'; findings: Finding[] };
/** The thread's return path (its workerData): each batch's buffers posted on `port`, then `handed[0]` counted up. */
export interface FindingsReturn {
  port: MessagePort;
  handed: Int32Array;
}

/** Frames a batch holds (1 MB a channel): few enough messages that sending them costs nothing to speak of. */
const BATCH_FRAMES = 1 << 18;
/** Batches' buffer sets a thread's decode may hold, in flight or handed back (1 MB a channel each). */
const MAX_SETS = 16;
/** How long the decode waits for a set to come back: a thread that hands none back in this long has failed. */
const WAIT_MS = 2000;

/** A worker, where its batches' buffers come back, and those back already. */
interface Thread {
  worker: Worker;
  port: MessagePort;
  handed: Int32Array;
  sets: number;
  free: Float32Array[][];
}
/** Threads kept idle for the next decodes. */
const KEEP = 2;
const idle: Thread[] = [];

/**
 * A thread: in a bundle, the worker's own bundle beside it (infra/constructs/lambda-bundles.ts writes it);
 * from the TypeScript source (tests, the local stack), the source, loaded through tsx as this module was.
 */
function startThread(): Thread {
  const { port1, port2 } = new MessageChannel();
  const handed = new Int32Array(new SharedArrayBuffer(4));
  const worker = newWorker({ port: port2, handed } satisfies FindingsReturn, [port2]);
  const thread: Thread = { worker, port: port1, handed, sets: 0, free: [] };
  // A thread that ends while kept is not handed out again.
  worker.once('exit', () => {
    const i = idle.indexOf(thread);
    if (i >= 0) idle.splice(i, 1);
    port1.close();
  });
  return thread;
}

function newWorker(workerData: FindingsReturn, transferList: MessagePort[]): Worker {
  // None of the decode's own Node options: the thread needs none, and some (--input-type) refuse a file.
  const options = { execArgv: [] as string[], workerData, transferList };
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./findings-worker.mjs', import.meta.url), options);
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const source = new URL('./findings-worker.ts', import.meta.url).href;
  const code = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(code, { ...options, eval: true });
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
  private readonly thread = idle.pop() ?? startThread();
  private readonly worker = this.thread.worker;
  private readonly done: Promise<Finding[]>;
  private failed = false;
  /** Fails this decode's findings (the thread ended, erred, or fell behind). */
  private fail: (cause: unknown) => void = () => {};
  private unlisten = () => {};
  private channels: Float32Array[] = [];
  private pushes: number[] = [];
  private filled = 0;

  constructor() {
    // Held while it works for this decode, so that awaiting its findings keeps the process alive.
    this.worker.ref();
    this.done = new Promise((resolve, reject) => {
      const fail = (this.fail = (err: unknown) => {
        this.failed = true;
        reject(new FindingsThreadFailed(err));
      });
      const heard = (m: FromFindings) => resolve(m.findings);
      this.worker.on('message', heard).on('error', fail).on('exit', fail);
      // Only this decode's listeners: the worker's own keep its port working for the next.
      this.unlisten = () => this.worker.off('message', heard).off('error', fail).off('exit', fail);
    });
    // Seen only by result(); a failure before it must not go unhandled.
    this.done.catch(() => {});
  }

  /** As FindingsMeter.push: the report's runs (CARRIED samples before, then `n` new), made safe. */
  push(runs: Float32Array[], n: number, rate: number, over = false) {
    // A thread that failed is sent nothing more: its decode's findings are lost already.
    if (n === 0 || !(rate > 0) || runs.length === 0 || this.failed) return;
    if (runs.length !== this.channels.length || this.filled + n > this.channels[0].length) {
      this.send();
      const buffers = this.buffers(runs.length, n);
      if (!buffers) return;
      this.channels = buffers;
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
      idle.push(this.thread);
    }
  }

  /**
   * A batch's arrays for `count` channels, with room for `n` frames at least: a set handed back where one fits, a
   * new one while there are fewer than MAX_SETS; else, once the thread hands one back. None when it has handed
   * none back for WAIT_MS: the thread has failed.
   */
  private buffers(count: number, n: number): Float32Array[] | null {
    const { port, handed, free } = this.thread;
    for (;;) {
      // Read before the port, so that a set handed back after it wakes the wait below at once.
      const seen = Atomics.load(handed, 0);
      for (let m = receiveMessageOnPort(port); m; m = receiveMessageOnPort(port)) free.push(m.message as Float32Array[]);
      const i = free.findIndex((set) => set.length === count && set[0].length >= n);
      if (i >= 0) return free.splice(i, 1)[0];
      // A set that fits no more (another count of channels, a longer push) makes room for one that does.
      if (free.length) {
        free.shift();
        this.thread.sets--;
      }
      if (this.thread.sets < MAX_SETS) break;
      if (Atomics.wait(handed, 0, seen, WAIT_MS) === 'timed-out') {
        this.fail(new Error(`it handed no samples back in ${WAIT_MS} ms`));
        return null;
      }
    }
    this.thread.sets++;
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
