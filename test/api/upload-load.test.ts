/**
 * Uploads under load: tickets are limited per user (30 a minute, so an album dropped at once passes), and
 * a burst of uploads from several users waits in the processing queue, at most PROCESSING_QUEUE.maxConcurrency
 * runs at once, while the API keeps answering; every track ends ready.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { RATE_LIMITS } from '../../functions/platform/rate-limits.js';
import { PROCESSING_QUEUE } from '../../shared/constants.js';
import { callRoute, createConfirmedUser, startOfAWindow, type TestUser } from '../support/stack-kit.js';
import { allProcessed, mostWorkers, percentile, sampleLatency, uploadBurst } from '../support/upload-burst.js';

const stack = inject('stack');
const TICKETS_PER_MINUTE = RATE_LIMITS.uploadTicket.limit;
const UPLOADERS = 4;
const UPLOADS_EACH = 10;
/**
 * The shortest of the burst's tracks: half the bench's (scripts/bench/upload-burst.ts), which measures the
 * queue; here the queue's rules are what is tested, and processing 40 tracks of 20 s was the file's main cost.
 */
const SECONDS = 10;
/**
 * GET /tracks p95 while the burst is processed. Locally the workers share the machine (and S3 and
 * DynamoDB share the API's process and JVM), so the bound is loose: about 0.2 s at rest, 0.3 to 1 s
 * measured during the burst on a loaded 2-core machine. The p95, not the p99: in the whole suite a browser
 * test shares the two cores, and its start once took the p99 (the 4th slowest of 335 calls) to 4.3 s while
 * the burst alone gave 0.34 s. Processing starving the API would slow far more than 5% of the calls.
 * In AWS processing runs on machines of its own.
 */
const BURST_P95_BOUND_MS = 2000;

const ticket = (user: TestUser, i: number) =>
  callRoute(stack.apiUrl, 'createUploadUrl', { filename: `album-${i}.wav`, contentType: 'audio/wav', size: 1000 }, user.idToken);

describe('upload tickets are limited per user', () => {
  it(`gives ${TICKETS_PER_MINUTE} tickets in a minute, even asked all at once, and the next one 429 with Retry-After; others are not held back`, async () => {
    expect(TICKETS_PER_MINUTE).toBe(30);
    const [user, other] = await Promise.all([
      createConfirmedUser(stack, { prefix: 'tickets' }),
      createConfirmedUser(stack, { prefix: 'tickets-other' }),
    ]);
    await startOfAWindow(20_000);
    const album = await Promise.all(Array.from({ length: TICKETS_PER_MINUTE }, (_, i) => ticket(user, i)));
    expect(album.map((r) => r.status)).toEqual(Array(TICKETS_PER_MINUTE).fill(200));

    const refused = await ticket(user, TICKETS_PER_MINUTE);
    expect(refused).toMatchObject({ status: 429, body: { error: { code: 'rate_limited', message: expect.stringMatching(/uploads/i) } } });
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.body.error.retryAfterSeconds).toBe(wait);
    expect((await ticket(other, 0)).status).toBe(200);
  }, 90_000);
});

describe('a burst of uploads', () => {
  let users: TestUser[];
  /** Someone else's list: its own work stays the same whatever the burst does. */
  let reader: TestUser;
  beforeAll(async () => {
    [reader, ...users] = await Promise.all(
      Array.from({ length: UPLOADERS + 1 }, (_, i) => createConfirmedUser(stack, { prefix: `burst-${i}` })),
    );
  });

  it(`${UPLOADERS * UPLOADS_EACH} uploads from ${UPLOADERS} users: processed at most ${PROCESSING_QUEUE.maxConcurrency} at once while GET /tracks keeps answering, every track ready`, async () => {
    const atRest = await sampleLatency(stack, reader, new Promise((r) => setTimeout(r, 3000)));

    const byUser = await uploadBurst(stack, users, UPLOADS_EACH, SECONDS);
    const finished = allProcessed(stack, byUser, 240_000);
    const [tracks, during, workers] = await Promise.all([finished, sampleLatency(stack, reader, finished), mostWorkers(stack, finished)]);

    expect(tracks.map((t) => t.status)).toEqual(Array(UPLOADERS * UPLOADS_EACH).fill('ready'));
    expect(during.statuses).toEqual([200]);
    expect(workers).toBeGreaterThan(0);
    expect(workers).toBeLessThanOrEqual(PROCESSING_QUEUE.maxConcurrency);
    const at = (xs: number[]) => [50, 95, 99].map((p) => `p${p} ${percentile(xs, p).toFixed(0)}`).join(' / ');
    console.log(
      `GET /tracks at rest ${at(atRest.latencies)} ms (${atRest.latencies.length} calls), during the burst ${at(during.latencies)} ms (${during.latencies.length} calls); workers at most ${workers}`,
    );
    expect(percentile(during.latencies, 95)).toBeLessThan(BURST_P95_BOUND_MS);
  }, 300_000);
});
