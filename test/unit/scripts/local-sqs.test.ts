/**
 * The local SQS (scripts/dev/emulators/sqs.ts) through the SDK, as processing calls it: a message onto a
 * known queue, with the MD5 the SDK checks; and what SQS refuses, refused with SQS's own error names.
 */
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { beforeAll, describe, expect, it } from 'vitest';
import { base } from '../../../functions/lib/aws/options.js';
import { LocalQueue } from '../../../scripts/dev/emulators/queue.js';
import { startLocalSqs, type LocalSqs } from '../../../scripts/dev/emulators/sqs.js';

let sqs: LocalSqs;
let client: SQSClient;
const queue = new LocalQueue({ visibilityTimeoutMs: 1000, maxReceiveCount: 3, onDeadLetter: () => {} });

beforeAll(async () => {
  sqs = await startLocalSqs({ uploads: queue });
  client = new SQSClient(base(sqs.endpoint));
  return async () => {
    client.destroy();
    await sqs.close();
  };
});

describe('the local SQS', () => {
  it('puts a message on a known queue', async () => {
    const sent = await client.send(new SendMessageCommand({ QueueUrl: sqs.queueUrl('uploads'), MessageBody: 'hello' }));
    expect(sent.MessageId).toEqual(expect.any(String));
  });

  it('refuses an unknown queue, an empty body and a delay past 900 s as SQS does', async () => {
    const send = (input: Partial<ConstructorParameters<typeof SendMessageCommand>[0]>) =>
      client.send(new SendMessageCommand({ QueueUrl: sqs.queueUrl('uploads'), MessageBody: 'x', ...input }));
    await expect(send({ QueueUrl: sqs.queueUrl('nope') })).rejects.toMatchObject({ name: 'QueueDoesNotExist' });
    await expect(send({ MessageBody: '' })).rejects.toMatchObject({ name: 'MissingParameter' });
    await expect(send({ DelaySeconds: 901 })).rejects.toMatchObject({ name: 'InvalidParameterValue' });
  });
});
