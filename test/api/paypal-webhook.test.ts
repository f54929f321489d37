/**
 * The PayPal webhook's gate on the local stack: what it refuses before PayPal is asked (the stand-in counts
 * its verify calls per event), the limit per client address (each test posts from a loopback address of
 * its own, apart from the stand-in's deliveries), the body limit, and a genuine body verified byte for byte.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { RATE_LIMITS } from '../../functions/platform/rate-limits.js';
import { routes } from '../../shared/api/routes.js';
import { AUTH_ALGO, WEBHOOK_CERT_URL, webhookSignature } from '../../scripts/dev/stand-ins/paypal/server.js';
import { LOCAL_PAYMENT_SECRETS } from '../../scripts/dev/stack/local-names.js';
import { postFrom } from '../support/loopback.js';
import { startOfAWindow } from '../support/wait.js';

const stack = inject('stack');
const PER_MINUTE = RATE_LIMITS.paypalWebhook.limit;
/** The address the tests other than the limit's post from. */
const OWN_ADDRESS = '127.0.0.4';

/** POSTs to the webhook from a loopback address of the test's choosing (the gateway sees it as the client's). */
const deliver = (body: string, headers: Record<string, string | undefined>, from = OWN_ADDRESS) =>
  postFrom(stack.apiUrl, routes.paypalWebhook.path, body, from, headers);

/** PayPal's headers for the body, signed as the stand-in signs (its client secret, our webhook id), sent now. */
function signedHeaders(body: string, over: Record<string, string | undefined> = {}) {
  const transmissionId = randomUUID();
  const transmissionTime = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  const sig = webhookSignature(body, {
    transmissionId,
    transmissionTime,
    webhookId: LOCAL_PAYMENT_SECRETS.paypalWebhookId,
    clientSecret: LOCAL_PAYMENT_SECRETS.paypalClientSecret,
  });
  return {
    'content-type': 'application/json',
    'paypal-auth-algo': AUTH_ALGO,
    'paypal-cert-url': WEBHOOK_CERT_URL,
    'paypal-transmission-id': transmissionId,
    'paypal-transmission-time': transmissionTime,
    'paypal-transmission-sig': sig,
    ...over,
  };
}

/** An event about an order that is not ours: genuine, it is recorded as applied and changes nothing else. */
function eventText(extra: Record<string, unknown> = {}) {
  const id = `WH-GATE-${randomUUID()}`;
  const text = JSON.stringify({
    id,
    event_version: '1.0',
    create_time: new Date().toISOString(),
    resource_type: 'checkout-order',
    event_type: 'CHECKOUT.ORDER.APPROVED',
    summary: 'An order has been approved by buyer',
    resource: { id: `NOTOURS${randomUUID().slice(0, 8).toUpperCase()}`, status: 'APPROVED', ...extra },
  });
  return { id, text };
}

/** The verify-webhook-signature calls the stand-in has had about an event. */
async function verifyCalls(eventId: string): Promise<number> {
  const res = await fetch(new URL(`/_local/verifications?event_id=${encodeURIComponent(eventId)}`, stack.paypalUrl));
  return ((await res.json()) as { calls: number }).calls;
}

