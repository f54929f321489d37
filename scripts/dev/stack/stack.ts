/**
 * The whole product on local emulators, in one process (plus DynamoDB Local's JVM):
 * DynamoDB Local, local SES, cognito-local, s3rver, the local API gateway and the web app.
 * Used by `npm start` and by the API and browser tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Server } from 'node:http';
import { ENV } from '../../../functions/lib/config.js';
import { handler as customMessage } from '../../../functions/triggers/custom-message.js';
import { handler as postConfirmation } from '../../../functions/triggers/post-confirmation.js';
import { seedDemoData } from '../../seed/seed.js';
import { describeMigrated, migrateAll } from '../../migrate/all.js';
import { startCognito } from '../emulators/cognito.js';
import { ensureTable, startDynamo } from '../emulators/dynamodb.js';
import { startMail } from '../emulators/mail.js';
import { startLogCollector, type LogCollector } from '../emulators/log-collector.js';
import { startS3, type ObjectCreated } from '../emulators/s3.js';
import { startLocalProcessing } from '../emulators/processing.js';
import { startLocalKms } from '../emulators/kms.js';
import { startGateway } from './gateway.js';
import { LocalRealtime, REALTIME_PATH, startStreamPoller } from '../emulators/realtime.js';
import { startScheduler } from '../emulators/scheduler.js';
import { startPaypal } from '../stand-ins/paypal/server.js';
import { startStripe } from '../stand-ins/stripe/server.js';
import { seedDemoPlans } from '../../seed/demo-plans.js';
import { localSecretEnv } from '../../../functions/lib/secrets.js';
import { ensureUserPool, localCognitoClient } from '../emulators/user-pool.js';
import { startStaticWeb, startViteDev, type ImagesSource, type WebServer } from './web.js';
import type { Ports } from './ports.js';
import { forgetClients } from '../../../functions/lib/aws/options.js';
import { proxiedEnvironment, startFaultProxy, type ServiceName } from '../faults/fault-proxy.js';
import { usePaymentProvider } from '../../../functions/providers/payments.js';
import {
  IMAGES_BUCKET,
  LOCAL_IMPERSONATION_KEY,
  LOCAL_PAYMENT_SECRETS,
  LOCAL_RECEIPT_KEY,
  LOCAL_RECEIPT_KEY_ID,
  MAIL_FROM,
  MEDIA_BUCKET,
  TABLE_NAME,
} from './local-names.js';

export interface StackOptions {
  ports: Ports;
  dataDir: string;
  /** 'dev': Vite with hot reload; 'static': the built bundle in web/dist; 'none': API only. */
  web: 'dev' | 'static' | 'none';
  seed: boolean;
  /** false: the scheduled jobs do not run (a bench runs them itself, to time them). */
  scheduler?: boolean;
  /**
   * Puts a fault proxy (scripts/dev/faults/fault-proxy.ts) in front of DynamoDB Local, the PayPal and Stripe
   * stand-ins, S3 and SES, for the functions' calls: each passes everything until armed at its `/_faults`.
   */
  faults?: boolean;
  /**
   * true: the table, the user pool and the payment stand-ins' state are kept in memory, not in `dataDir` (for a
   * stack whose data is thrown away).
   */
  dataInMemory?: boolean;
  log?: (line: string) => void;
}

export interface RuntimeConfig {
  mode: 'local';
  region: string;
  apiUrl: string;
  userPoolId: string;
  userPoolClientId: string;
  userPoolEndpoint: string;
  realtimeUrl: string;
}

export interface LocalStack {
  appUrl: string;
  apiUrl: string;
  realtimeUrl: string;
  mailUrl: string;
  /** The log collector's page (the functions' structured lines, metrics and the browser's reports). */
  logsUrl: string;
  logs: LogCollector;
  paypalUrl: string;
  stripeUrl: string;
  cognitoEndpoint: string;
  dynamoEndpoint: string;
  s3Endpoint: string;
  /** The local KMS, and the ARN of the receipt key it holds. */
  kmsEndpoint: string;
  receiptKeyId: string;
  userPoolId: string;
  userPoolClientId: string;
  runtimeConfig: RuntimeConfig;
  /** With `faults`: each proxy's URL, whose `/_faults` arms it. */
  faultProxies?: Partial<Record<ServiceName, string>>;
  stop(): Promise<void>;
}

