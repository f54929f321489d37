/**
 * What every AWS SDK client here shares: created once per container on first use, and in local mode
 * pointed at the emulator whose endpoint scripts/dev puts in the environment. One module per client
 * (dynamo.ts, s3.ts, cognito.ts, ses.ts, sqs.ts, realtime.ts), so that a function imports only the clients it
 * calls: each client costs import time at every cold start (test/infra/bundle-contents.test.ts).
 */
import { config } from '../config.js';

export const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };

const forgets: (() => void)[] = [];

export function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  forgets.push(() => (value = undefined));
  return () => (value ??= make());
}

/**
 * Forgets every client made, so that the next use reads the endpoints again: for a local tool that starts a
 * second stack in the same process (the bench), whose emulators listen on other ports than the first's.
 */
export function forgetClients(): void {
  for (const forget of forgets) forget();
}

export function base(endpoint: string | undefined) {
  return endpoint ? { region: config.region, endpoint, credentials: localCredentials } : { region: config.region };
}
