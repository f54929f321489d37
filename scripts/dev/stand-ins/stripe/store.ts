/** The state file, the context the stand-in's parts share, ids and times, lookups ("No such ...") and all-or-nothing requests. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { noSuch } from './errors.js';
import { emptyState, get, type CheckoutRec, type Json, type State } from './records.js';

/** What every part of the stand-in works with. */
export interface StandinContext {
  /** Where it listens (http://localhost:port): the base of its hosted pages' URLs. */
  readonly url: string;
  readonly state: State;
  /** Writes the state to disk (nothing once closed). */
  save(): void;
  log(line: string): void;
  /** Records an event, delivered to the webhook URL after the current request has been answered. */
  emit(type: string, object: Json, ctx: Ctx, previous?: Json): void;
}

/** The API request an event was raised by, as its `request` field names it. */
export interface Ctx {
  requestId: string | null;
  idempotencyKey: string | null;
}
/** Hosted-page actions and simulated billing are not API requests: their events carry no request, as on Stripe. */
export const PAGE_CTX: Ctx = { requestId: null, idempotencyKey: null };

const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
const MAX_DELIVERIES_KEPT = 2000;

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function newId(prefix: string, length = 24): string {
  let s = '';
  for (const b of crypto.randomBytes(length)) s += ID_CHARS[b % ID_CHARS.length];
  return `${prefix}_${s}`;
}

export const nowS = () => Math.floor(Date.now() / 1000);

export function loadState(file: string, log: (l: string) => void): State {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return emptyState();
    throw err;
  }
  try {
    const s = JSON.parse(text) as State;
    if (s?.version !== 1) throw new Error(`unknown version ${String(s?.version)}`);
    return { ...emptyState(), ...s };
  } catch (err) {
    // A broken file must not stop the stack: keep it for inspection and start empty.
    const aside = `${file}.unreadable-${Date.now()}`;
    fs.renameSync(file, aside);
    log(
      `[stripe] ${path.basename(file)} could not be read (${(err as Error).message}): starting empty, the old file is kept as ${path.basename(aside)}`,
    );
    return emptyState();
  }
}

/** Drops idempotency keys past their day and the oldest deliveries, so the state does not grow without end. */
export function pruneState(state: State) {
  const cutoff = Date.now() - IDEMPOTENCY_TTL_MS;
  for (const [k, v] of Object.entries(state.idempotency)) if (v.at < cutoff) delete state.idempotency[k];
  if (state.deliveries.length > MAX_DELIVERIES_KEPT) state.deliveries.splice(0, state.deliveries.length - MAX_DELIVERIES_KEPT);
}

/** Writes the state whole, through a temporary file. */
export function writeState(file: string, state: State, log: (line: string) => void) {
  try {
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(state));
    fs.renameSync(tmp, file);
  } catch (err) {
    log(`[stripe] could not save state: ${(err as Error).message}`);
  }
}

/**
 * Runs a request all or nothing, as Stripe does: one refused late (say, for its `expand`) leaves no
 * object behind and raises no event. Events and deliveries are only ever appended, so they are not copied.
 */
export function atomically<T>(state: State, fn: () => T): T {
  const { events: _events, deliveries: _deliveries, idempotency: _idempotency, ...records } = state;
  const before = structuredClone(records);
  try {
    return fn();
  } catch (err) {
    Object.assign(state, before);
    for (const e of Object.values(state.events)) if (e.seq > before.seq) delete state.events[e.id];
    throw err;
  }
}

/** A record by id, or Stripe's "No such ..." (see noSuch for the status). */
function lookup<T>(map: Record<string, T>, kind: string, id: string, param: string, status: number): T {
  const r = get(map, id);
  if (!r) throw noSuch(kind, id, param, status);
  return r;
}

/** The finder of one kind of record: by id, or Stripe's "No such <kind>" naming `param` (400 unless told). */
const finder =
  <K extends 'products' | 'prices' | 'customers' | 'subscriptions' | 'invoices' | 'events'>(records: K, kind: string) =>
  (standin: StandinContext, id: string, param: string, status = 400): State[K][string] =>
    lookup(standin.state[records] as Record<string, State[K][string]>, kind, id, param, status);

export const findProduct = finder('products', 'product');
export const findPrice = finder('prices', 'price');
export const findCustomer = finder('customers', 'customer');
export const findSubscription = finder('subscriptions', 'subscription');
export const findInvoice = finder('invoices', 'invoice');
export const findEvent = finder('events', 'event');

/** A Checkout Session by id, expired first if its time has passed. */
export function findCheckout(standin: StandinContext, id: string, param: string, status = 400) {
  const r = lookup(standin.state.checkoutSessions, 'checkout.session', id, param, status);
  expireIfDue(standin, r);
  return r;
}

export function expireIfDue(standin: StandinContext, s: CheckoutRec) {
  if (s.status === 'open' && nowS() >= s.expiresAt) {
    s.status = 'expired';
    standin.save();
  }
}
