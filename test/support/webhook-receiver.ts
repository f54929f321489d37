/** A product's webhook endpoint on a free local port, for the payment stand-ins to deliver to. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Delivery<E> {
  headers: http.IncomingHttpHeaders;
  body: string;
  event: E;
}

export interface WebhookReceiver<E> {
  url: string;
  /** Every delivery answered with a 2xx, in the order they came. */
  received: Delivery<E>[];
  /** `failNext`: how many of the next deliveries to answer with a 500. */
  state: { failNext: number };
  close(): Promise<void>;
}

/** Records every delivery to `path`; what it answers: `accepted` (or nothing) with a 200, `refused` with a 500. */
export async function startWebhookReceiver<E>(
  path: string,
  replies: { accepted?: { headers: Record<string, string>; body: string }; refused?: string } = {},
): Promise<WebhookReceiver<E>> {
  const received: Delivery<E>[] = [];
  const state = { failNext: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (state.failNext > 0) {
        state.failNext -= 1;
        res.writeHead(500).end(replies.refused);
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers, body, event: JSON.parse(body) as E });
      res.writeHead(200, replies.accepted?.headers).end(replies.accepted?.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((r) => {
      server.close(() => r());
      server.closeAllConnections();
    });
  return { url: `http://127.0.0.1:${port}${path}`, received, state, close };
}