/** What stops a started service, run last first when the stack stops. */
type Stoppers = (() => Promise<void> | void)[];

const closeServer = (s: Server) =>
  new Promise<void>((r) => {
    s.close(() => r());
    // Keep-alive connections would otherwise hold the port open until they time out.
    s.closeAllConnections();
  });

/** GET /health must answer 200: otherwise the stack is not started (the gateway's log says which store failed). */
async function expectHealthy(apiUrl: string): Promise<void> {
  const res = await fetch(`${apiUrl}/health`, { signal: AbortSignal.timeout(10_000) });
  if (res.status !== 200) throw new Error(`The local API's health check answered ${res.status}: ${await res.text()}`);
}

/** The functions' endpoints each behind a fault proxy (the services stay where they are for everyone else); the proxies' URLs. */
async function putFaultProxies(targets: Record<Exclude<ServiceName, 'api'>, string>, stoppers: Stoppers) {
  const urls: Partial<Record<ServiceName, string>> = {};
  for (const service of Object.keys(targets) as (keyof typeof targets)[]) {
    const proxy = await startFaultProxy({ service, target: targets[service] });
    stoppers.push(() => proxy.close());
    urls[service] = proxy.url;
  }
  Object.assign(process.env, proxiedEnvironment(urls));
  // What the start made before (the seed's calls) is made again through the proxies.
  forgetClients();
  usePaymentProvider(undefined);
  return urls;
}

/** DynamoDB Local with the product's table; stopping it waits for its JVM to exit. */
async function startTable(port: number, dataDir: string | null, stoppers: Stoppers) {
  const dynamo = await startDynamo(port, dataDir && path.join(dataDir, 'dynamodb'));
  stoppers.push(
    () =>
      new Promise<void>((resolve) => {
        if (dynamo.process.exitCode !== null) return resolve();
        dynamo.process.once('exit', () => resolve());
        dynamo.process.kill('SIGTERM');
        dynamo.process.stdin?.end();
      }),
  );
  await ensureTable(dynamo.endpoint, TABLE_NAME);
  return dynamo;
}

/** The handler modules (and the trigger cognito-local calls) read their configuration from here. */
function setFunctionEnvironment(where: {
  appUrl: string;
  apiPort: number;
  dynamoEndpoint: string;
  s3Endpoint: string;
  sesEndpoint: string;
}) {
  Object.assign(process.env, {
    [ENV.stage]: 'local',
    [ENV.region]: process.env[ENV.region] ?? 'us-east-1',
    [ENV.tableName]: TABLE_NAME,
    [ENV.mediaBucket]: MEDIA_BUCKET,
    [ENV.imagesBucket]: IMAGES_BUCKET,
    [ENV.appUrl]: where.appUrl,
    [ENV.apiUrl]: `http://localhost:${where.apiPort}`,
    [ENV.mailFrom]: MAIL_FROM,
    [ENV.dynamoEndpoint]: where.dynamoEndpoint,
    [ENV.s3Endpoint]: where.s3Endpoint,
    [ENV.sesEndpoint]: where.sesEndpoint,
  });
  // Clients an earlier stack of this process made would still call its ports.
  forgetClients();
}

/** cognito-local with the product's triggers, and the user pool the functions are configured with. */
async function startUserPool(port: number, dataDir: string, keepData: boolean, sesEndpoint: string, stoppers: Stoppers) {
  const cognito = await startCognito({
    port,
    dataDir: path.join(dataDir, 'cognito'),
    keepData,
    mailFrom: MAIL_FROM,
    sesEndpoint,
    triggers: {
      CustomMessage: customMessage as (e: unknown) => Promise<unknown>,
      PostConfirmation: postConfirmation as (e: unknown) => Promise<unknown>,
    },
  });
  stoppers.push(() => closeServer(cognito.server));
  const pool = await ensureUserPool(cognito.endpoint, path.join(dataDir, 'user-pool.json'));
  Object.assign(process.env, {
    [ENV.cognitoEndpoint]: cognito.endpoint,
    [ENV.userPoolId]: pool.userPoolId,
    [ENV.userPoolClientId]: pool.userPoolClientId,
  });
  return { cognito, pool };
}

/**
 * The PayPal and Stripe stand-ins, with the functions configured to call them. Their webhooks go to the
 * local API, whose URL apiUrl gives once it listens. keepData false: their state is never written to disk.
 */
