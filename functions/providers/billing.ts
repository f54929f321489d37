/**
 * Monthly plans (the spec's card provider: Stripe, through the `stripe` package). The product depends on
 * this interface only. Plans are Stripe products with a monthly recurring default price: their features are
 * the product's marketing features, 'Most Popular' and the limits the server enforces are its metadata
 * (`popular`, `maxTracks`, `suggestionsPerHour`). Locally the same SDK talks to the stand-in in
 * scripts/dev/stand-ins/stripe/ through its host, port and protocol options.
 */
import Stripe from 'stripe';
import { paymentSecrets } from '../lib/secrets.js';
import { config, ENV } from '../lib/config.js';
import { FALLBACK_FREE_LIMITS, type Plan, type PlanLimits } from '../../shared/plan.js';

export type { Plan, PlanLimits };
import { Conflict, ServiceUnavailable } from '../lib/errors.js';
import { log } from '../lib/observability.js';

/** A customer's subscription, as the provider holds it now. */
export interface Subscription {
  id: string;
  status: string;
  priceId: string;
  planId: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
}

export interface BillingEvent {
  id: string;
  type: string;
  /** The customer the event is about, when it names one. */
  customerId: string | null;
  /** For invoices: the amount due, in cents. */
  amountDue?: number;
}

/** A subscription checkout for one user and one plan's price, returning to the app's URLs. */
export interface CheckoutRequest {
  customerId: string;
  priceId: string;
  userId: string;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

export interface BillingProvider {
  listPlans(): Promise<Plan[]>;
  createCustomer(user: { id: string; email: string; name: string }): Promise<string>;
  createCheckout(opts: CheckoutRequest): Promise<string>;
  createPortal(opts: { customerId: string; returnUrl: string }): Promise<string>;
  /** The customer's subscriptions that are not over (canceled ones are left out). */
  subscriptionsOf(customerId: string): Promise<Subscription[]>;
  /** Checks the signature over the raw body; null when it is not genuine. */
  verifyEvent(rawBody: string, signature: string | undefined): Promise<BillingEvent | null>;
}

/** Stripe failed or is unreachable: nothing the user did wrong. */
export class BillingProviderError extends ServiceUnavailable {
  constructor(detail: string) {
    super('Billing is not answering right now. Nothing was charged: please try again in a minute.', 'billing_unavailable', detail);
  }
}

/** A limit from a product's metadata: a whole number, or 'unlimited'. */
function limitOf(product: string, key: keyof PlanLimits, v: string | undefined): number | null {
  if (v === 'unlimited') return null;
  const n = Number(v);
  if (v !== undefined && v !== '' && Number.isInteger(n) && n >= 0) return n;
  log.error('Plan metadata not understood; the free plan limit applies', undefined, {
    product,
    key,
    value: v,
    limit: FALLBACK_FREE_LIMITS[key],
  });
  return FALLBACK_FREE_LIMITS[key];
}

/** A rate-limited call (429) is tried again this many times here. */
const RATE_LIMIT_RETRIES = 2;

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

class StripeBilling implements BillingProvider {
  private client: Promise<Stripe> | undefined;

  constructor(private readonly apiUrl: string | undefined) {}

  private stripe(): Promise<Stripe> {
    return (this.client ??= paymentSecrets()
      .then(({ stripeSecretKey }) => {
        const url = this.apiUrl ? new URL(this.apiUrl) : null;
        return new Stripe(stripeSecretKey, {
          maxNetworkRetries: 2,
          timeout: config.stripeTimeoutMs,
          ...(url ? { host: url.hostname, port: Number(url.port), protocol: url.protocol.replace(':', '') as 'http' | 'https' } : {}),
        });
      })
      .catch((err) => {
        this.client = undefined;
        throw err;
      }));
  }

  /**
   * Runs a call. Stripe being down, overloaded or misconfigured is a 503 (BillingProviderError); a request
   * Stripe refuses (a customer deleted in its dashboard, an archived price) is a 409 the user can act on.
   * The details are logged, not shown.
   */
  private async call<T>(what: string, run: (s: Stripe) => Promise<T>): Promise<T> {
    const s = await this.stripe();
    for (let attempt = 0; ; attempt++) {
      try {
        return await run(s);
      } catch (err) {
        // The SDK retries a 5xx or a lost connection itself but not a rate limit (429), which did nothing:
        // tried again here after a pause, twice at most.
        if ((err as { type?: string }).type === 'StripeRateLimitError' && attempt < RATE_LIMIT_RETRIES) {
          await new Promise((r) => setTimeout(r, 250 * 2 ** attempt));
          continue;
        }
        throw this.failure(what, err);
      }
    }
  }

