/**
 * The processing function reads the uploads queue: each message's body is the S3 event notification of
 * created objects, or the test event S3 sends when the notification is set up. A failed run throws, so
 * that the message comes back (and after its last receive goes to the dead-letter queue).
 */
import type { SQSEvent } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { s3EventFor, s3TestEventFor } from '../../../scripts/dev/emulators/processing.js';

const processUpload = vi.fn();
vi.mock('../../../functions/tracks/processing.js', () => ({ processUpload: (key: string, opts: unknown) => processUpload(key, opts) }));
const putBack = vi.fn();
vi.mock('../../../functions/tracks/processing-slots.js', () => ({ putBack: (body: string) => putBack(body) }));
const runPreview = vi.fn();
vi.mock('../../../functions/tracks/preview-run.js', () => ({ runPreview: (job: unknown) => runPreview(job) }));
const { handler, uploadKeysOf } = await import('../../../functions/jobs/process-audio.js');

const KEY = 'uploads/user-1/0b0f1c2e-1111-4222-8333-444455556666/My Song (final).wav';
const sqsEvent = (...bodies: unknown[]): SQSEvent => ({
  Records: bodies.map((b, i) => ({
    messageId: `m${i}`,
    receiptHandle: `r${i}`,
    body: typeof b === 'string' ? b : JSON.stringify(b),
    attributes: { ApproximateReceiveCount: '1', SentTimestamp: '0', SenderId: 's3', ApproximateFirstReceiveTimestamp: '0' },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:uploads',
    awsRegion: 'us-east-1',
  })),
});

beforeEach(() => {
  runPreview.mockReset().mockResolvedValue('previewed');
  processUpload.mockReset().mockResolvedValue('ready');
  putBack.mockReset().mockResolvedValue(undefined);
});

describe('the processing function on queue messages', () => {
  it('processes the created object a notification names, its key decoded as S3 encodes it, as of when S3 says it was made', async () => {
    const event = s3EventFor('media', KEY, 10);
    await handler(sqsEvent(event));
    expect(processUpload.mock.calls).toEqual([[KEY, { share: true, createdAt: new Date(event.Records[0].eventTime) }]]);
    expect(putBack).not.toHaveBeenCalled();
  });

  it('runs a codec preview job, one profile of one track, and nothing else', async () => {
    const job = { trackId: 't-1', audioKey: 'audio/user-1/a.wav', profile: 'mp3-128' };
    await handler(sqsEvent({ preview: job }));
    expect(runPreview.mock.calls).toEqual([[job]]);
    expect(processUpload).not.toHaveBeenCalled();
    // A profile that is not previewed (AAC), or none at all, is no job: left, as any body that is no notification.
    for (const profile of ['aac-256', 'flac', undefined]) await handler(sqsEvent({ preview: { ...job, profile } }));
    expect(runPreview).toHaveBeenCalledTimes(1);
    expect(processUpload).not.toHaveBeenCalled();
    expect(putBack).not.toHaveBeenCalled();
  });

  it("puts a preview job back, as it came, while its owner's runs hold all of their places", async () => {
    runPreview.mockResolvedValue('deferred');
    const body = JSON.stringify({ preview: { trackId: 't-1', audioKey: 'audio/user-1/a.wav', profile: 'opus-160' } });
    await handler(sqsEvent(body));
    expect(putBack.mock.calls).toEqual([[body]]);
  });

  it("finishes S3's test event without processing anything", async () => {
    await expect(handler(sqsEvent(s3TestEventFor('media')))).resolves.toBeUndefined();
    expect(processUpload).not.toHaveBeenCalled();
  });

  it('leaves a body that is no S3 notification, and events other than creations', () => {
    expect(uploadKeysOf('not json')).toEqual([]);
    expect(uploadKeysOf(JSON.stringify({ hello: 'world' }))).toEqual([]);
    expect(uploadKeysOf(JSON.stringify(s3EventFor('media', KEY, 10, 'ObjectRemoved:Delete')))).toEqual([]);
  });

  it('puts back, as a message of its own, only the uploads whose account holds its share of the runs', async () => {
    const other = KEY.replace('My Song', 'Other Song');
    const both = s3EventFor('media', KEY, 10);
    both.Records.push(s3EventFor('media', other, 20).Records[0]);
    processUpload.mockImplementation(async (key: string) => (key === other ? 'deferred' : 'ready'));
    await handler(sqsEvent(both));
    expect(putBack).toHaveBeenCalledTimes(1);
    expect(uploadKeysOf(putBack.mock.calls[0][0])).toEqual([other]);
  });

  it('runs an upload that has waited half its deadline whatever its account holds', async () => {
    const old = s3EventFor('media', KEY, 10);
    old.Records[0].eventTime = new Date(Date.now() - 31 * 60_000).toISOString();
    await handler(sqsEvent(old));
    expect(processUpload.mock.calls).toEqual([[KEY, { share: false, createdAt: new Date(old.Records[0].eventTime) }]]);
  });

  it('throws when a run fails, so that the message comes back', async () => {
    processUpload.mockRejectedValueOnce(new Error('S3 unavailable'));
    await expect(handler(sqsEvent(s3EventFor('media', KEY, 10)))).rejects.toThrow('S3 unavailable');
  });
});
