/**
 * `npm run bench`: measured figures of the tracks slice, each against a floor measured in the same run.
 * 1. Bytes the browser downloads to draw a waveform, for a 1-minute and a 10-minute track (waveform.ts).
 * 2. Upload throughput of a 100 MB file through the app vs a plain presigned PUT to the same local S3
 *    (uploads.ts, with 2b and 2c).
 * 2b. Registration latency (p50/p99) for 1 MB and 200 MB files: audio is processed off the request path.
 *    Processing throughput of a 200 MB, 4-hour file (registration to `ready`) vs plain decoding of the same file.
 * 2c. The technical report's cost: decoding that file with the report vs without it, and upload to waveform and
 *    report for a 5-minute MP3 (p50/p99 of 10).
 * 2d. A 5-minute reference track on a request: from its upload to its comparison with the mix (references.ts).
 * 3. Track-list API latency (p50/p99) under 20 concurrent clients vs a bare handler making the same
 *    single DynamoDB query (track-list.ts).
 * 3b. DynamoDB calls and sequential round trips of the busiest routes, from the local gateway's count (round-trips.ts).
 * 4. The JS and CSS loaded to show /login (gzip) vs Vite + React + Amplify's sign-in alone (first-page.ts);
 *    and /dashboard as a returning signed-in musician first loads it, with the order of that load's requests,
 *    vs a floor listing the same tracks with React Router, TanStack Query and Amplify's session, loaded the
 *    same way (dashboard-load.ts, on this stack).
 * 4b. Lighthouse (mobile) scores of /login vs the floor page (lighthouse.ts; Lighthouse is installed into
 *    scripts/bench/lighthouse/ the first time, as `npm install` leaves it out).
 * 5. Each Lambda bundle's gzip size and cold import CPU vs a bundle of only what Lambda provides that it loads:
 *    its SDK clients and Powertools (bundles.ts).
 * 6. The payment checks working off 10,000 due payments vs the same work one at a time (payment-checks.ts,
 *    on a stack of its own whose scheduler is off).
 * 7. GET /tracks latency (p50/p99) while a burst of 40 uploads from 4 users is processed vs at rest
 *    (upload-burst.ts, on a stack of its own).
 * 8. The analysis findings' precision and recall per detector on defects injected into real recordings, the
 *    untouched recordings' false findings, and what analysis adds to decoding (findings.ts; no stack).
 * 9. Snip Pro's pool with 200 pros and 1,000 requests open: from a request to its first offer, and from a claim
 *    to the request's page showing its reviewer, vs the same steps with a chosen pro (pool.ts, on a stack of its own).

 * It starts its own local stack on free ports with a throw-away data directory. Sections can be named to run
 * only them (`npm run bench -- 1 3b 4 5`; 2 takes in 2b and 2c, 4 takes in 4b); none named, all run. Each
 * group of sections that owns a stack runs in a process of its own (PROCESSES).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePorts } from '../dev/stack/ports.js';
import { startStack } from '../dev/stack/stack.js';
import { MEDIA_BUCKET, TABLE_NAME } from '../dev/stack/local-names.js';
import { createConfirmedUser } from '../../test/support/users.js';
import { benchBundles } from './bundles.js';
import { benchCodecPreviews } from './codec-previews.js';
import { benchFindings } from './findings.js';
import { benchFirstPage } from './first-page.js';
import { installLighthouse } from './lighthouse.js';
import { benchPaymentChecksAlone } from './payment-checks.js';
import { benchPoolAlone } from './pool.js';
import { benchRoundTrips } from './round-trips.js';
import { benchSession } from './session.js';
import { benchTrackList } from './track-list.js';
import { benchUploadBurstAlone } from './upload-burst.js';
import { benchUploadsAndProcessing } from './uploads.js';
import { benchReferences } from './references.js';
import { benchWaveformBytes } from './waveform.js';

const named = new Set(process.argv.slice(2));
/** Whether a section runs: every one when none is named. */
const wanted = (section: string) => named.size === 0 || named.has(section);

/** Sections 1 to 4b, which share one local stack and one signed-in musician. */
async function benchOnOwnStack() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'snip-bench-'));
  const ports = await freePorts();
  const stack = await startStack({ ports, dataDir, web: 'none', seed: false });
  const info = { ...stack, tableName: TABLE_NAME, mediaBucket: MEDIA_BUCKET };
  try {
    const user = await createConfirmedUser(info, { prefix: 'bench' });
    const session = benchSession(stack, user.idToken);

    // 1. Waveform bytes.
    if (wanted('1')) await benchWaveformBytes(session);

    // 2. Upload throughput; 2b registration and processing; 2c the technical report's cost.
    if (wanted('2')) {
      await benchUploadsAndProcessing(session, dataDir);
      // 2d. Reference tracks: upload to comparison.
      await benchReferences(info);
    }

    // 3. Track-list latency.
    if (wanted('3')) await benchTrackList(session);

    // 3b. DynamoDB round trips of the busiest routes, as the local gateway counts them.
    if (wanted('3b')) await benchRoundTrips(stack.apiUrl, info);

    // 4 and 4b. The dashboard is weighed on this stack, which is stopped before Lighthouse runs.
    if (wanted('4')) await benchFirstPage({ dashboard: info, release: () => stack.stop() });
  } finally {
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The sections by the process they run in, the first group sharing one stack. A stack's in-process parts
 * (the functions the local gateway and the processing workers run, their SDK clients, the environment a
 * section points at its stack) live as long as the process: run in one, the whole bench stalled in section
 * 7 while the section alone passed; apart, every section runs to its end.
 */
const SHARED_STACK = ['1', '2', '3', '3b', '4'];
const PROCESSES = [SHARED_STACK, ['5'], ['6'], ['7'], ['8'], ['9'], ['10']];
/** Set in a section group's own process. */
const CHILD = 'SNIP_BENCH_SECTIONS';

async function runSections() {
  // Before the stack starts, so that an install that cannot be made stops the bench at once.
  if (wanted('4')) installLighthouse();
  if (SHARED_STACK.some(wanted)) await benchOnOwnStack();
  if (wanted('5')) {
    console.log(
      '\n5. Lambda bundles: gzip size, and cold import CPU against a bundle importing only what Lambda provides that each loads (SDK clients, Powertools)',
    );
    await benchBundles();
  }
  if (wanted('6')) await benchPaymentChecksAlone();
  if (wanted('7')) await benchUploadBurstAlone();
  if (wanted('8')) await benchFindings();
  if (wanted('9')) await benchPoolAlone();
  if (wanted('10')) await benchCodecPreviews();
}

async function main() {
  if (process.env[CHILD]) return runSections();
  for (const group of PROCESSES) {
    const sections = group.filter(wanted);
    if (sections.length === 0) continue;
    const run = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), ...sections], {
      stdio: 'inherit',
      env: { ...process.env, [CHILD]: sections.join(' ') },
    });
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