describe('the PayPal webhook gate', () => {
  it('takes a genuine delivery, verified once with PayPal', async () => {
    const { id, text } = eventText();
    const res = await deliver(text, signedHeaders(text));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await verifyCalls(id)).toBe(1);
  });

  /** A transmission time this far from now. */
  const sentIn = (ms: number) => new Date(Date.now() + ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
  it.each([
    ['without a signature header', () => ({ 'paypal-transmission-sig': undefined }), 'missing_signature'],
    ['without a certificate URL', () => ({ 'paypal-cert-url': undefined }), 'missing_signature'],
    ['sent 4 days ago', () => ({ 'paypal-transmission-time': sentIn(-4 * 86_400_000) }), 'stale_transmission'],
    ['dated 6 minutes ahead', () => ({ 'paypal-transmission-time': sentIn(6 * 60_000) }), 'stale_transmission'],
    [
      "naming a certificate off PayPal's hosts",
      () => ({ 'paypal-cert-url': 'https://api.paypal.com.attacker.example/v1/notifications/certs/CERT-1' }),
      'untrusted_certificate',
    ],
    [
      'naming a certificate over http',
      () => ({ 'paypal-cert-url': 'http://api.sandbox.paypal.com/v1/notifications/certs/CERT-1' }),
      'untrusted_certificate',
    ],
  ] as const)('refuses a delivery %s with 400, without asking PayPal', async (_, over, code) => {
    const { id, text } = eventText();
    const res = await deliver(text, signedHeaders(text, over()));
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe(code);
    expect(await verifyCalls(id)).toBe(0);
  });

  it('answers an event applied before at once, without asking PayPal again', async () => {
    const { id, text } = eventText();
    expect((await deliver(text, signedHeaders(text))).status).toBe(200);
    // PayPal's redelivery: the same event in a new transmission.
    const again = await deliver(text, signedHeaders(text));
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ received: true });
    expect(await verifyCalls(id)).toBe(1);
  });

  it('verifies a genuine body whose bytes a parse and stringify would change', async () => {
    const id = `WH-GATE-${randomUUID()}`;
    // Spacing, a line break, a 1.0, an escaped é and slash: JSON.stringify(JSON.parse(text)) differs from it.
    const text = `{ "id": "${id}",\n  "event_type": "CHECKOUT.ORDER.APPROVED", "resource_type": "checkout-order",\n  "summary": "Caf\\u00e9 \\/ order approved", "resource": { "id": "NOTOURS${Date.now()}", "amount": { "value": 1.0 } } }`;
    expect(JSON.stringify(JSON.parse(text))).not.toBe(text);
    const res = await deliver(text, signedHeaders(text));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await verifyCalls(id)).toBe(1);
  });

  it('takes a genuine 200 KB event, and refuses a 300 KB one with 413 before asking PayPal', async () => {
    const items = (kb: number) => Array.from({ length: kb * 4 }, (_, i) => ({ sku: `SKU-${i}`, name: 'x'.repeat(240) }));
    const big = eventText({ items: items(200) });
    expect(Buffer.byteLength(big.text)).toBeGreaterThan(200 * 1024);
    expect(Buffer.byteLength(big.text)).toBeLessThan(256 * 1024);
    const taken = await deliver(big.text, signedHeaders(big.text));
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(await verifyCalls(big.id)).toBe(1);

    const huge = eventText({ items: items(300) });
    const refused = await deliver(huge.text, signedHeaders(huge.text));
    expect(refused.status).toBe(413);
    expect(refused.body.error?.code).toBe('payload_too_large');
    expect(await verifyCalls(huge.id)).toBe(0);
  });

  it(`takes more than ${PER_MINUTE} genuine deliveries in a minute from one address: only refused ones count`, async () => {
    const busy = '127.0.0.5';
    await startOfAWindow(40_000);
    const statuses: number[] = [];
    for (let batch = 0; batch < PER_MINUTE / 20 + 1; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => eventText().text).map((text) => deliver(text, signedHeaders(text), busy)),
      );
      statuses.push(...answers.map((a) => a.status));
    }
    expect(statuses).toEqual(Array(PER_MINUTE + 20).fill(200));
  }, 120_000);

  it(`refuses a delivery past ${PER_MINUTE} refused ones in a minute from one address with 429 and Retry-After, before asking PayPal; other addresses are not held back`, async () => {
    expect(PER_MINUTE).toBe(120);
    const flooder = '127.0.0.2';
    const forged = (text: string) =>
      signedHeaders(text, { 'paypal-transmission-sig': Buffer.from(`forged ${text.length}`).toString('base64') });
    await startOfAWindow(40_000);
    const statuses: number[] = [];
    for (let batch = 0; batch < PER_MINUTE / 20; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => eventText().text).map((text) => deliver(text, forged(text), flooder)),
      );
      statuses.push(...answers.map((a) => a.status));
    }
    // Each one past the cheap checks cost PayPal a verification, and was refused by it.
    expect(statuses).toEqual(Array(PER_MINUTE).fill(400));

    const last = eventText();
    const refused = await deliver(last.text, signedHeaders(last.text), flooder);
    expect(refused.status).toBe(429);
    expect(refused.body.error?.code).toBe('rate_limited');
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await verifyCalls(last.id)).toBe(0);

    const elsewhere = await deliver(last.text, signedHeaders(last.text), '127.0.0.3');
    expect(elsewhere.status).toBe(200);
    expect(await verifyCalls(last.id)).toBe(1);
  }, 120_000);
});