  /** What a failed call means to the user (see call). */
  private failure(what: string, err: unknown): Error {
    const e = err as { type?: string; message?: string; statusCode?: number; code?: string };
    const detail = `Stripe did not ${what}: ${e.type ?? ''} ${e.code ?? ''} ${e.message ?? ''}`.replace(/\s+/g, ' ').trim();
    if (e.type === 'StripeInvalidRequestError' || e.type === 'StripeCardError') {
      log.error(detail);
      return new Conflict('Billing could not do this right now. Please reload the page and try again.', 'billing_refused');
    }
    return new BillingProviderError(detail);
  }

  async listPlans(): Promise<Plan[]> {
    const products = await this.call('list products', (s) => s.products.list({ active: true, limit: 100, expand: ['data.default_price'] }));
    const plans: Plan[] = [];
    for (const p of products.data) {
      const price = p.default_price;
      if (!price || typeof price === 'string' || !price.active || price.recurring?.interval !== 'month' || price.unit_amount == null)
        continue;
      plans.push({
        id: p.id,
        name: p.name,
        popular: p.metadata?.popular === 'true',
        price: { id: price.id, amount: price.unit_amount },
        features: (p.marketing_features ?? []).flatMap((f) => (f.name ? [{ name: f.name }] : [])),
        limits: {
          maxTracks: limitOf(p.id, 'maxTracks', p.metadata?.maxTracks),
          suggestionsPerHour: limitOf(p.id, 'suggestionsPerHour', p.metadata?.suggestionsPerHour),
        },
      });
    }
    return plans.sort((a, b) => a.price.amount - b.price.amount || a.name.localeCompare(b.name));
  }

  async createCustomer(user: { id: string; email: string; name: string }): Promise<string> {
    const customer = await this.call('create a customer', (s) =>
      // One customer per user however often this runs: Stripe replays the first answer for the same key.
      s.customers.create({ email: user.email, name: user.name, metadata: { userId: user.id } }, { idempotencyKey: `customer-${user.id}` }),
    );
    return customer.id;
  }

  async createCheckout(opts: CheckoutRequest): Promise<string> {
    const session = await this.call('create a checkout session', (s) =>
      s.checkout.sessions.create(
        {
          mode: 'subscription',
          customer: opts.customerId,
          line_items: [{ price: opts.priceId, quantity: 1 }],
          success_url: opts.successUrl,
          cancel_url: opts.cancelUrl,
          client_reference_id: opts.userId,
          metadata: { userId: opts.userId },
          subscription_data: { metadata: { userId: opts.userId } },
        },
        { idempotencyKey: opts.idempotencyKey },
      ),
    );
    if (!session.url) throw new BillingProviderError('Stripe created a checkout session without a URL');
    return session.url;
  }

  async createPortal(opts: { customerId: string; returnUrl: string }): Promise<string> {
    const session = await this.call('open the billing portal', (s) =>
      s.billingPortal.sessions.create({ customer: opts.customerId, return_url: opts.returnUrl }),
    );
    return session.url;
  }

  async subscriptionsOf(customerId: string): Promise<Subscription[]> {
    const list = await this.call('list subscriptions', (s) => s.subscriptions.list({ customer: customerId, limit: 20 }));
    return list.data.flatMap((sub) => {
      const item = sub.items.data[0];
      if (!item) return [];
      const end =
        (item as { current_period_end?: number }).current_period_end ??
        (sub as unknown as { current_period_end?: number }).current_period_end;
      return [
        {
          id: sub.id,
          status: sub.status,
          priceId: item.price.id,
          planId: idOf(item.price.product as string | { id: string }) ?? '',
          currentPeriodEnd: end ? new Date(end * 1000).toISOString() : null,
          cancelAtPeriodEnd: sub.cancel_at_period_end,
        },
      ];
    });
  }

  async verifyEvent(rawBody: string, signature: string | undefined): Promise<BillingEvent | null> {
    if (!signature) return null;
    const [s, { stripeWebhookSecret }] = await Promise.all([this.stripe(), paymentSecrets()]);
    let event: Stripe.Event;
    try {
      event = s.webhooks.constructEvent(rawBody, signature, stripeWebhookSecret);
    } catch {
      return null;
    }
    const object = event.data.object as { customer?: string | { id: string } | null; amount_due?: number };
    return {
      id: event.id,
      type: event.type,
      customerId: idOf(object.customer),
      ...(typeof object.amount_due === 'number' ? { amountDue: object.amount_due } : {}),
    };
  }
}

let provider: BillingProvider | undefined;

/** The configured provider, created once per container (STRIPE_API_URL set: a local stand-in). */
export function billing(): BillingProvider {
  return (provider ??= new StripeBilling(process.env[ENV.stripeApiUrl] || undefined));
}

/** For tests: use another provider (or the configured one again with undefined). */
export function useBillingProvider(p: BillingProvider | undefined): void {
  provider = p;
}
