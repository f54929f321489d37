import { getRuntimeConfig } from './runtime-config';

let ready: Promise<void> | null = null;

/**
 * Amplify, loaded and configured from the runtime configuration at the first call: the app's boot and
 * the sign-in form ask for it, so that a visitor's first page (the front page, the sign-in form before
 * it is filled in) neither downloads nor runs it. A failed load is tried again at the next call.
 */
export function amplifyReady(): Promise<void> {
  ready ??= import('./amplify').then(
    (m) => m.configureAmplify(getRuntimeConfig()),
    (err: unknown) => {
      ready = null;
      throw err;
    },
  );
  return ready;
}
