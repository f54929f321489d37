/**
 * `npm run bench`: measured figures of the tracks slice, each against a floor measured in the same run.
 * 1. Bytes the browser downloads to draw a waveform, for a 1-minute and a 10-minute track.
 * 2. Upload throughput of a 100 MB file through the app vs a plain presigned PUT to the same local S3.
 * 2b. Registration latency (p50/p99) for 1 MB and 200 MB files: audio is processed off the request path.
 *    Processing throughput of a 200 MB, 4-hour file (registration to `ready`) vs plain decoding of the same file.
 * 2c. The technical report's cost: decoding that file with the report vs without it, and upload to waveform and
 *    report for a 5-minute MP3 (p50/p99 of 10).
 * 3. Track-list API latency (p50/p99) under 20 concurrent clients vs a bare handler making the same
 *    single DynamoDB query.
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

 * It starts its own local stack on free ports with a throw-away data directory. Sections can be named to run
 * only them (`npm run bench -- 1 3b 4 5`; 2 takes in 2b and 2c, 4 takes in 4b); none named, all run.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { freePort, freePorts } from '../dev/stack/ports.js';
import { MEDIA_BUCKET, startStack, TABLE_NAME } from '../dev/stack/stack.js';
import { callRoute as callRouteOnce } from '../../test/support/api.js';
import { createConfirmedUser } from '../../test/support/users.js';
import { mp3Bytes, wavBytes } from '../../test/support/audio.js';
import { analyseAudioFile } from '../../functions/domain/audio.js';
import { benchBundles } from './bundles.js';
import { benchFirstPage } from './first-page.js';
import { installLighthouse } from './lighthouse.js';
import { benchPaymentChecksAlone } from './payment-checks.js';
import { benchRoundTrips } from './round-trips.js';
import { benchUploadBurstAlone } from './upload-burst.js';

const MB = 1024 * 1024;
const CLIENTS = 20;
const REQUESTS_PER_CLIENT = 50;

/**
 * fetch, tried again once when a pooled keep-alive connection turns out to have been closed by the
 * server while idle (undici does not retry requests with a body by itself).
 */
async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    if ((err as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw err;
    return fetch(url, init);
  }
}

