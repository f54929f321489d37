/**
 * The local processing workers follow the uploads queue's rules as in AWS: at most `concurrency` runs at
 * once, a failed run's message back for another receive, and after three receives the dead-letter queue.
 * The real handler runs in real worker processes; its table is unreachable, so every run fails.
 */
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { PROCESSING_QUEUE } from '../../../shared/constants.js';
import { startLocalProcessing } from '../../../scripts/dev/emulators/processing.js';

/** A port nobody listens on: every call to it is refused at once. */
async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((r) => server.close(r));
  return port;
}

const saved = { ...process.env };
afterAll(() => {
  process.env = saved;
});

describe('local processing', () => {
  it('runs at most its concurrency at once and moves an upload failed three times to the dead-letter queue', async () => {
    const nowhere = `http://127.0.0.1:${await closedPort()}`;
    // What the workers inherit: a local stage whose table and bucket do not answer.
    Object.assign(process.env, {
      STAGE: 'local',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      TABLE_NAME: 'unreachable',
      MEDIA_BUCKET: 'media',
      DYNAMODB_ENDPOINT: nowhere,
      S3_ENDPOINT: nowhere,
      POWERTOOLS_LOG_LEVEL: 'CRITICAL',
    });
    const lines: string[] = [];
    const processing = await startLocalProcessing({
      tag: `unit-${randomUUID()}`,
      bucket: 'media',
      concurrency: 2,
      retryDelayMs: 20,
      log: (l) => lines.push(l),
    });
    try {
      const keys = Array.from({ length: 5 }, () => `uploads/user-1/${randomUUID()}/song.wav`);
      for (const key of keys) processing.objectCreated('media', key, 10);
      await expect.poll(() => processing.stats().deadLetters, { timeout: 90_000, interval: 200 }).toBe(keys.length);

      expect(processing.stats()).toMatchObject({ busiest: 2, running: 0, queued: 0 });
      for (const key of keys) {
        for (let receive = 1; receive <= PROCESSING_QUEUE.maxReceiveCount; receive++) {
          expect(
            lines.filter((l) => l.startsWith(`[processing] receive ${receive} of ${key} failed`)),
            `${key} receive ${receive}`,
          ).toHaveLength(1);
        }
        expect(lines).toContain(`[processing] ${key} moved to the dead-letter queue after ${PROCESSING_QUEUE.maxReceiveCount} receives`);
      }
      // S3's test event, sent when the feed starts, was done with, not retried.
      expect(lines.filter((l) => l.includes('a message'))).toEqual([]);
    } finally {
      processing.stop();
    }
  }, 120_000);
});
