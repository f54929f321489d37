/**
 * Every rate limit of the API in one table (docs/how-it-works.md's Security section lists them): per signed-in user
 * for what costs the platform (provider calls, processing runs), per client address for public routes.
 * Fixed windows counted in the table (platform/data/limits.ts); a call past one is a 429 with `Retry-After`.
 */
import { giveBackInWindow, peekInWindow, takeInWindow, type LimitWindow } from './data/limits.js';
import { TooManyRequests } from '../lib/errors.js';

interface Limit {
  /** Who is counted. */
  per: 'user' | 'client';
  limit: number;
  windowSeconds: number;
  /** What the caller reads when refused. */
  message: string;
}

/** A public route's limit: `limit` calls a minute from one client address. */
const perAddressMinute = (limit: number): Limit => ({
  per: 'client',
  limit,
  windowSeconds: 60,
  message: 'Too many requests from this address in a minute.',
});

export const RATE_LIMITS = {
  emailLookup: {
    per: 'client',
    limit: 20,
    windowSeconds: 60,
    message: 'Too many e-mail checks from your network. Please wait a minute and try again.',
  },
  // The front page's figures (GET /showcase, anyone's to ask): a visitor's page asks once per load.
  showcase: perAddressMinute(60),
  // The plans for a visitor (GET /plans), asked for by a front page whose showcase had none, once per load.
  plans: perAddressMinute(30),
  // A review's read-only link (public): a reader opens it a few times; the limit bounds guessing at tokens.
  publicReview: perAddressMinute(60),
  // A review receipt checked by whoever holds it (public): a person checks one now and then.
  checkReceipt: perAddressMinute(30),
  // An e-mail's unsubscribe link (public): a person clicks it once; the limit bounds guessing at tokens.
  unsubscribe: perAddressMinute(30),
  // 'Download my data' reads every list of the account to its end: a person takes their data now and then.
  dataExport: {
    per: 'user',
    limit: 5,
    windowSeconds: 3600,
    message: 'Too many downloads of your data in an hour. Please try again later.',
  },
  // Deleting an account (and the check before it) reads every list of the account to its end.
  accountDeletion: {
    per: 'user',
    limit: 20,
    windowSeconds: 3600,
    message: 'Too many tries at deleting your account in an hour. Please try again later.',
  },
  // Each order is a PayPal call and a payment the checks look after: a musician pays for a few at a time.
  createOrder: {
    per: 'user',
    limit: 10,
    windowSeconds: 60,
    message: 'Too many payments started in a minute. Please wait a moment and try again.',
  },
  createOrderHourly: {
    per: 'user',
    limit: 30,
    windowSeconds: 3600,
    message: 'Too many payments started in an hour. Please try again later.',
  },
  // Each capture that finds its payment pending is a PayPal call, from the quota that captures, refunds and
  // payouts share: a payer comes back from PayPal once, and the app's retries and a second tab add a few; a
  // musician paying for a whole album in a sitting stays far below it.
  captureOrder: {
    per: 'user',
    limit: 30,
    windowSeconds: 60,
    message: 'Too many tries at completing a payment in a minute. Please wait a moment and try again.',
  },
  captureOrderHourly: {
    per: 'user',
    limit: 300,
    windowSeconds: 3600,
    message: 'Too many tries at completing a payment in an hour. Please try again later.',
  },
  // Each upload ticket is a processing run (3 GB for up to 15 minutes): an album of 20 files dropped at once passes.
  uploadTicket: {
    per: 'user',
    limit: 30,
    windowSeconds: 60,
    message: 'Too many uploads started in a minute. Please wait a moment and try again.',
  },
  // A changed payout address e-mails the address it replaces: a pro changes theirs a few times at most.
  payoutAccount: {
    per: 'user',
    limit: 5,
    windowSeconds: 86_400,
    message: 'Too many payout address changes today. Please try again tomorrow.',
  },
  // Each authenticator set-up asks Cognito for a new key; an admin sets one up once, a few tries at most.
  authenticatorSetup: {
    per: 'user',
    limit: 10,
    windowSeconds: 3600,
    message: 'Too many authenticator set-ups started in an hour. Please try again later.',
  },
  // Each ask after a password change reads the account from Cognito (its read quota is the account's, shared
  // by every sign-in): a person changes their password now and then, from a tab or two.
  passwordNotice: {
    per: 'user',
    limit: 10,
    windowSeconds: 3600,
    message: 'Too many password-change notices asked for in an hour. Please try again later.',
  },
  // Browsers' reports (POST /telemetry, anyone's to send): a tab sends one every 5 s at most, and at once on an
  // error, so 120 a minute covers ten busy tabs behind one address; past it, a flood fills no log.
  telemetry: { per: 'client', limit: 120, windowSeconds: 60, message: 'Too many reports from this address in a minute.' },
  // PayPal webhook deliveries that PayPal's verification refused (each cost a call to it): counted after the
  // refusal, checked before the call (refuseOverLimit), so PayPal's own deliveries, however many, never count.
  paypalWebhook: {
    per: 'client',
    limit: 120,
    windowSeconds: 60,
    message: 'Too many webhook deliveries that are not genuine from this address in a minute. Please retry later.',
  },
} as const satisfies Record<string, Limit>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** The limit `name` as `subject` (a user id or a client address, as the limit counts) meets it. */
function windowFor(name: RateLimitName, subject: string): LimitWindow {
  const l: Limit = RATE_LIMITS[name];
  return { subject: l.per === 'user' ? { user: subject } : { client: subject }, name, limit: l.limit, windowSeconds: l.windowSeconds };
}

/** Counts one use of `name` by the subject; throws 429 (with the seconds to wait) when its limit is reached. */
export const enforceRateLimit = (name: RateLimitName, subject: string, now = Date.now()) => enforceRateLimits([name], subject, now);

/**
 * Counts one use of each limit at once (one round trip); when any is reached, the uses the others counted
 * are given back, so that a refused call counts towards none of them, and the first refusal is thrown.
 */
export async function enforceRateLimits(names: RateLimitName[], subject: string, now = Date.now()): Promise<void> {
  const waits = await Promise.all(names.map((name) => takeInWindow(windowFor(name, subject), now)));
  const refused = waits.findIndex((w) => w !== null);
  if (refused < 0) return;
  await Promise.all(names.map((name, i) => (waits[i] === null ? giveBackInWindow(windowFor(name, subject), now) : null)));
  throw new TooManyRequests(RATE_LIMITS[names[refused]].message, waits[refused]!);
}

/**
 * For a limit on what goes wrong rather than on every use: throws 429 when the subject's counted uses
 * have reached it, counting nothing; countRateLimitedUse counts one once it has gone wrong.
 */
export async function refuseOverLimit(name: RateLimitName, subject: string, now = Date.now()): Promise<void> {
  const wait = await peekInWindow(windowFor(name, subject), now);
  if (wait !== null) throw new TooManyRequests(RATE_LIMITS[name].message, wait);
}

/** Counts one use towards `name`'s limit without refusing it (the next call's refuseOverLimit does). */
export async function countRateLimitedUse(name: RateLimitName, subject: string, now = Date.now()): Promise<void> {
  await takeInWindow(windowFor(name, subject), now);
}