/** callRoute, tried again once when a pooled keep-alive connection was closed while idle (as `send`). */
const callRoute: typeof callRouteOnce = async (...args) => {
  try {
    return await callRouteOnce(...args);
  } catch (err) {
    if ((err as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw err;
    return callRouteOnce(...args);
  }
};

const fmt = (n: number, digits = 1) => n.toFixed(digits);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const named = new Set(process.argv.slice(2));
/** Whether a section runs: every one when none is named. */
const wanted = (section: string) => named.size === 0 || named.has(section);

async function main() {
  // Before the stack starts, so that an install that cannot be made stops the bench at once.
  if (wanted('4')) installLighthouse();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'snip-bench-'));
  const ports = await freePorts();
  const stack = await startStack({ ports, dataDir, web: 'none', seed: false });
  const info = { ...stack, tableName: TABLE_NAME, mediaBucket: MEDIA_BUCKET };
  try {
    const user = await createConfirmedUser(info, { prefix: 'bench' });
    const token = user.idToken;

    /** The track once processing has finished with it. */
    async function processed(id: string, timeoutMs = 15 * 60_000) {
      for (const until = Date.now() + timeoutMs; Date.now() < until; await new Promise((r) => setTimeout(r, 50))) {
        const list = await callRoute(stack.apiUrl, 'listTracks', {}, token);
        const track = list.body.tracks.find((t: { id: string }) => t.id === id);
        if (track && track.status !== 'processing') return track;
      }
      throw new Error(`track ${id} still processing after ${timeoutMs / 1000} s`);
    }

    /** The browser's upload: a ticket, then the presigned POST; returns the uploaded key. */
    async function postUpload(bytes: Buffer, filename: string, contentType = 'audio/wav'): Promise<string> {
      const ticket = await callRoute(stack.apiUrl, 'createUploadUrl', { filename, contentType, size: bytes.length }, token);
      const form = new FormData();
      for (const [k, v] of Object.entries(ticket.body.fields as Record<string, string>)) form.append(k, v);
      form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), filename);
      const res = await send(ticket.body.url, { method: 'POST', body: form });
      if (res.status >= 300) throw new Error(`upload failed: ${res.status}`);
      return ticket.body.key;
    }

    /** Uploads, then registers (timed alone); returns the registration's milliseconds and the track. */
    async function uploadAndRegister(bytes: Buffer, filename: string) {
      const key = await postUpload(bytes, filename);
      const start = performance.now();
      const track = await callRoute(stack.apiUrl, 'createTrack', { key, title: filename }, token);
      const ms = performance.now() - start;
      if (track.status !== 200) throw new Error(`register failed: ${JSON.stringify(track.body)}`);
      return { ms, track: track.body, registeredAt: start + ms };
    }

    async function uploadViaApp(bytes: Buffer, filename: string, register: boolean) {
      if (!register) return void (await postUpload(bytes, filename));
      return (await uploadAndRegister(bytes, filename)).track;
    }

    // 1. Waveform bytes.
    if (wanted('1')) await benchWaveformBytes();
    async function benchWaveformBytes() {
      console.log('\n1. Bytes downloaded to draw a waveform (the track list entry; no audio is fetched)');
      const sizes: Record<string, number> = {};
      for (const minutes of [1, 10]) {
        const track = await processed(
          (await uploadViaApp(wavBytes({ seconds: minutes * 60, sampleRate: 22050, envelope: 'ramp' }), `${minutes}min.wav`, true)).id,
        );
        const list = await fetch(`${stack.apiUrl}/tracks`, { headers: { authorization: `Bearer ${token}` } });
        const body = (await list.json()) as { tracks: { id: string }[] };
        const entry = body.tracks.find((t) => t.id === track.id)!;
        sizes[minutes] = Buffer.byteLength(JSON.stringify(entry));
        console.log(
          `   ${String(minutes).padStart(2)}-minute track: ${sizes[minutes]} bytes (audio file: ${fmt(track.sizeBytes / MB)} MB)`,
        );
      }
      console.log(`   ratio 10-min / 1-min: ${fmt(sizes[10] / sizes[1], 3)} (1.000 = does not grow with duration)`);
    }

    // 2. Upload throughput; 2b registration and processing; 2c the technical report's cost.
    if (wanted('2')) await benchUploadsAndProcessing();
    async function benchUploadsAndProcessing() {
      console.log('\n2. Upload throughput of a 100 MB file to the local S3');
      const file = wavBytes({ seconds: (100 * MB) / 2 / 44100, sampleRate: 44100, envelope: 'ramp' });
      const s3 = new S3Client({
        region: 'us-east-1',
        endpoint: stack.s3Endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        requestChecksumCalculation: 'WHEN_REQUIRED',
      });
      const putUrl = await getSignedUrl(
        s3,
        new PutObjectCommand({ Bucket: MEDIA_BUCKET, Key: 'plain-put.wav', ContentType: 'audio/wav' }),
        {
          expiresIn: 600,
        },
      );
      let t = performance.now();
      const put = await send(putUrl, { method: 'PUT', body: new Uint8Array(file), headers: { 'content-type': 'audio/wav' } });
      if (put.status >= 300) throw new Error(`plain PUT failed: ${put.status}`);
      const putSeconds = (performance.now() - t) / 1000;
      t = performance.now();
      await uploadViaApp(file, 'upload-only.wav', false);
      const appSeconds = (performance.now() - t) / 1000;
      const mb = file.length / MB;
      console.log(`   plain presigned PUT (floor):           ${fmt(mb / putSeconds)} MB/s`);
      console.log(
        `   app: ticket + presigned POST:          ${fmt(mb / appSeconds)} MB/s  (ratio to floor ${fmt(putSeconds / appSeconds, 2)})`,
      );

      // 2b. Registration and processing.
      console.log('\n2b. Registration latency (POST /tracks alone), and processing off the request path');
      const small = wavBytes({ seconds: MB / 2 / 44100, sampleRate: 44100, envelope: 'ramp' });
      const smallTimes: number[] = [];
      for (let i = 0; i < 20; i++) smallTimes.push((await uploadAndRegister(small, `small-${i}.wav`)).ms);
      smallTimes.sort((a, b) => a - b);
      // 4 hours at 6.9 kHz, 16-bit mono: 198.7 MB, just under the 200 MB limit.
      const huge = wavBytes({ seconds: 4 * 3600, sampleRate: 6900, envelope: 'ramp' });
      const hugeFile = path.join(dataDir, 'huge.wav');
      fs.writeFileSync(hugeFile, huge);
      const hugeTimes: number[] = [];
      const processingSeconds: number[] = [];
      for (let i = 0; i < 3; i++) {
        const run = await uploadAndRegister(huge, `huge-${i}.wav`);
        hugeTimes.push(run.ms);
        const done = await processed(run.track.id);
        if (done.status !== 'ready') throw new Error(`the 200 MB file ${done.status}: ${done.failureReason}`);
        processingSeconds.push((performance.now() - run.registeredAt) / 1000);
      }
      hugeTimes.sort((a, b) => a - b);
      // In pairs, without and with the report (in turn first), so that both of a pair see the same state of
      // the machine: the report's cost is the median of the pairs' differences.
      const decodeSeconds: number[] = [];
      const reportSeconds: number[] = [];
      const reportCosts: number[] = [];
      for (let i = 0; i < 5; i++) {
        const timed = async (report: boolean) => {
          const start = performance.now();
          await analyseAudioFile(hugeFile, undefined, { report });
          return (performance.now() - start) / 1000;
        };
        let without: number;
        let withIt: number;
        if (i % 2) {
          without = await timed(false);
          withIt = await timed(true);
        } else {
          withIt = await timed(true);
          without = await timed(false);
        }
        decodeSeconds.push(without);
        reportSeconds.push(withIt);
        reportCosts.push(withIt - without);
      }
      const hugeMb = huge.length / MB;
      const minMed = (xs: number[]) => {
        const sorted = [...xs].sort((a, b) => a - b);
        return [sorted[0], sorted[Math.floor(sorted.length / 2)]];
      };
      const [procMin, procMed] = minMed(processingSeconds);
      const [decMin, decMed] = minMed(decodeSeconds);
      const [repMin, repMed] = minMed(reportSeconds);
      const cost = minMed(reportCosts)[1];
      console.log(
        `   1 MB file, 20 registrations:     p50 ${fmt(percentile(smallTimes, 50))} ms  p99 ${fmt(percentile(smallTimes, 99))} ms`,
      );
      console.log(
        `   ${fmt(hugeMb)} MB 4-hour file, 3 runs:  min ${fmt(hugeTimes[0])} ms  median ${fmt(hugeTimes[1])} ms  max ${fmt(hugeTimes[2])} ms`,
      );
      console.log(`   plain decoding of that file (floor), min / median:  ${fmt(hugeMb / decMin)} / ${fmt(hugeMb / decMed)} MB/s`);
      console.log(
        `   processing (download, verify, peaks, report, store), min / median:  ${fmt(hugeMb / procMin)} / ${fmt(hugeMb / procMed)} MB/s  (ratio to floor ${fmt(decMin / procMin, 2)} / ${fmt(decMed / procMed, 2)})`,
      );

      console.log('\n2c. What the technical report costs');
      console.log(
        `   decoding the 4-hour file with the report, min / median:  ${fmt(hugeMb / repMin)} / ${fmt(hugeMb / repMed)} MB/s  (time ${fmt(repMin / decMin, 2)} / ${fmt(repMed / decMed, 2)} x without it; the report's cost, median of 5 pairs, ${fmt(cost, 2)} s: processing ${fmt(procMin / (procMin - cost), 2)} / ${fmt(procMed / (procMed - cost), 2)} x what it would take without it)`,
      );
      const mp3 = mp3Bytes({ seconds: 300, channels: 2, kbps: 192 });
      const mp3Seconds: number[] = [];
      for (let i = 0; i < 10; i++) {
        const key = await postUpload(mp3, `five-minutes-${i}.mp3`, 'audio/mpeg');
        const start = performance.now();
        const track = await callRoute(stack.apiUrl, 'createTrack', { key, title: `Five minutes ${i}` }, token);
        const done = await processed(track.body.id);
        if (done.status !== 'ready' || !done.report) throw new Error(`the 5-minute MP3 ${done.status} without a report`);
        mp3Seconds.push((performance.now() - start) / 1000);
      }
      mp3Seconds.sort((a, b) => a - b);
      console.log(
        `   a 5-minute MP3 (${fmt(mp3.length / MB)} MB, 192 kbps stereo), registration to waveform and report, 10 runs:  p50 ${fmt(percentile(mp3Seconds, 50), 2)} s  p99 ${fmt(percentile(mp3Seconds, 99), 2)} s`,
      );
    }

    // 3. Track-list latency.
    if (wanted('3')) await benchTrackList();
    async function benchTrackList() {
      console.log(`\n3. Track-list latency, ${CLIENTS} concurrent clients x ${REQUESTS_PER_CLIENT} requests`);
      const me = await callRoute(stack.apiUrl, 'getMe', {}, token);
      const db = DynamoDBDocumentClient.from(
        new DynamoDBClient({
          region: 'us-east-1',
          endpoint: stack.dynamoEndpoint,
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        }),
      );
      const barePort = await freePort();
      const bare = http.createServer(async (_req, res) => {
        const out = await db.send(
          new QueryCommand({
            TableName: TABLE_NAME,
            IndexName: 'GSI3',
            KeyConditionExpression: 'GSI3PK = :pk',
            ExpressionAttributeValues: { ':pk': `OWNER#${me.body.id}` },
            ScanIndexForward: false,
          }),
        );
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ tracks: out.Items }));
      });
      await new Promise<void>((r) => bare.listen(barePort, '127.0.0.1', () => r()));
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
      await load(`http://127.0.0.1:${barePort}/`, {}); // warm-up
      const floor = await load(`http://127.0.0.1:${barePort}/`, {});
      await load(`${stack.apiUrl}/tracks`, { authorization: `Bearer ${token}` });
      const api = await load(`${stack.apiUrl}/tracks`, { authorization: `Bearer ${token}` });
      bare.close();
      console.log(`   bare handler, one Query (floor):  p50 ${fmt(percentile(floor, 50))} ms  p99 ${fmt(percentile(floor, 99))} ms`);
      console.log(`   GET /tracks through the gateway:  p50 ${fmt(percentile(api, 50))} ms  p99 ${fmt(percentile(api, 99))} ms`);
      console.log(
        `   ratio to floor:                   p50 ${fmt(percentile(api, 50) / percentile(floor, 50), 2)}  p99 ${fmt(percentile(api, 99) / percentile(floor, 99), 2)}`,
      );
    }

    // 3b. DynamoDB round trips of the busiest routes, as the local gateway counts them.
    if (wanted('3b')) await benchRoundTrips(stack.apiUrl, info);

    // 4 and 4b. The dashboard is weighed on this stack, which is stopped before Lighthouse runs.
    if (wanted('4')) await benchFirstPage({ dashboard: info, release: () => stack.stop() });
  } finally {
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (wanted('5')) {
    console.log(
      '\n5. Lambda bundles: gzip size, and cold import CPU against a bundle importing only what Lambda provides that each loads (SDK clients, Powertools)',
    );
    await benchBundles();
  }
  if (wanted('6')) await benchPaymentChecksAlone();
  if (wanted('7')) await benchUploadBurstAlone();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
