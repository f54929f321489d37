/**
 * What an operator sees, through the local stack's log collector (the stand-in for CloudWatch Logs): a
 * failing handler's structured error line and its ServerErrors metric under the request's correlation
 * id, business metrics where the business happens, and the browser's reports (POST /telemetry) scrubbed
 * and filed under the correlation id of the API call they are about.
 */
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { RATE_LIMITS } from '../../functions/platform/rate-limits.js';
import { addressTag } from '../../functions/platform/telemetry.js';
import { TELEMETRY } from '../../shared/constants.js';
import { callRoute, createConfirmedUser, startOfAWindow, useStackEnvironment } from '../support/stack-kit.js';
import { onboard } from '../support/flows.js';
import { postFrom, randomLoopback } from '../support/loopback.js';

const stack = inject('stack');

beforeAll(() => useStackEnvironment(stack));

interface Entry {
  kind: 'log' | 'metric';
  level: string;
  message: string;
  correlationId?: string;
  metrics?: Record<string, unknown>;
  line: Record<string, any>;
}

/** The collector's entries for a correlation id, once `ready` finds what it waits for (lines arrive as written). */
async function logsOf(correlationId: string, ready: (entries: Entry[]) => boolean): Promise<Entry[]> {
  let entries: Entry[] = [];
  for (const until = Date.now() + 10_000; Date.now() < until; await new Promise((r) => setTimeout(r, 100))) {
    const res = await fetch(`${stack.logsUrl}/logs?correlationId=${encodeURIComponent(correlationId)}`);
    entries = ((await res.json()) as { entries: Entry[] }).entries;
    if (ready(entries)) return entries;
  }
  throw new Error(`the collector did not get what was expected for ${correlationId}: ${JSON.stringify(entries, null, 1)}`);
}

const withHeader = (id: string) => ({ [TELEMETRY.correlationHeader]: id });

describe("a failing handler's log line and metric", () => {
  it('logs the error with its route, caller id and stack under the correlation id, counts ServerErrors, and names no e-mail or token', async () => {
    const user = await createConfirmedUser(stack, { prefix: 'observed' });
    const userId = await onboard(stack, user, 'musician');
    // A record the handler cannot answer with (as a bad migration would leave it): its answer fails its
    // schema. A field only the user's own view shows, so that other tests' lists of users still answer.
    const { dynamo } = await import('../../functions/lib/aws/dynamo.js');
    await dynamo().send(
      new UpdateCommand({
        TableName: stack.tableName,
        Key: { PK: `USER#${userId}`, SK: 'PROFILE' },
        UpdateExpression: 'SET costRange = :n',
        ExpressionAttributeValues: { ':n': 42 },
      }),
    );
    const id = randomUUID();
    const res = await callRoute(stack.apiUrl, 'getMe', {}, user.idToken, undefined, withHeader(id));
    expect(res.status).toBe(500);
    expect(res.body.error.code).toBe('internal');
    expect(res.headers.get(TELEMETRY.correlationHeader)).toBe(id);

    const entries = await logsOf(id, (es) => es.some((e) => e.kind === 'metric') && es.some((e) => e.message === 'Request failed'));
    const unhandled = entries.find((e) => e.message === 'Unhandled error')!;
    expect(unhandled).toMatchObject({ kind: 'log', level: 'ERROR', line: { route: 'getMe', callerId: userId, correlationId: id } });
    expect(unhandled.line.error.stack).toMatch(/at /);
    expect(entries.find((e) => e.message === 'Request failed')!.line).toMatchObject({ status: 500, route: 'getMe', callerId: userId });
    const metric = entries.find((e) => e.kind === 'metric')!;
    expect(metric.metrics).toMatchObject({ ServerErrors: 1 });
    expect(metric.line._aws.CloudWatchMetrics[0]).toMatchObject({ Namespace: 'Snip', Dimensions: [['service']] });
    // Who called is an id: never their e-mail or token.
    const text = JSON.stringify(entries);
    expect(text).not.toContain(user.email);
    expect(text).not.toContain(user.idToken.slice(-20));
  });

  it('logs an answered request at info with its outcome, under the id the browser sent', async () => {
    const id = randomUUID();
    expect((await callRoute(stack.apiUrl, 'health', {}, undefined, undefined, withHeader(id))).status).toBe(200);
    const [line] = await logsOf(id, (es) => es.some((e) => e.message === 'Request'));
    expect(line).toMatchObject({ level: 'INFO', line: { route: 'health', status: 200 } });
  });

  it('counts what the business runs on where it happens: a request for feedback', async () => {
    const [musician, peer] = await Promise.all([createConfirmedUser(stack), createConfirmedUser(stack)]);
    await onboard(stack, musician, 'musician');
    const peerId = await onboard(stack, peer, 'musician');
    const { uploadTrack } = await import('../support/flows.js');
    const track = await uploadTrack(stack, musician, 'Counted');
    const id = randomUUID();
    const res = await callRoute(
      stack.apiUrl,
      'createShare',
      { sharedWithId: peerId, trackId: track.id, shareOptions: { feedbackNotes: 'Notes', context: 'mix_check', categories: [] } },
      musician.idToken,
      undefined,
      withHeader(id),
    );
    expect(res.status).toBe(200);
    const metric = (await logsOf(id, (es) => es.some((e) => e.kind === 'metric'))).find((e) => e.kind === 'metric')!;
    expect(metric.metrics).toMatchObject({ FeedbackRequested: 1, EmailsSent: 1 });
  });
});

