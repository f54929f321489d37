/**
 * The PayPal webhook's gate in isolation: what is refused before the table or PayPal is asked anything,
 * the order of the look-up, the limit and the verification, and the body handed to PayPal as it came.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const seen = vi.hoisted(() => vi.fn(async (_provider: string, _id: string) => false));
const limit = vi.hoisted(() => vi.fn(async (_name: string, _subject: string, _now?: number) => {}));
const countUse = vi.hoisted(() => vi.fn(async (_name: string, _subject: string, _now?: number) => {}));
const verify = vi.hoisted(() => vi.fn(async (_headers: unknown, _body: string) => true));
const secrets = vi.hoisted(() => vi.fn(async () => ({ paypalWebhookId: 'WH123' })));
const counted = vi.hoisted(() => vi.fn());
vi.mock('../../../functions/money/data/payments.js', () => ({ webhookSeen: seen }));
vi.mock('../../../functions/platform/rate-limits.js', () => ({ refuseOverLimit: limit, countRateLimitedUse: countUse }));
vi.mock('../../../functions/providers/payments.js', () => ({ payments: () => ({ verifyWebhook: verify }) }));
vi.mock('../../../functions/lib/secrets.js', () => ({ paymentSecrets: secrets }));
vi.mock('../../../functions/lib/observability.js', () => ({ count: counted, log: { error: () => {}, warn: () => {} } }));

const { admitPaypalWebhook, headerRefusal, PAYPAL_CERT_HOSTS, TRANSMISSION_MAX_AGE_MS, TRANSMISSION_SKEW_MS } =
  await import('../../../functions/money/paypal-webhook-gate.js');
const { TooManyRequests } = await import('../../../functions/lib/errors.js');

const NOW = Date.parse('2026-05-01T12:00:00Z');
const headers = (over: Record<string, string | undefined> = {}) => ({
  'paypal-auth-algo': 'SHA256withRSA',
  'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77',
  'paypal-transmission-id': 'd938e770-8046-11e6-8103-6b62a8a99ac4',
  'paypal-transmission-sig': 'eDOnWUj9FXOnr2naQnrdL7bhgejVSTwRbwbJ0kuk5wAtm2ZYkr7w5BSUDO7e5ZOsqLwN3sPn3RV85Jd9pjHuTlpuXDLYk==',
  'paypal-transmission-time': '2026-05-01T12:00:00Z',
  ...over,
});
const BODY = '{"id":"WH-1","event_type":"PAYMENT.CAPTURE.COMPLETED","resource":{"amount":1.0}}';
const delivery = (over: Partial<{ headers: Record<string, string | undefined>; body: string }> = {}) => ({
  headers: headers(),
  body: BODY,
  clientIp: '198.51.100.7',
  ...over,
});
const at = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();

beforeEach(() => {
  for (const m of [seen, limit, countUse, verify, secrets, counted]) m.mockClear();
  seen.mockResolvedValue(false);
  limit.mockResolvedValue(undefined);
  verify.mockResolvedValue(true);
  secrets.mockResolvedValue({ paypalWebhookId: 'WH123' });
});

/**
 * A refusal before anything was asked: the status and code, counted once (WebhooksMalformed for what is not a
 * delivery by its shape, WebhooksRejected for one that is and cannot be verified), no look-up, no count, no PayPal.
 */
async function expectCheapRefusal(d: ReturnType<typeof delivery>, status: number, code: string, metric = 'WebhooksMalformed') {
  await expect(admitPaypalWebhook(d, NOW)).rejects.toMatchObject({ status, code });
  expect(counted).toHaveBeenCalledExactlyOnceWith(metric);
  expect(seen).not.toHaveBeenCalled();
  expect(limit).not.toHaveBeenCalled();
  expect(countUse).not.toHaveBeenCalled();
  expect(verify).not.toHaveBeenCalled();
}

