import { getRuntimeConfig } from './runtime-config';

export type AmplifySession = typeof import('./amplify');

/** Amplify's code could not be loaded or set up (offline, a deployment replaced its chunk): not a sign-out. */
export class AmplifyUnavailable extends Error {
  constructor(cause: unknown) {
    super('The sign-in service could not be loaded', { cause });
    this.name = 'AmplifyUnavailable';
  }
}

let ready: Promise<AmplifySession> | null = null;
const onLoad = new Set<(amplify: AmplifySession) => void>();
let loaded: AmplifySession | null = null;

/**
 * Amplify, loaded and configured from the runtime configuration at the first call, with the session's
 * functions: the sign-in form, a token's refresh, the sign-out and the forms that talk to Cognito ask for
 * it, so that a visitor's first page and a returning user's first screen (stored-session.ts) neither
 * download nor run it. A failed load or set-up (AmplifyUnavailable) is tried again at the next call.
 */
export function amplifyReady(): Promise<AmplifySession> {
  ready ??= import('./amplify')
    .then((m) => {
      m.configureAmplify(getRuntimeConfig());
      loaded = m;
      for (const listener of onLoad) {
        try {
          listener(m);
        } catch (err) {
          console.error(err); // one listener's failure is not Amplify's
        }
      }
      return m;
    })
    .catch((err: unknown) => {
      ready = null;
      throw new AmplifyUnavailable(err);
    });
  return ready;
}

/**
 * Calls `listener` once Amplify is loaded (at once if it is), without loading it: for what only Amplify
 * can tell (its Hub's events). Returns the way to stop listening.
 */
export function whenAmplifyLoaded(listener: (amplify: AmplifySession) => void): () => void {
  if (loaded) listener(loaded);
  else onLoad.add(listener);
  return () => void onLoad.delete(listener);
}

/** `call`, made once Amplify is configured: for Amplify's functions that a form or a page imports itself. */
export async function withAmplify<T>(call: () => Promise<T>): Promise<T> {
  await amplifyReady();
  return call();
}

/** Starts loading Amplify without waiting for it, at a sign of intent (a pointer over Logout, its focus). */
export const preloadAmplify = () => void amplifyReady().catch(() => {});
