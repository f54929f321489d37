/**
 * What a PayPal webhook delivery must pass before it is applied. The route is anonymous and every delivery
 * PayPal is asked about costs a call to its verification API, so what costs nothing comes first, each refusal
 * a 400 counted as WebhooksMalformed (anyone's junk POST, no alarm): the signature headers PayPal always sends, within PayPal's own length
 * limits; a transmission time no older than PayPal's retries go on for (3 days: whether a retry is stamped
 * anew is not promised, and a genuine retry refused here would lose its event) and not ahead of our clock by
 * more than a drift; a certificate URL on PayPal's API hosts;
 * our webhook id configured; an event with an id and a type. An event applied before is answered at once,
 * which stops PayPal's redeliveries without asking it anything. The rest is verified by PayPal over the body
 * exactly as it came, unless its client address has had too many deliveries refused by that verification.
 * A delivery of the right shape that PayPal does not verify is counted as WebhooksRejected (an alarm: a wrong
 * webhook id, or someone forging events), at most the address limit's worth per address, and logged with
 * its address.
 */
import { webhookSeen } from './data/payments.js';
import { AppError, BadRequest, ServiceUnavailable } from '../lib/errors.js';
import { count, log } from '../lib/observability.js';
import { paymentSecrets } from '../lib/secrets.js';
import { payments, type WebhookHeaders } from '../providers/payments.js';
import { countRateLimitedUse, refuseOverLimit } from '../platform/index.js';

export interface PaypalDelivery {
  headers: WebhookHeaders;
  /** The body as received: PayPal's signature covers these bytes. */
  body: string;
  /** The address it came from, as API Gateway saw it. */
  clientIp: string;
}

export interface PaypalEventIds {
  id: string;
  event_type: string;
}

/** How far ahead of ours a transmission's time may be (clocks drift). */
export const TRANSMISSION_SKEW_MS = 5 * 60_000;
/** How old it may be: PayPal retries a delivery that failed for up to 3 days; older is a replay. */
export const TRANSMISSION_MAX_AGE_MS = 3 * 86_400_000 + TRANSMISSION_SKEW_MS;

/** PayPal's API hosts, live and sandbox: the certificates its webhooks are signed with are served there. */
export const PAYPAL_CERT_HOSTS: readonly string[] = [
  'api.paypal.com',
  'api-m.paypal.com',
  'api.sandbox.paypal.com',
  'api-m.sandbox.paypal.com',
];

/** The headers PayPal signs a delivery with, and their longest values in its verification API. */
const SIGNATURE_HEADERS = {
  'paypal-auth-algo': 100,
  'paypal-cert-url': 500,
  'paypal-transmission-id': 50,
  'paypal-transmission-sig': 500,
  'paypal-transmission-time': 100,
} as const;

/** RFC 3339, as PayPal writes it ('2016-09-21T22:00:46Z'): nothing Date.parse would merely guess at. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;

const refused = (message: string, code: string) => new BadRequest(message, undefined, code);

/** Why the delivery's headers alone refuse it, or null. */
export function headerRefusal(headers: WebhookHeaders, now = Date.now()): BadRequest | null {
  for (const [name, longest] of Object.entries(SIGNATURE_HEADERS)) {
    const value = headers[name];
    if (!value) return refused(`The ${name} header is missing`, 'missing_signature');
    if (value.length > longest) return refused(`The ${name} header is longer than ${longest} characters`, 'invalid_signature');
  }
  const time = headers['paypal-transmission-time']!;
  const at = RFC3339.test(time) ? Date.parse(time) : NaN;
  if (Number.isNaN(at)) return refused('The paypal-transmission-time header is not a date and time', 'invalid_signature');
  if (at - now > TRANSMISSION_SKEW_MS)
    return refused(`The webhook is dated more than ${TRANSMISSION_SKEW_MS / 60_000} minutes ahead`, 'stale_transmission');
  if (now - at > TRANSMISSION_MAX_AGE_MS) return refused('The webhook was sent more than 3 days ago', 'stale_transmission');
  let cert: URL;
  try {
    cert = new URL(headers['paypal-cert-url']!);
  } catch {
    return refused('The paypal-cert-url header is not a URL', 'untrusted_certificate');
  }
  const onPaypal =
    cert.protocol === 'https:' && !cert.port && !cert.username && !cert.password && PAYPAL_CERT_HOSTS.includes(cert.hostname);
  return onPaypal ? null : refused("The webhook's certificate is not on PayPal's hosts", 'untrusted_certificate');
}

/** The event in the body, when it is a JSON object with an id and a type. */
function eventOf(body: string): (PaypalEventIds & Record<string, unknown>) | null {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { id, event_type } = value as Record<string, unknown>;
  const named = (v: unknown) => typeof v === 'string' && v.length > 0 && v.length <= 255;
  return named(id) && named(event_type) ? (value as PaypalEventIds & Record<string, unknown>) : null;
}

/** Without our webhook's id nothing can be verified: our configuration's fault, said as an outage, not the sender's. */
async function webhookIdConfigured(): Promise<boolean> {
  try {
    return Boolean((await paymentSecrets()).paypalWebhookId);
  } catch (err) {
    log.error('The PayPal webhook id could not be read', err);
    return false;
  }
}

/** Not a PayPal delivery by its shape: a scanner's POST as much as a forgery. */
function malformed(err: AppError): never {
  count('WebhooksMalformed');
  throw err;
}

/** A delivery that looks like PayPal's and is not verified, or cannot be: worth an alarm. */
function reject(err: AppError, clientIp: string): never {
  count('WebhooksRejected');
  log.warn('PayPal webhook refused', { code: err.code, clientIp });
  throw err;
}

/**
 * The event of a genuine delivery not applied yet; null for one applied already (answered 200 as it is).
 * Throws what the caller gets otherwise: 400 (a refused delivery), 429 (too many from its address), 503.
 */
export async function admitPaypalWebhook<E extends object>(
  delivery: PaypalDelivery,
  now = Date.now(),
): Promise<(E & PaypalEventIds) | null> {
  const headerProblem = headerRefusal(delivery.headers, now);
  if (headerProblem) malformed(headerProblem);
  const event = eventOf(delivery.body);
  if (!event) malformed(refused('Not a PayPal event', 'invalid_event'));
  if (!(await webhookIdConfigured()))
    reject(new ServiceUnavailable('PayPal webhooks cannot be verified right now.', 'webhook_not_configured'), delivery.clientIp);
  // The address's count is read beside the look-up (one round trip). Only deliveries PayPal refuses count:
  // anyone can pass the checks above, but only PayPal's own pass its verification, and those, however many
  // on a busy day, are never held back. Deliveries verified at the same time may go past the limit by as
  // many as run at once (the area's reserved concurrency). A repeat of an applied event is answered 200
  // whatever the count.
  const [seen, limited] = await Promise.all([
    webhookSeen('paypal', event.id),
    refuseOverLimit('paypalWebhook', delivery.clientIp, now).then(
      () => null,
      (err: unknown) => err,
    ),
  ]);
  if (seen) return null;
  if (limited) throw limited;
  if (!(await payments().verifyWebhook(delivery.headers, delivery.body))) {
    await countRateLimitedUse('paypalWebhook', delivery.clientIp, now);
    reject(refused('The webhook signature is not valid', 'invalid_signature'), delivery.clientIp);
  }
  return event as E & PaypalEventIds;
}