describe('the PayPal webhook gate', () => {
  it('admits a delivery that passes everything, verified over the body as it came; genuine, it does not count towards its address limit', async () => {
    expect(await admitPaypalWebhook(delivery(), NOW)).toMatchObject({ id: 'WH-1', event_type: 'PAYMENT.CAPTURE.COMPLETED' });
    expect(verify).toHaveBeenCalledWith(headers(), BODY);
    expect(limit).toHaveBeenCalledWith('paypalWebhook', '198.51.100.7', NOW);
    expect(countUse).not.toHaveBeenCalled();
    expect(counted).not.toHaveBeenCalled();
  });

  it.each(['paypal-auth-algo', 'paypal-cert-url', 'paypal-transmission-id', 'paypal-transmission-sig', 'paypal-transmission-time'])(
    'refuses a delivery without %s',
    async (name) => {
      await expectCheapRefusal(delivery({ headers: headers({ [name]: undefined }) }), 400, 'missing_signature');
    },
  );

  it('refuses a header longer than PayPal ever sends', async () => {
    await expectCheapRefusal(delivery({ headers: headers({ 'paypal-transmission-sig': 'A'.repeat(501) }) }), 400, 'invalid_signature');
  });

  it(`takes a transmission time up to 3 days old (PayPal's retries) or ${TRANSMISSION_SKEW_MS / 60_000} minutes ahead, and refuses one beyond`, async () => {
    for (const offset of [-TRANSMISSION_MAX_AGE_MS, -6 * 60_000, 0, TRANSMISSION_SKEW_MS])
      expect(headerRefusal(headers({ 'paypal-transmission-time': at(offset) }), NOW)).toBeNull();
    for (const offset of [-TRANSMISSION_MAX_AGE_MS - 1000, TRANSMISSION_SKEW_MS + 1000]) {
      expect(headerRefusal(headers({ 'paypal-transmission-time': at(offset) }), NOW)).toMatchObject({ code: 'stale_transmission' });
    }
    await expectCheapRefusal(
      delivery({ headers: headers({ 'paypal-transmission-time': at(-4 * 86_400_000) }) }),
      400,
      'stale_transmission',
    );
  });

  it('refuses a transmission time that is not an RFC 3339 date and time', () => {
    for (const time of ['yesterday', '1714564800', 'Wed, 01 May 2026 12:00:00 GMT', '2026-05-01']) {
      expect(headerRefusal(headers({ 'paypal-transmission-time': time }), NOW), time).toMatchObject({ code: 'invalid_signature' });
    }
  });

  it("takes certificates on PayPal's API hosts only, over https", async () => {
    for (const host of PAYPAL_CERT_HOSTS)
      expect(headerRefusal(headers({ 'paypal-cert-url': `https://${host}/v1/notifications/certs/CERT-1` }), NOW)).toBeNull();
    for (const url of [
      'http://api.paypal.com/v1/notifications/certs/CERT-1',
      'https://api.paypal.com.attacker.example/v1/notifications/certs/CERT-1',
      'https://attacker.example/api.paypal.com/CERT-1',
      'https://www.paypal.com/v1/notifications/certs/CERT-1',
      'https://api.paypal.com:8443/v1/notifications/certs/CERT-1',
      'https://someone@api.paypal.com/v1/notifications/certs/CERT-1',
      'not a url',
    ]) {
      expect(headerRefusal(headers({ 'paypal-cert-url': url }), NOW), url).toMatchObject({ code: 'untrusted_certificate' });
    }
    await expectCheapRefusal(
      delivery({ headers: headers({ 'paypal-cert-url': 'https://attacker.example/cert.pem' }) }),
      400,
      'untrusted_certificate',
    );
  });

  it('answers 503 without our webhook id: nothing could be verified', async () => {
    secrets.mockRejectedValue(new Error('The payment secret has no paypalWebhookId'));
    await expectCheapRefusal(delivery(), 503, 'webhook_not_configured', 'WebhooksRejected');
  });

  it.each(['{"event_type":"X"}', '{"id":"WH-1"}', '{"id":7,"event_type":"X"}', '[]', 'null'])(
    'refuses a body that is not an event: %s',
    async (body) => {
      await expectCheapRefusal(delivery({ body }), 400, 'invalid_event');
    },
  );

  it('answers an event applied before at once, whatever the count, without asking PayPal', async () => {
    seen.mockResolvedValue(true);
    limit.mockRejectedValue(new TooManyRequests('slow down', 30));
    expect(await admitPaypalWebhook(delivery(), NOW)).toBeNull();
    expect(seen).toHaveBeenCalledWith('paypal', 'WH-1');
    expect(verify).not.toHaveBeenCalled();
  });

  it('refuses a delivery over its address limit with the 429, without asking PayPal', async () => {
    limit.mockRejectedValue(new TooManyRequests('slow down', 30));
    await expect(admitPaypalWebhook(delivery(), NOW)).rejects.toMatchObject({ status: 429, retryAfterSeconds: 30 });
    expect(verify).not.toHaveBeenCalled();
  });

  it("refuses what PayPal does not verify, counted as rejected and towards its address's limit", async () => {
    verify.mockResolvedValue(false);
    await expect(admitPaypalWebhook(delivery(), NOW)).rejects.toMatchObject({ status: 400, code: 'invalid_signature' });
    expect(counted).toHaveBeenCalledExactlyOnceWith('WebhooksRejected');
    expect(countUse).toHaveBeenCalledExactlyOnceWith('paypalWebhook', '198.51.100.7', NOW);
  });
});