describe("the browser's reports (POST /telemetry)", () => {
  const sessionId = randomUUID();
  const apiCall = randomUUID();

  it('files an error under the failed call it is about, scrubbed, and counts ClientErrors', async () => {
    const report = {
      sessionId,
      sampled: false,
      events: [
        { kind: 'session', at: 10, page: '/dashboard', name: 'page' },
        { kind: 'trace', at: 20, page: '/dashboard', route: 'listTracks', status: 503, durationMs: 120, correlationId: apiCall },
        {
          kind: 'error',
          at: 21,
          page: '/dashboard',
          source: 'api',
          name: 'ApiError',
          // Personal data the browser should have scrubbed: the server scrubs it again.
          message:
            'unavailable for ada@example.com at https://media.example.com/audio/u1/1_secret.mp3?X-Amz-Signature=0123456789abcdef0123456789abcdef',
          correlationId: apiCall,
          route: 'listTracks',
          status: 503,
        },
      ],
    };
    const res = await callRoute(stack.apiUrl, 'reportTelemetry', report);
    expect(res).toMatchObject({ status: 200, body: { accepted: 3 } });

    const entries = await logsOf(
      apiCall,
      (es) => es.some((e) => e.message === 'Browser error') && es.some((e) => e.message === 'Browser API call'),
    );
    const error = entries.find((e) => e.message === 'Browser error')!;
    expect(error).toMatchObject({
      level: 'ERROR',
      line: { sessionId, page: '/dashboard', source: 'api', apiRoute: 'listTracks', apiStatus: 503 },
    });
    // Beside the function's own lines under the same id, every browser line says it was sent by a browser, and from where (as a tag).
    for (const e of entries.filter((x) => x.message.startsWith('Browser ')))
      expect(e.line, e.message).toMatchObject({ clientSent: true, clientAddress: addressTag('127.0.0.1') });
    expect(JSON.stringify(entries)).not.toContain('127.0.0.1');
    expect(error.line.error.message).toBe('unavailable for [email] at https://media.example.com/audio/[file]');
    // The report's own request is named beside it, and its metrics are under that request's id.
    const reportId = error.line.reportId as string;
    const metric = (await logsOf(reportId, (es) => es.some((e) => e.kind === 'metric'))).find((e) => e.kind === 'metric')!;
    expect(metric.metrics).toMatchObject({ ClientErrors: 1, ClientApiLatency: 120 });
  });

  it(`takes ${RATE_LIMITS.telemetry.limit} reports a minute from one address and refuses the next with 429 and Retry-After; other addresses are not held back`, async () => {
    const { limit } = RATE_LIMITS.telemetry;
    const [sender, other] = [randomLoopback(), randomLoopback()];
    const report = JSON.stringify({
      sessionId: randomUUID(),
      sampled: false,
      events: [{ kind: 'session', at: 1, page: '/', name: 'page' }],
    });
    const send = (from: string) => postFrom(stack.apiUrl, '/telemetry', report, from, { 'content-type': 'text/plain' });
    await startOfAWindow(30_000);
    const statuses: number[] = [];
    for (let batch = 0; batch < limit / 20; batch++)
      statuses.push(...(await Promise.all(Array.from({ length: 20 }, () => send(sender)))).map((r) => r.status));
    expect(statuses).toEqual(Array(limit).fill(200));
    const refused = await send(sender);
    expect(refused).toMatchObject({ status: 429, body: { error: { code: 'rate_limited' } } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send(other)).status).toBe(200);
  }, 90_000);

  it('takes a text/plain body (a beacon sends no preflight) and refuses a malformed or oversized batch with a 400', async () => {
    const ok = await fetch(`${stack.apiUrl}/telemetry`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({
        sessionId,
        sampled: true,
        events: [{ kind: 'session', at: 1, page: '/login', name: 'LCP', value: 812, rating: 'good' }],
      }),
    });
    expect(ok.status).toBe(200);
    const bad = await callRoute(stack.apiUrl, 'reportTelemetry', { sessionId, sampled: true, events: [{ kind: 'error', at: 1 }] });
    expect(bad.status).toBe(400);
    const many = Array.from({ length: TELEMETRY.maxBatch + 1 }, (_, i) => ({ kind: 'session', at: i, page: '/', name: 'page' }));
    expect((await callRoute(stack.apiUrl, 'reportTelemetry', { sessionId, sampled: true, events: many })).status).toBe(400);
  });
});
