/**
 * A local stand-in for SQS's API, as far as the product calls it: SendMessage (AWS JSON 1.0, as the SDK
 * sends it), onto the local queues it serves by URL. It enforces what SQS does for the call: a known
 * queue, a body of 1 to 262,144 bytes, a DelaySeconds from 0 to 900; and answers with the body's MD5,
 * which the SDK checks. Any other action is refused as SQS refuses an unknown one.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
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

function fail(res: http.ServerResponse, status: number, type: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-query-error': `${type};Sender` });
  res.end(JSON.stringify({ __type: `com.amazonaws.sqs#${type}`, message }));
}

export async function startLocalSqs(queues: Record<string, LocalQueue>): Promise<LocalSqs> {
  let base = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const action = String(req.headers['x-amz-target'] ?? '').replace(/^AmazonSQS\./, '');
      if (req.method !== 'POST' || action !== 'SendMessage')
        return fail(res, 400, 'InvalidAction', `The action ${action || '(none)'} is not valid for this endpoint.`);
      let input: { QueueUrl?: unknown; MessageBody?: unknown; DelaySeconds?: unknown };
      try {
        input = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return fail(res, 400, 'InvalidParameterValue', 'The request body is not valid JSON.');
      }
      const name = typeof input.QueueUrl === 'string' && input.QueueUrl.startsWith(`${base}/`) ? input.QueueUrl.slice(base.length + 1) : '';
      const queue = Object.hasOwn(queues, name) ? queues[name] : undefined;
      if (!queue) return fail(res, 400, 'QueueDoesNotExist', 'The specified queue does not exist.');
      const body = input.MessageBody;
      if (typeof body !== 'string' || !body.length)
        return fail(res, 400, 'MissingParameter', 'The request must contain the parameter MessageBody.');
      if (Buffer.byteLength(body) > MAX_BODY_BYTES)
        return fail(
          res,
          400,
          'InvalidParameterValue',
          `One or more parameters are invalid. Reason: Message must be shorter than ${MAX_BODY_BYTES} bytes.`,
        );
      const delay = input.DelaySeconds ?? 0;
      if (!Number.isInteger(delay) || (delay as number) < 0 || (delay as number) > MAX_DELAY_SECONDS)
        return fail(
          res,
          400,
          'InvalidParameterValue',
          `Value ${String(delay)} for parameter DelaySeconds is invalid. Reason: must be between 0 and 900, if provided.`,
        );
      const messageId = queue.send(body, Date.now(), (delay as number) * 1000);
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
      res.end(JSON.stringify({ MessageId: messageId, MD5OfMessageBody: createHash('md5').update(body, 'utf8').digest('hex') }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/000000000000`;
  return {
    endpoint: base.replace(/\/000000000000$/, ''),
    queueUrl: (name) => `${base}/${name}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
