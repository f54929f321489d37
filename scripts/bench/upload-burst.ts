import { onOwnStack, runIfMain } from './own-stack.js';
import type { StackInfo } from '../../test/support/global-setup.js';
import { allProcessed, mostWorkers, percentile, sampleLatency, uploadBurst } from '../../test/support/upload-burst.js';
import { createConfirmedUser } from '../../test/support/users.js';
import { PROCESSING_QUEUE } from '../../shared/constants.js';

const UPLOADERS = 4;
const UPLOADS_EACH = 10;
const REST_MS = 5000;

const fmt = (n: number) => n.toFixed(1);

/**
 * Section 7 of `npm run bench`: the API's latency (GET /tracks from 4 clients, p50 / p99) while a burst of
 * 40 uploads from 4 users is processed, beside the same at rest, on a stack of its own. The uploads wait
 * in the processing queue and run at most PROCESSING_QUEUE.maxConcurrency at once. Locally the workers
 * share the machine with the API (and S3 and DynamoDB), which AWS's processing does not.
 * Runnable alone: `node --import tsx scripts/bench/upload-burst.ts`.
 */
async function benchUploadBurst(info: StackInfo) {
  console.log(
    `\n7. API latency while a burst of ${UPLOADERS * UPLOADS_EACH} uploads from ${UPLOADERS} users is processed (at most ${PROCESSING_QUEUE.maxConcurrency} at once), vs at rest`,
  );
  const users = await Promise.all(Array.from({ length: UPLOADERS }, (_, i) => createConfirmedUser(info, { prefix: `bench-burst-${i}` })));
  // Someone else's list: its own work stays the same whatever the burst does.
  const reader = await createConfirmedUser(info, { prefix: 'bench-burst-reader' });
  await sampleLatency(info, reader, new Promise((r) => setTimeout(r, 1000))); // warm-up
  const rest = await sampleLatency(info, reader, new Promise((r) => setTimeout(r, REST_MS)));

  const sent = performance.now();
  const byUser = await uploadBurst(info, users, UPLOADS_EACH);
  const registered = performance.now();
  const finished = allProcessed(info, byUser, 15 * 60_000);
  const [tracks, during, workers] = await Promise.all([finished, sampleLatency(info, reader, finished), mostWorkers(info, finished)]);
  const done = performance.now();
  const ready = tracks.filter((t) => t.status === 'ready').length;
  const errors = during.statuses.filter((s) => s !== 200);

  const line = (label: string, xs: number[]) =>
    `   ${label.padEnd(36)} p50 ${fmt(percentile(xs, 50))} ms  p99 ${fmt(percentile(xs, 99))} ms  (${xs.length} calls)`;
  console.log(line('GET /tracks at rest (floor):', rest.latencies));
  console.log(line('GET /tracks during the burst:', during.latencies));
  console.log(
    `   ratio to floor:                      p50 ${(percentile(during.latencies, 50) / percentile(rest.latencies, 50)).toFixed(2)}  p99 ${(percentile(during.latencies, 99) / percentile(rest.latencies, 99)).toFixed(2)}${errors.length ? `  (answers other than 200: ${errors.join(', ')})` : ''}`,
  );
  console.log(
    `   burst: sent and registered in ${fmt((registered - sent) / 1000)} s, processed ${((done - registered) / 1000).toFixed(1)} s later; ${ready} of ${tracks.length} ready; workers at most ${workers}`,
  );
}

/** Section 7 on a stack of its own. */
export const benchUploadBurstAlone = () => onOwnStack('bench-burst', benchUploadBurst);

runIfMain(import.meta.url, benchUploadBurstAlone);
