/**
 * The per-feedback payment provider (the spec's payment provider: PayPal Orders v2, USD, capture intent).
 * The product depends on its interface only (payment-provider.ts, re-exported here); `paypal.ts` implements
 * it over PayPal's REST API, whose base URL is configuration, so the same client talks to PayPal in AWS
 * and to the local stand-in (scripts/dev/stand-ins/paypal/) in local mode.
 */
import { config } from '../lib/config.js';
import { paymentSecrets } from '../lib/secrets.js';
import type { PaymentProvider } from './payment-provider.js';
import { PaypalClient } from './paypal.js';

export * from './payment-provider.js';

let provider: PaymentProvider | undefined;

/** The configured provider, created once per container. */
export function payments(): PaymentProvider {
  return (provider ??= new PaypalClient({
    baseUrl: config.paypalApiUrl,
    timeoutMs: config.paypalTimeoutMs,
    credentials: async () => {
      const s = await paymentSecrets();
      return { clientId: s.paypalClientId, clientSecret: s.paypalClientSecret, webhookId: s.paypalWebhookId };
    },
  }));
}

/** For tests: use another provider (or the configured one again with undefined). */
export function usePaymentProvider(p: PaymentProvider | undefined): void {
  provider = p;
}
