/**
 * How Lambda's concurrency is shared out (docs/deploy.md, "Concurrency"). An account runs 1,000 executions
 * at once by default (a new account may start with far fewer), and Lambda keeps 100 of them unreserved.
 * Without reservations a burst of uploads or a busy job could take them all and the API would be
 * throttled; so each API area's function has concurrency of its own, and processing is bounded by its
 * queue's event source (PROCESSING_QUEUE.maxConcurrency), not by a reservation.
 */

/**
 * Executions reserved for each API area's function, which is also its ceiling. An area needs its peak
 * requests a second times the seconds each takes: the stage lets 100 requests a second through (bursts of
 * 200), a warm call answers in 0.1-0.3 s and a cold one in up to 1 s. So the areas every screen calls
 * (users: the caller's profile on every page; tracks: the list, listening, uploads; shares: reviewing and
 * comments) get the whole stage's rate at cold-start speed, 100 each. Suggestions (feedbacks) call
 * Bedrock for 1-3 s each, a few a second at most: 50. Payments and billing are a musician's few clicks,
 * 1-2 s each: 20 each; the providers' webhooks (PayPal's come in bursts after a payout batch), 20. Admin screens and the browsers' error reports (telemetry,
 * throttled at 20 a second by the stage): 20. The links anyone opens (an unsubscribe, a public review,
 * each limited per address): 20. The account's rare actions (a data download) and the health check: 10
 * each. In all 490, which leaves 510 of a
 * standard account's 1,000 for processing (at most 5 at once), realtime, the jobs and the triggers.
 */
export const AREA_RESERVED_CONCURRENCY: Readonly<Record<string, number>> = {
  users: 100,
  account: 10,
  tracks: 100,
  shares: 100,
  feedbacks: 50,
  payments: 20,
  billing: 20,
  webhooks: 20,
  admin: 20,
  links: 20,
  telemetry: 20,
  health: 10,
};

/** Lambda refuses a reservation that leaves the account fewer unreserved executions than this. */
export const UNRESERVED_MINIMUM = 100;

/**
 * The reservations the context `reservedConcurrency` asks for, over the defaults: `none` reserves nothing
 * (an account whose limit is too low for any reservation); `area=n,...` changes those areas (0: none).
 */
export function reservedConcurrency(value: unknown, areas: Iterable<string>): Record<string, number> {
  const known = [...areas];
  const reserved: Record<string, number> = {};
  for (const area of known) {
    if (!(area in AREA_RESERVED_CONCURRENCY)) throw new Error(`API area ${area} has no reserved concurrency in infra/concurrency.ts`);
    reserved[area] = AREA_RESERVED_CONCURRENCY[area];
  }
  const text = String(value ?? '').trim();
  if (!text) return reserved;
  if (text === 'none') return Object.fromEntries(known.map((area) => [area, 0]));
  for (const part of text.split(',')) {
    const m = /^\s*([a-z]+)\s*=\s*(\d+)\s*$/.exec(part);
    if (!m) throw new Error(`reservedConcurrency: '${part}' is not area=number (or give 'none')`);
    if (!known.includes(m[1])) throw new Error(`reservedConcurrency: no API area '${m[1]}' (areas: ${known.join(', ')})`);
    reserved[m[1]] = Number(m[2]);
  }
  return reserved;
}

/** The context `processingConcurrency`: a whole number, or undefined for the default. */
export function processingConcurrency(value: unknown): number | undefined {
  const text = String(value ?? '').trim();
  if (!text) return undefined;
  if (!/^\d+$/.test(text)) throw new Error(`processingConcurrency: '${text}' is not a whole number`);
  return Number(text);
}
