import fs from 'node:fs';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { mp3Bytes, wavBytes } from '../../test/support/audio.js';
import { analyseAudioFile } from '../../functions/tracks/audio.js';
import { useStackEnvironment } from '../../test/support/in-process.js';
import { type LocalStack } from '../dev/stack/stack.js';
import { MEDIA_BUCKET, TABLE_NAME } from '../dev/stack/local-names.js';
import { findingsCostAlone } from './findings-cost-process.js';
import { callRoute, fmt, MB, percentile, send, type BenchSession } from './session.js';

/** The smallest and the median. */
const minMed = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return [sorted[0], sorted[Math.floor(sorted.length / 2)]];
};

/** Section 2: a 100 MB file through the app (ticket + presigned POST) vs a plain presigned PUT to the same local S3. */
async function benchUploadThroughput({ stack, uploadViaApp }: BenchSession) {
  console.log('\n2. Upload throughput of a 100 MB file to the local S3');
  const file = wavBytes({ seconds: (100 * MB) / 2 / 44100, sampleRate: 44100, envelope: 'ramp' });
  const s3 = new S3Client({
    region: 'us-east-1',
    endpoint: stack.s3Endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  const putUrl = await getSignedUrl(s3, new PutObjectCommand({ Bucket: MEDIA_BUCKET, Key: 'plain-put.wav', ContentType: 'audio/wav' }), {
    expiresIn: 600,
  });
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
}

/**
 * Seconds to decode `file` without and with the technical report, 5 times each. In pairs, without and with
 * the report (in turn first), so that both of a pair see the same state of the machine: the report's cost
 * is the median of the pairs' differences.
 */
async function decodeWithAndWithoutReport(file: string) {
  const decodeSeconds: number[] = [];
  const reportSeconds: number[] = [];
  const reportCosts: number[] = [];
  const timed = async (report: boolean) => {
    const start = performance.now();
    await analyseAudioFile(file, undefined, { report });
    return (performance.now() - start) / 1000;
  };
  for (let i = 0; i < 5; i++) {
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
  return { decodeSeconds, reportSeconds, reportCosts };
}

/**
 * Seconds that processing takes for `file` without the technical report, with it but without its analysis
 * findings, and with both, 3 times each: the processing function's own code (download from S3, verify, peaks,
 * the report or not, store), in this process against the stack's S3, the three in turns (each first once) so
 * that a round sees one state of the machine.
 */
async function processWithAndWithoutReport(stack: LocalStack, file: string, { contentType = 'audio/wav', rounds = 3 } = {}) {
  useStackEnvironment({ ...stack, tableName: TABLE_NAME, mediaBucket: MEDIA_BUCKET });
  const media = await import('../../functions/tracks/data/media.js');
  const { measure } = await import('../../functions/tracks/processing.js');
  // Not under uploads/: the stack's own processing never sees it.
  const key = `bench/processing-input${path.extname(file)}`;
  await media.putFile(key, file, contentType);
  const size = fs.statSync(file).size;
  type Arm = 'without' | 'reportOnly' | 'withIt';
  const timed = async (arm: Arm) => {
    const report = arm !== 'without';
    const start = performance.now();
    const result = await measure(key, { userId: 'bench', filename: path.basename(file) }, size, { report, findings: arm === 'withIt' });
    const seconds = (performance.now() - start) / 1000;
    if (result.outcome !== 'ready' || Boolean(result.report) !== report) throw new Error(`processing ${result.outcome}, report ${report}`);
    await media.deleteObject(result.audioKey);
    return seconds;
  };
  const times: Record<Arm, number[]> = { without: [], reportOnly: [], withIt: [] };
  const arms: Arm[] = ['without', 'reportOnly', 'withIt'];
  for (let i = 0; i < rounds; i++) for (const arm of [...arms.slice(i % 3), ...arms.slice(0, i % 3)]) times[arm].push(await timed(arm));
  await media.deleteObject(key);
  return times;
}

/**
 * Section 2b: registration latency for 1 MB and 200 MB files, and processing throughput of the 200 MB,
 * 4-hour file vs plain decoding of it; returns what 2c compares with.
 */
async function benchRegistrationAndProcessing({ stack, processed, uploadAndRegister }: BenchSession, dataDir: string) {
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
  const { decodeSeconds, reportSeconds, reportCosts } = await decodeWithAndWithoutReport(hugeFile);
  const hugeMb = huge.length / MB;
  const [procMin, procMed] = minMed(processingSeconds);
  const [decMin, decMed] = minMed(decodeSeconds);
  const [repMin, repMed] = minMed(reportSeconds);
  const cost = minMed(reportCosts)[1];
  const processing = await processWithAndWithoutReport(stack, hugeFile);
  console.log(`   1 MB file, 20 registrations:     p50 ${fmt(percentile(smallTimes, 50))} ms  p99 ${fmt(percentile(smallTimes, 99))} ms`);
  console.log(
    `   ${fmt(hugeMb)} MB 4-hour file, 3 runs:  min ${fmt(hugeTimes[0])} ms  median ${fmt(hugeTimes[1])} ms  max ${fmt(hugeTimes[2])} ms`,
  );
  console.log(`   plain decoding of that file (floor), min / median:  ${fmt(hugeMb / decMin)} / ${fmt(hugeMb / decMed)} MB/s`);
  console.log(
    `   processing (download, verify, peaks, report, store), min / median:  ${fmt(hugeMb / procMin)} / ${fmt(hugeMb / procMed)} MB/s  (ratio to floor ${fmt(decMin / procMin, 2)} / ${fmt(decMed / procMed, 2)})`,
  );
  return { hugeMb, decMin, decMed, repMin, repMed, cost, processing };
}

/**
 * Section 2c: the technical report's cost, from 2b's figures, and upload to waveform and report for a
 * 5-minute MP3 (p50/p99 of 10).
 */
async function benchReportCost(
  { stack, token, processed, postUpload }: BenchSession,
  { hugeMb, decMin, decMed, repMin, repMed, cost, processing }: Awaited<ReturnType<typeof benchRegistrationAndProcessing>>,
  dataDir: string,
) {
  console.log('\n2c. What the technical report costs');
  console.log(
    `   decoding the 4-hour file with the report, min / median:  ${fmt(hugeMb / repMin)} / ${fmt(hugeMb / repMed)} MB/s  (time ${fmt(repMin / decMin, 2)} / ${fmt(repMed / decMed, 2)} x without it; the report's cost, median of 5 pairs, ${fmt(cost, 2)} s)`,
  );
  const [offMin, offMed] = minMed(processing.without);
  const [onMin, onMed] = minMed(processing.withIt);
  const [bareMin, bareMed] = minMed(processing.reportOnly);
  console.log(
    `   processing the 4-hour file (download, verify, peaks, store) with the report vs without it (floor), 3 rounds, min / median:  ${fmt(offMin, 2)} / ${fmt(offMed, 2)} s without, ${fmt(onMin, 2)} / ${fmt(onMed, 2)} s with  (ratio ${fmt(onMin / offMin, 2)} / ${fmt(onMed / offMed, 2)})`,
  );
  console.log(
    `   ... of which the analysis findings: the report with them vs without them (floor), min / median:  ${fmt(bareMin, 2)} / ${fmt(bareMed, 2)} s without, ${fmt(onMin, 2)} / ${fmt(onMed, 2)} s with  (ratio ${fmt(onMin / bareMin, 2)} / ${fmt(onMed / bareMed, 2)})`,
  );
  // Their cost as for the 5-minute files below: paired decodes in a process of their own (beside the stack the
  // runs above read up to half as much again), set against processing without them.
  const { added: hugeAdded } = findingsCostAlone(path.join(dataDir, 'huge.wav'), 5);
  console.log(
    `   ... the analysis findings alone on that file: they add ${fmt(hugeAdded, 2)} s (median of 5 paired decodes with and without them, in a process of their own)  (ratio to processing without them ${fmt((bareMin + hugeAdded) / bareMin, 2)} / ${fmt((bareMed + hugeAdded) / bareMed, 2)})`,
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
  // What the findings add to processing such an upload, and to the same five minutes as a 16-bit 44.1 kHz stereo
  // WAV (the lossless upload musicians send most): the processing function's own code, as for the 4-hour file.
  // Processing's runs against the in-process S3 spread by more than the findings cost, so their cost is taken
  // from decodes of the same file with and without them, in pairs, in a process of their own (beside the
  // stack they read twice as much), and set against processing's time.
  const typical = [
    { name: 'that MP3', file: 'five-minutes.mp3', bytes: mp3, contentType: 'audio/mpeg' },
    {
      name: 'the same 5 minutes as a 16-bit 44.1 kHz stereo WAV',
      file: 'five-minutes.wav',
      bytes: wavBytes({ seconds: 300, channels: 2 }),
      contentType: 'audio/wav',
    },
  ];
  for (const { name, file, bytes, contentType } of typical) {
    const filePath = path.join(dataDir, file);
    fs.writeFileSync(filePath, bytes);
    const [plainMin, plainMed] = minMed((await processWithAndWithoutReport(stack, filePath, { contentType, rounds: 6 })).reportOnly);
    const { added } = findingsCostAlone(filePath, 9);
    console.log(
      `   processing ${name} (download, verify, peaks, report, store) without the analysis findings (floor), 6 rounds, min / median:  ${fmt(plainMin, 3)} / ${fmt(plainMed, 3)} s; the findings add ${fmt(added * 1000, 0)} ms (median of 9 paired decodes with and without them, in a process of their own)  (ratio ${fmt((plainMin + added) / plainMin, 2)} / ${fmt((plainMed + added) / plainMed, 2)})`,
    );
  }
  // Its codec previews: the report opened as soon as the track is ready (which asks for them), then asked again
  // until every profile is made, each a run of the processing function of its own.
  const previewSeconds: number[] = [];
  for (let i = 0; i < 3; i++) {
    const key = await postUpload(mp3, `five-minutes-previews-${i}.mp3`, 'audio/mpeg');
    const start = performance.now();
    const track = await callRoute(stack.apiUrl, 'createTrack', { key, title: `Five minutes, previews ${i}` }, token);
    await processed(track.body.id);
    for (;;) {
      const report = await callRoute(stack.apiUrl, 'getTrackReport', { trackId: track.body.id }, token);
      if (report.status !== 200) throw new Error(`The report of the 5-minute MP3: ${report.status}`);
      if (!report.body.previews.some((p: { status: string }) => p.status === 'pending')) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    previewSeconds.push((performance.now() - start) / 1000);
  }
  previewSeconds.sort((a, b) => a - b);
  console.log(
    `   the same MP3, registration to all six codec previews made (its report opened once ready), 3 runs, min / median / max:  ${previewSeconds.map((v) => fmt(v, 1)).join(' / ')} s`,
  );
}

/** Sections 2, 2b and 2c of `npm run bench`, in that order; `dataDir` holds the 200 MB file 2b decodes. */
export async function benchUploadsAndProcessing(session: BenchSession, dataDir: string) {
  await benchUploadThroughput(session);
  await benchReportCost(session, await benchRegistrationAndProcessing(session, dataDir), dataDir);
}
