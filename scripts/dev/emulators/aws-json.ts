/**
 * The frame of a local stand-in for an AWS service of the JSON protocol (SQS's 1.0, KMS's 1.1), as the SDK
 * calls it: a POST whose X-Amz-Target names the action, answered in JSON, and errors with their `__type`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AwsJsonCall {
  /** The action, the target's service prefix left out ('SendMessage'). */
  action: string;
  method: string;
  body: Buffer;
}

export interface AwsJsonReply {
  ok(body: object): void;
  fail(status: number, type: string, message: string): void;
}

export interface AwsJsonService {
  /** http://127.0.0.1:port */
  endpoint: string;
  close(): Promise<void>;
}

/** Listens on a free local port; `version` is the protocol's ('1.0', '1.1'), `prefix` the target's service prefix. */
export async function startAwsJsonService(
  version: '1.0' | '1.1',
  prefix: string,
  handle: (call: AwsJsonCall, reply: AwsJsonReply) => void,
  errorHeaders: (type: string) => Record<string, string> = () => ({}),
): Promise<AwsJsonService> {
  const contentType = `application/x-amz-json-${version}`;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const reply: AwsJsonReply = {
        ok(body) {
          res.writeHead(200, { 'content-type': contentType });
          res.end(JSON.stringify(body));
        },
        fail(status, type, message) {
          res.writeHead(status, { 'content-type': contentType, ...errorHeaders(type) });
          res.end(JSON.stringify({ __type: type, message }));
        },
      };
      const action = String(req.headers['x-amz-target'] ?? '').replace(new RegExp(`^${prefix}\\.`), '');
      handle({ action, method: req.method ?? '', body: Buffer.concat(chunks) }, reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
