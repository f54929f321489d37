/**
 * What every AWS SDK client here shares: created once per container on first use, and in local mode
 * pointed at the emulator whose endpoint scripts/dev puts in the environment. One module per client
 * (dynamo.ts, s3.ts, cognito.ts, ses.ts, realtime.ts), so that a function imports only the clients it
 * calls: each client costs import time at every cold start (test/infra/bundle-contents.test.ts).
 */
import { config } from '../config.js';

export const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };

export function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

export function base(endpoint: string | undefined) {
  return endpoint ? { region: config.region, endpoint, credentials: localCredentials } : { region: config.region };
}
