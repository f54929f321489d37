/**
 * A local stand-in for SQS's API, as far as the product calls it: SendMessage (AWS JSON 1.0, as the SDK
 * sends it), onto the local queues it serves by URL. It enforces what SQS does for the call: a known
 * queue, a body of 1 to 262,144 bytes, a DelaySeconds from 0 to 900; and answers with the body's MD5,
 * which the SDK checks. Any other action is refused as SQS refuses an unknown one.
 */
import { createHash } from 'node:crypto';
import { startAwsJsonService } from './aws-json.js';
import type { LocalQueue } from './queue.js';

const MAX_BODY_BYTES = 262_144;
const MAX_DELAY_SECONDS = 900;

export interface LocalSqs {
  /** The endpoint the SDK is pointed at. */
  endpoint: string;
  /** A queue's URL, as SQS gives it (https://sqs.<region>.amazonaws.com/<account>/<name> in AWS). */
  queueUrl(name: string): string;
  close(): Promise<void>;
}

const SQS_ERROR = 'com.amazonaws.sqs#';

export async function startLocalSqs(queues: Record<string, LocalQueue>): Promise<LocalSqs> {
  let base = '';
  const service = await startAwsJsonService(
    '1.0',
    'AmazonSQS',
    ({ action, method, body: raw }, reply) => {
      const fail = (status: number, type: string, message: string) => reply.fail(status, `${SQS_ERROR}${type}`, message);
      if (method !== 'POST' || action !== 'SendMessage')
        return fail(400, 'InvalidAction', `The action ${action || '(none)'} is not valid for this endpoint.`);
      let input: { QueueUrl?: unknown; MessageBody?: unknown; DelaySeconds?: unknown };
      try {
        input = JSON.parse(raw.toString('utf8'));
      } catch {
        return fail(400, 'InvalidParameterValue', 'The request body is not valid JSON.');
      }
      const name = typeof input.QueueUrl === 'string' && input.QueueUrl.startsWith(`${base}/`) ? input.QueueUrl.slice(base.length + 1) : '';
      const queue = Object.hasOwn(queues, name) ? queues[name] : undefined;
      if (!queue) return fail(400, 'QueueDoesNotExist', 'The specified queue does not exist.');
      const body = input.MessageBody;
      if (typeof body !== 'string' || !body.length)
        return fail(400, 'MissingParameter', 'The request must contain the parameter MessageBody.');
      if (Buffer.byteLength(body) > MAX_BODY_BYTES)
        return fail(
          400,
          'InvalidParameterValue',
          `One or more parameters are invalid. Reason: Message must be shorter than ${MAX_BODY_BYTES} bytes.`,
        );
      const delay = input.DelaySeconds ?? 0;
      if (!Number.isInteger(delay) || (delay as number) < 0 || (delay as number) > MAX_DELAY_SECONDS)
        return fail(
          400,
          'InvalidParameterValue',
          `Value ${String(delay)} for parameter DelaySeconds is invalid. Reason: must be between 0 and 900, if provided.`,
        );
      const messageId = queue.send(body, Date.now(), (delay as number) * 1000);
      reply.ok({ MessageId: messageId, MD5OfMessageBody: createHash('md5').update(body, 'utf8').digest('hex') });
    },
    (type) => ({ 'x-amzn-query-error': `${type.replace(SQS_ERROR, '')};Sender` }),
  );
  base = `${service.endpoint}/000000000000`;
  return { endpoint: service.endpoint, queueUrl: (name) => `${base}/${name}`, close: service.close };
}
