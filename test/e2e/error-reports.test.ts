/**
 * A crash is seen the moment it happens: the browser reports it (web/src/lib/telemetry) to POST
 * /telemetry, and the local log collector (the stand-in for CloudWatch Logs) shows it beside the
 * function's own lines, under the correlation id of the API call that failed.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { onboard, uploadTrack } from '../support/flows.js';
import { createConfirmedUser, useStackEnvironment } from '../support/stack-kit.js';
import { browserTests } from './fixtures.js';
import { signInUi, waitForPath } from './helpers.js';

const e2e = browserTests();
const { stack } = e2e;

beforeAll(() => {
  useStackEnvironment(stack);
});

interface Entry {
  level: string;
  message: string;
  correlationId?: string;
  line: Record<string, any>;
}

async function collected(filter: Record<string, string>, ready: (entries: Entry[]) => boolean): Promise<Entry[]> {
  let entries: Entry[] = [];
  for (const until = Date.now() + 15_000; Date.now() < until; await new Promise((r) => setTimeout(r, 200))) {
    const res = await fetch(`${stack.logsUrl}/logs?${new URLSearchParams(filter)}`);
    entries = ((await res.json()) as { entries: Entry[] }).entries;
    if (ready(entries)) return entries;
  }
  throw new Error(`not collected: ${JSON.stringify(filter)}; found ${JSON.stringify(entries.slice(-5), null, 1)}`);
}

describe('error reports in the local collector', () => {
  it("finds a failed API call's report with its correlation id beside the function's error, and an error thrown in the page", async () => {
    const user = await createConfirmedUser(stack, { prefix: 'reports', fullName: 'Reported Musician' });
    await onboard(stack, user, 'musician');
    const track = await uploadTrack(stack, user, 'Broken Record');
    // A track the list cannot answer with (as a bad migration would leave it): GET /tracks fails with a 500.
    const { dynamo } = await import('../../functions/lib/aws/dynamo.js');
    await dynamo().send(
      new UpdateCommand({
        TableName: stack.tableName,
        Key: { PK: `TRACK#${track.id}`, SK: 'META' },
        UpdateExpression: 'SET title = :t',
        ExpressionAttributeValues: { ':t': 7 },
      }),
    );

    const page = await e2e.page();
    const failed = page.waitForResponse((r) => new URL(r.url()).pathname === '/tracks' && r.status() === 500, { timeout: 30_000 });
    await signInUi(page, user);
    await waitForPath(page, '/dashboard');
    const correlationId = (await failed).request().headers()['x-correlation-id'];
    expect(correlationId).toMatch(/^[\w-]{8,64}$/);

    // The browser's report and the function's own error line, under one id.
    const entries = await collected(
      { correlationId },
      (es) => es.some((e) => e.message === 'Browser error') && es.some((e) => e.message === 'Unhandled error'),
    );
    const report = entries.find((e) => e.message === 'Browser error')!;
    expect(report.line).toMatchObject({ source: 'api', apiRoute: 'listTracks', apiStatus: 500, page: '/dashboard' });
    expect(entries.find((e) => e.message === 'Unhandled error')!.line).toMatchObject({ route: 'listTracks', level: 'ERROR' });

    // The collector's page, where a developer looks: both lines, in red, under that id.
    const logs = await page.context().newPage();
    await logs.goto(`${stack.logsUrl}/?correlationId=${correlationId}`);
    const rows = logs.locator(`tr[data-correlation-id="${correlationId}"][data-level="ERROR"]`);
    await rows.filter({ hasText: 'Browser error' }).first().waitFor();
    await rows.filter({ hasText: 'Unhandled error' }).first().waitFor();
    await logs.close();

    // An error thrown in the page, uncaught.
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error('Thrown in the page by Reported Musician');
      }),
    );
    const thrown = await collected({ message: 'Browser error' }, (es) =>
      es.some((e) => e.line.error?.message?.startsWith('Thrown in the page')),
    );
    const line = thrown.find((e) => e.line.error?.message?.startsWith('Thrown in the page'))!.line;
    expect(line).toMatchObject({ source: 'error', sessionId: report.line.sessionId, page: '/dashboard' });
    // The signed-in user's name never leaves the browser.
    expect(line.error.message).toBe('Thrown in the page by [personal]');
    expect(JSON.stringify(thrown)).not.toContain(user.email);
  });
});
