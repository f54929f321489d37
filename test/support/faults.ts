/**
 * The fault harness: a second local gateway, in the test's own process, whose functions reach DynamoDB
 * Local, the PayPal and Stripe stand-ins, S3, SES and KMS through fault proxies (scripts/dev/faults/fault-proxy.ts).
 * The test stack's emulators and stand-ins stay as they are (other files use them meanwhile); only the calls
 * made through this gateway, and by the functions this process calls directly, can be faulted. PayPal's
 * webhooks still go to the stack's own gateway, as they would to another Lambda.
 */
import { ENV } from '../../functions/lib/config.js';
import { forgetClients } from '../../functions/lib/aws/options.js';
import {
  proxiedEnvironment,
  startFaultProxy,
  type Fault,
  type FaultProxy,
  type ProxiedCall,
  type ServiceName,
} from '../../scripts/dev/faults/fault-proxy.js';
import { LocalRealtime } from '../../scripts/dev/emulators/realtime.js';
import { startGateway } from '../../scripts/dev/stack/gateway.js';
import { freePort } from '../../scripts/dev/stack/ports.js';
import type { StackInfo } from './global-setup.js';
import { useGatewayEnvironment } from './in-process.js';

/**
 * The functions give up on a DynamoDB, PayPal or Stripe call unanswered this long (ms); a late answer comes after
 * it, a slow one before it (and after the webhooks the call raised).
 */
export const CALL_TIMEOUT_MS = 1_500;
const LATE_MS = 2_000;
const SLOW_MS = 900;

export interface FaultStack {
  /** The gateway whose functions' calls pass the proxies, itself reached through one (`api`: its answers lost, say). */
  apiUrl: string;
  proxies: Record<ServiceName, FaultProxy>;
  /** Arms one proxy with a fault (the others pass everything); null disarms them all. */
  arm(service: ServiceName | null, fault?: Fault): void;
  /** Counts the calls from now, with no fault. */
  record(): void;
  /** The calls seen since armed or recording, in order, of every proxy. */
  calls(): ProxiedCall[];
  /** Whether the armed fault was applied. */
  fired(): boolean;
  stop(): Promise<void>;
}

/** Resets what the functions cached from the environment: their AWS clients, the payment and the billing providers. */
async function forgetProviders() {
  forgetClients();
  (await import('../../functions/providers/payments.js')).usePaymentProvider(undefined);
  (await import('../../functions/providers/billing.js')).useBillingProvider(undefined);
}

export async function startFaultStack(stack: StackInfo): Promise<FaultStack> {
  // The process's environment as it was, put back at the stop (a worker runs other files after this one).
  const before = { ...process.env };
  useGatewayEnvironment(stack);
  const proxy = (service: ServiceName, target: string) => startFaultProxy({ service, target, lateMs: LATE_MS, slowMs: SLOW_MS });
  const [dynamodb, paypal, stripe, s3, ses, kms] = await Promise.all([
    proxy('dynamodb', stack.dynamoEndpoint),
    proxy('paypal', stack.paypalUrl),
    proxy('stripe', stack.stripeUrl),
    proxy('s3', stack.s3Endpoint),
    proxy('ses', stack.mailUrl),
    proxy('kms', stack.kmsEndpoint),
  ]);
  Object.assign(process.env, {
    ...proxiedEnvironment({ dynamodb: dynamodb.url, paypal: paypal.url, stripe: stripe.url, s3: s3.url, ses: ses.url, kms: kms.url }),
    [ENV.dynamoTimeoutMs]: String(CALL_TIMEOUT_MS),
    [ENV.paypalTimeoutMs]: String(CALL_TIMEOUT_MS),
    [ENV.stripeTimeoutMs]: String(CALL_TIMEOUT_MS),
  });
  await forgetProviders();
  const port = await freePort();
  const realtime = new LocalRealtime();
  process.env[ENV.realtimeEndpoint] = `http://127.0.0.1:${port}`;
  const gateway = await startGateway(port, stack.appUrl, realtime);
  const api = await proxy('api', `http://127.0.0.1:${port}`);
  const proxies: Record<ServiceName, FaultProxy> = { dynamodb, paypal, stripe, s3, ses, kms, api };
  const all = Object.values(proxies);
  return {
    apiUrl: api.url,
    proxies,
    arm(service, fault) {
      for (const p of all) p.arm(p.service === service && fault ? fault : null);
    },
    record() {
      for (const p of all) p.record();
    },
    calls: () => all.flatMap((p) => p.calls),
    fired: () => all.some((p) => p.fired),
    async stop() {
      await new Promise<void>((r) => {
        gateway.close(() => r());
        gateway.closeAllConnections();
      });
      realtime.close();
      await Promise.all(all.map((p) => p.close()));
      for (const key of Object.keys(process.env)) if (!(key in before)) delete process.env[key];
      Object.assign(process.env, before);
      await forgetProviders();
    },
  };
}