async function startPaymentStandins(
  ports: Ports,
  dataDir: string,
  keepData: boolean,
  apiUrl: () => string | undefined,
  stoppers: Stoppers,
) {
  const webhookUrl = (provider: string) => () => {
    const api = apiUrl();
    return api && `${api}/${provider}/webhook`;
  };
  const paypal = await startPaypal({
    port: ports.paypal,
    dataDir: path.join(dataDir, 'paypal'),
    keepData,
    clientId: LOCAL_PAYMENT_SECRETS.paypalClientId,
    clientSecret: LOCAL_PAYMENT_SECRETS.paypalClientSecret,
    webhookId: LOCAL_PAYMENT_SECRETS.paypalWebhookId,
    webhookUrl: webhookUrl('paypal'),
    log: (l) => console.warn(l),
  });
  stoppers.push(() => paypal.close());
  const stripe = await startStripe({
    port: ports.stripe,
    dataDir: path.join(dataDir, 'stripe'),
    keepData,
    secretKey: LOCAL_PAYMENT_SECRETS.stripeSecretKey,
    webhookSecret: LOCAL_PAYMENT_SECRETS.stripeWebhookSecret,
    webhookUrl: webhookUrl('stripe'),
    log: (l) => console.warn(l),
  });
  stoppers.push(() => stripe.close());
  Object.assign(process.env, {
    [ENV.paypalApiUrl]: paypal.url,
    [ENV.stripeApiUrl]: stripe.url,
    ...Object.fromEntries(Object.entries(LOCAL_PAYMENT_SECRETS).map(([k, v]) => [localSecretEnv(k), v])),
    IMPERSONATION_KEY: LOCAL_IMPERSONATION_KEY,
  });
  return { paypal, stripe };
}

/** KMS holding the receipt key, with the functions configured to sign through it. */
async function startReceiptKms(stoppers: Stoppers) {
  const kms = await startLocalKms({ [LOCAL_RECEIPT_KEY_ID]: LOCAL_RECEIPT_KEY }, process.env[ENV.region]);
  stoppers.push(() => kms.close());
  const receiptKeyId = kms.keyArn(LOCAL_RECEIPT_KEY_ID);
  Object.assign(process.env, { [ENV.kmsEndpoint]: kms.endpoint, RECEIPT_KEY_ID: receiptKeyId });
  return { kmsEndpoint: kms.endpoint, receiptKeyId };
}

/** The API gateway with its realtime channel fed by the table's stream, and (unless turned off) the scheduled jobs. */
async function startApi(port: number, appUrl: string, dynamoEndpoint: string, scheduler: boolean, stoppers: Stoppers) {
  process.env[ENV.realtimeEndpoint] = `http://127.0.0.1:${port}`;
  const realtime = new LocalRealtime();
  const gateway = await startGateway(port, appUrl, realtime);
  stoppers.push(() => closeServer(gateway));
  stoppers.push(() => realtime.close());
  const poller = startStreamPoller(dynamoEndpoint, TABLE_NAME);
  stoppers.push(() => poller.stop());
  // EventBridge's schedules in AWS: comment digests and payment checks.
  if (scheduler) {
    const jobs = startScheduler();
    stoppers.push(() => jobs.stop());
  }
}

/** The web app as the options ask (none, Vite's dev server, or the built bundle), reading its configuration from configFile. */
async function startWeb(mode: StackOptions['web'], port: number, configFile: string, images: ImagesSource, stoppers: Stoppers) {
  let web: WebServer | undefined;
  if (mode === 'dev') web = await startViteDev(port, configFile, images);
  if (mode === 'static') web = await startStaticWeb(port, 'web/dist', configFile, images);
  if (web) stoppers.push(() => web!.close());
}

