import { afterEach, describe, expect, it } from 'vitest';
import { startLogCollector, type LogCollector } from '../../../scripts/dev/emulators/log-collector';

let collector: LogCollector | undefined;
afterEach(async () => {
  await collector?.stop();
  collector = undefined;
});

const line = (o: Record<string, unknown>) => `${JSON.stringify(o)}\n`;

describe('the local log collector', () => {
  it('takes the structured lines written to stdout and stderr, lets anything else through, and serves them by correlation id', async () => {
    const notices: string[] = [];
    collector = await startLogCollector(0, (l) => void notices.push(l));
    process.stdout.write(line({ level: 'INFO', message: 'Request', correlationId: 'c-1', route: 'getMe', status: 200 }));
    process.stderr.write(
      line({
        level: 'ERROR',
        message: 'Unhandled error',
        correlationId: 'c-2',
        route: 'listTracks',
        error: { name: 'TypeError', message: 'x is\nundefined' },
      }),
    );
    process.stderr.write(line({ level: 'ERROR', message: 'Request failed', correlationId: 'c-2', route: 'listTracks', status: 500 }));
    process.stdout.write(
      line({
        _aws: {
          Timestamp: 1,
          CloudWatchMetrics: [{ Namespace: 'Snip', Dimensions: [['service']], Metrics: [{ Name: 'ServerErrors', Unit: 'Count' }] }],
        },
        service: 'snip',
        ServerErrors: 1,
        correlationId: 'c-2',
      }),
    );

    expect(collector.entries({ correlationId: 'c-1' })).toEqual([
      expect.objectContaining({ kind: 'log', level: 'INFO', message: 'Request' }),
    ]);
    expect(collector.entries({ correlationId: 'c-2' }).map((e) => [e.kind, e.message])).toEqual([
      ['log', 'Unhandled error'],
      ['log', 'Request failed'],
      ['metric', 'ServerErrors'],
    ]);
    expect(collector.entries({ kind: 'metric' })[0].metrics).toEqual({ ServerErrors: 1 });
    // One line on the console for the failure (its two error lines share the correlation id), on one line.
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(
      /^\[error\] Unhandled error \(listTracks\) - TypeError: x is undefined - http:\/\/localhost:\d+\/\?correlationId=c-2\n$/,
    );

    const res = await fetch(`${collector.url}/logs?correlationId=c-2&level=ERROR`);
    expect(((await res.json()) as { entries: unknown[] }).entries).toHaveLength(2);
    const page = await (await fetch(`${collector.url}/?correlationId=c-2`)).text();
    expect(page).toContain('Unhandled error');
    // What went wrong reads without opening the line.
    expect(page).toContain('x is\nundefined');
    expect(page).not.toContain('>Request<');
  });

  it('lets other output through to the stream untouched, and gives the stream back when stopped', async () => {
    const original = process.stdout.write;
    const reached: string[] = [];
    const recorder = ((chunk: unknown) => (reached.push(String(chunk)), true)) as typeof process.stdout.write;
    process.stdout.write = recorder;
    try {
      collector = await startLogCollector(0, () => {});
      process.stdout.write('plain text, not JSON\n');
      process.stdout.write('{"not":"a log line"}\n');
      process.stdout.write(line({ level: 'WARN', message: 'Kept, not printed' }));
      expect(reached).toEqual(['plain text, not JSON\n', '{"not":"a log line"}\n']);
      expect(collector.entries().map((e) => e.message)).toEqual(['Kept, not printed']);
      await collector.stop();
      collector = undefined;
      expect(process.stdout.write).toBe(recorder);
    } finally {
      process.stdout.write = original;
    }
  });
});
