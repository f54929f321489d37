/** The state file, the context the stand-in's parts share, and PayPal's ids, times and amounts. */
import fs from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import type { Money, State, WebhookEvent } from './records.js';

/** What every part of the stand-in works with. */
export interface StandinContext {
  /** Where it listens (http://localhost:port): the base of the links in its answers. */
  readonly url: string;
  readonly state: State;
  /** Writes the state to disk. */
  save(): void;
  log(line: string): void;
  /** The OAuth client credentials the product must present; the secret also signs webhooks. */
  readonly clientId: string;
  readonly clientSecret: string;
  /** The id of the one registered webhook. */
  readonly webhookId: string;
  /** The merchant's and the one buyer's PayPal ids: fixed for a client id. */
  readonly merchantId: string;
  readonly payerId: string;
  /** verify-webhook-signature calls by the id of the event they were about (kept in memory only). */
  readonly verifications: Map<string, number>;
  /** Records a webhook event, delivered after the current request has been answered. */
  emit(eventType: string, resourceType: WebhookEvent['resource_type'], summary: string, resource: unknown): void;
}

const STATE_VERSION = 1;

/** PayPal's US rate for PayPal checkout: 3.49% + $0.49; the fixed part is not returned on refunds. */
export const FEE_RATE_BP = 349;
export const FEE_FIXED_CENTS = 49;
export const BUYER = { email: 'buyer@example.com', givenName: 'John', surname: 'Doe' };
export const MERCHANT_EMAIL = 'merchant@example.com';

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** PayPal's ids: uppercase letters and digits (17 for orders, captures and refunds). */
export const paypalId = (length = 17) => Array.from(randomBytes(length), (b) => ALNUM[b % 36]).join('');
export const stableId = (seed: string, length: number) =>
  Array.from(createHash('sha256').update(seed).digest().subarray(0, length), (b) => ALNUM[b % 36]).join('');
export const debugId = () => randomBytes(7).toString('hex').slice(0, 13);
/** PayPal's timestamps have whole seconds. */
export const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
export const usd = (cents: number): Money => ({ currency_code: 'USD', value: (cents / 100).toFixed(2) });

/** Writes the state whole, through a temporary file. */
export function saveState(file: string, state: State) {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(state));
  fs.renameSync(tmp, file);
}

export function loadState(file: string): State {
  const empty: State = {
    version: STATE_VERSION,
    tokens: {},
    orders: {},
    captures: {},
    refunds: {},
    payouts: { batches: {}, items: {}, outcomes: {} },
    disputes: {},
    plantedTransactions: [],
    idempotency: {},
    events: [],
  };
  if (!fs.existsSync(file)) return empty;
  let loaded: State;
  try {
    loaded = JSON.parse(fs.readFileSync(file, 'utf8')) as State;
  } catch (err) {
    throw new Error(
      `The PayPal stand-in's state in ${file} is not valid JSON (${(err as Error).message}): delete the file to start afresh`,
    );
  }
  if (loaded.version !== STATE_VERSION) {
    throw new Error(
      `The PayPal stand-in's state in ${file} has version ${loaded.version}, not ${STATE_VERSION}: delete the file to start afresh`,
    );
  }
  // Events written by an earlier version: the pending ones go out again, from their first attempt.
  for (const e of loaded.events ?? []) {
    if (e.autoDeliver === undefined)
      Object.assign(e, { autoDeliver: e.status === 'PENDING' && !e.held, autoAttempts: 0, nextAttemptAt: 0 });
  }
  // Records an earlier version did not keep start empty.
  return { ...empty, ...loaded, payouts: { ...empty.payouts, ...loaded.payouts } };
}