export async function startStack(opts: StackOptions): Promise<LocalStack> {
  const log = opts.log ?? (() => {});
  // Local mode runs on whatever Node the developer has; the SDKs' support notices are noise here.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';
  const { ports } = opts;
  const dataDir = path.resolve(opts.dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  const appUrl = `http://localhost:${ports.app}`;
  const stoppers: Stoppers = [];
  const stop = async () => {
    for (const s of stoppers.reverse()) await Promise.resolve(s()).catch(() => {});
    stoppers.length = 0;
  };

  try {
    // First, so that it has every line the functions write from the start.
    const logs = await startLogCollector(ports.logs);
    stoppers.push(() => logs.stop());

    log('Starting DynamoDB Local...');
    const dynamo = await startTable(ports.dynamodb, opts.dataInMemory ? null : dataDir, stoppers);

    log('Starting local SES, cognito-local and S3...');
    const mail = await startMail(ports.mail);
    stoppers.push(() => closeServer(mail.server));
    const sesEndpoint = `http://127.0.0.1:${ports.mail}`;
    // S3 -> processing function: bound once the environment the workers inherit is complete (below).
    let objectCreated: (e: ObjectCreated) => void = () => {};
    const s3 = await startS3(ports.s3, path.join(dataDir, 's3'), [MEDIA_BUCKET, IMAGES_BUCKET], appUrl, (e) => objectCreated(e));
    stoppers.push(() => s3.close());

    setFunctionEnvironment({ appUrl, apiPort: ports.api, dynamoEndpoint: dynamo.endpoint, s3Endpoint: s3.endpoint, sesEndpoint });
    const { cognito, pool } = await startUserPool(ports.cognito, dataDir, !opts.dataInMemory, sesEndpoint, stoppers);

    // The webhooks go to the local API, which listens once the gateway below has started.
    let webhooksUrl: string | undefined;
    const { paypal, stripe } = await startPaymentStandins(ports, dataDir, !opts.dataInMemory, () => webhooksUrl, stoppers);
    const { kmsEndpoint, receiptKeyId } = await startReceiptKms(stoppers);

    const processing = await startLocalProcessing({ tag: `s3-${ports.s3}`, bucket: MEDIA_BUCKET, log: (l) => console.warn(l) });
    stoppers.push(() => processing.stop());
    // In AWS only the media bucket notifies the uploads queue.
    objectCreated = (e) => {
      if (e.bucket === MEDIA_BUCKET) processing.objectCreated(e.bucket, e.key, e.size, e.eventName);
    };

    // A data directory from an earlier version: its records moved to what this one reads, before anything runs.
    const migrated = describeMigrated(await migrateAll());
    if (migrated) log(migrated);

    if (opts.seed) {
      log('Seeding demo data...');
      // Plans first: the demo's uploads are counted against the free plan's limits.
      await seedDemoPlans(stripe.url, LOCAL_PAYMENT_SECRETS.stripeSecretKey);
      await seedDemoData(localCognitoClient(cognito.endpoint), pool.userPoolId);
    }

    const faultProxies = opts.faults
      ? await putFaultProxies(
          { dynamodb: dynamo.endpoint, paypal: paypal.url, stripe: stripe.url, s3: s3.endpoint, ses: sesEndpoint, kms: kmsEndpoint },
          stoppers,
        )
      : undefined;

    await startApi(ports.api, appUrl, dynamo.endpoint, opts.scheduler !== false, stoppers);
    const apiUrl = `http://localhost:${ports.api}`;
    webhooksUrl = apiUrl;
    // As a deploy's health check would: the table and both buckets answer through the API.
    await expectHealthy(apiUrl);

    const runtimeConfig: RuntimeConfig = {
      mode: 'local',
      region: process.env[ENV.region]!,
      apiUrl,
      userPoolId: pool.userPoolId,
      userPoolClientId: pool.userPoolClientId,
      userPoolEndpoint: cognito.endpoint,
      realtimeUrl: `ws://localhost:${ports.api}${REALTIME_PATH}`,
    };
    const configFile = path.join(dataDir, 'config.json');
    fs.writeFileSync(configFile, JSON.stringify(runtimeConfig, null, 2));
    await startWeb(opts.web, ports.app, configFile, { endpoint: s3.endpoint, bucket: IMAGES_BUCKET }, stoppers);

    return {
      appUrl,
      apiUrl,
      realtimeUrl: runtimeConfig.realtimeUrl,
      mailUrl: `http://localhost:${ports.mail}`,
      logsUrl: logs.url,
      logs,
      paypalUrl: paypal.url,
      stripeUrl: stripe.url,
      cognitoEndpoint: cognito.endpoint,
      dynamoEndpoint: dynamo.endpoint,
      s3Endpoint: s3.endpoint,
      kmsEndpoint,
      receiptKeyId,
      userPoolId: pool.userPoolId,
      userPoolClientId: pool.userPoolClientId,
      runtimeConfig,
      faultProxies,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
