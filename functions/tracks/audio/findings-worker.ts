/**
 * A thread of the analysis findings (./findings-thread.ts): the report's safe samples arrive in batches of
 * pushes, each push given to the findings (./findings.ts) on runs rebuilt as the report's were (the channel's
 * last CARRIED samples, then the push's), and each batch's buffers handed back on the return port. 'end'
 * answers the findings and starts afresh for the next decode.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { FindingsMeter } from './findings.js';
import { CARRIED, sampleScan } from './sample-scan.js';
import type { FindingsReturn, FromFindings, ToFindings } from './findings-thread.js';

const { port, handed } = workerData as FindingsReturn;

let meter = new FindingsMeter();
let carried: Float32Array[] = [];

function pushBatch({ channels, pushes }: Extract<ToFindings, { kind: 'samples' }>) {
  let at = 0;
  for (let k = 0; k < pushes.length; k += 3) {
    const [n, rate, over] = [pushes[k], pushes[k + 1], pushes[k + 2]];
    const runs = sampleScan().runs(channels.length, CARRIED + n);
    if (carried.length !== runs.length) carried = runs.map(() => new Float32Array(CARRIED));
    runs.forEach((run, c) => {
      run.set(carried[c]);
      run.set(channels[c].subarray(at, at + n), CARRIED);
    });
    meter.push(runs, n, rate, over === 1);
    runs.forEach((run, c) => carried[c].set(run.subarray(n, n + CARRIED)));
    at += n;
  }
}

parentPort!.on('message', (message: ToFindings) => {
  if (message.kind === 'samples') {
    pushBatch(message);
    // The whole buffers, as sent (a batch may not have filled them), handed back; then counted, which wakes a
    // decode waiting for them.
    const channels = message.channels.map((c) => new Float32Array(c.buffer));
    port.postMessage(
      channels,
      channels.map((c) => c.buffer as ArrayBuffer),
    );
    Atomics.add(handed, 0, 1);
    Atomics.notify(handed, 0);
    return;
  }
  parentPort!.postMessage({ kind: 'findings', findings: meter.result() } satisfies FromFindings);
  meter = new FindingsMeter();
  carried = [];
});
