/** The webhook delivery loop both stand-ins share: events POSTed to the app oldest first, one at a time, signed, retried. */
import http from 'node:http';

/** The waits before the 2nd, 3rd and 4th attempt of a delivery; after the 4th it gives up. */
const RETRY_DELAYS_MS = [500, 2000, 5000];
const DELIVERY_TIMEOUT_MS = 10_000;
/** How soon to look again while the webhook URL is not known yet (the app's API starts after the stand-ins). */
const URL_WAIT_MS = 250;
/** How much of an answer's body an attempt keeps. */
const RESPONSE_KEPT = 1000;

/** What the loop keeps on each event; the stand-in stores it with the event, so pending deliveries survive a restart. */
export interface Outgoing {
  /** Waiting to be delivered: false once delivered or given up, and for an event raised while deliveries were paused. */
  autoDeliver: boolean;
  /** Attempts made so far by the loop. */
  autoAttempts: number;
  /** When the next attempt is due (ms since the epoch). */
  nextAttemptAt: number;
  /** Asked for again (a resend): delivered even while deliveries are paused. */
  forced?: boolean;
}

/** One attempt at delivering an event, whatever its outcome. */
export interface Attempt {
  /** When it started (ms since the epoch). */
  at: number;
  url: string;
  /** The headers it was sent with, the signature's among them. */
  headers: Record<string, string>;
  /** Asked for on its own (deliverNow), outside the loop and its retries. */
  manual: boolean;
  ok: boolean;
  /** The answer's status, or null when no answer came. */
  status: number | null;
  /** The answer's reason phrase, or why no answer came. */
  reason: string;
  /** The start of the answer's body. */
  response: string | null;
  /** Why no answer came: the error's code (ECONNREFUSED) or message. */
  error: string | null;
  /** A failed attempt of the loop's after which it makes no more. */
  gaveUp: boolean;
}

export interface WebhookDeliveryOptions<E extends Outgoing> {
  /** Starts the loop's own log lines: '[stripe]', 'paypal:'. */
  label: string;
  /** Every event, oldest first. */
  events: () => E[];
  /** Where events go; undefined while not known (they wait). */
  webhookUrl: () => string | undefined;
  /** While true, only forced events go out. */
  paused: () => boolean;
  /** What is POSTed for an event. */
  body: (e: E) => string;
  /** Headers every delivery carries besides its signature. */
  headers: Record<string, string>;
  /** The provider's signature scheme: the headers that sign this body, made afresh for each attempt. */
  sign: (body: string) => Record<string, string>;
  /** Keeps an attempt with its event (and saves the state). */
  record: (e: E, attempt: Attempt) => void;
  log: (line: string) => void;
}

export class WebhookDelivery<E extends Outgoing> {
  private closed = false;
  private readonly abort = new AbortController();
  private wake: NodeJS.Timeout | undefined;
  private wakeAt = Infinity;
  private draining = false;
  private drainAgain = false;

  constructor(private readonly opts: WebhookDeliveryOptions<E>) {}

  /** Delivers what a previous run left pending. */
  start() {
    this.kick();
  }

  /** Delivers what is due once the current request has been answered: never inside the request that raised an event. */
  kick() {
    setImmediate(() => void this.drain());
  }

  close() {
    this.closed = true;
    clearTimeout(this.wake);
    this.abort.abort();
  }

  webhookUrl(): string | undefined {
    try {
      return this.opts.webhookUrl();
    } catch (err) {
      this.opts.log(`${this.opts.label} webhookUrl() failed: ${(err as Error).message}`);
      return undefined;
    }
  }

  /** One attempt now, whether or not deliveries are paused, and no retry; recorded like the loop's. */
  deliverNow(e: E, target: string): Promise<Attempt> {
    return this.attempt(e, target, true);
  }

  /** Makes an event due again from its first attempt, delivered even while deliveries are paused. */
  resend(e: E) {
    Object.assign(e, { autoDeliver: true, autoAttempts: 0, nextAttemptAt: 0, forced: true });
    this.kick();
  }

  /**
   * Delivers due events one at a time in the order they were raised (a failed one is retried later
   * without holding up the rest), so a receiver sees related events in their natural order.
   */
  private async drain(): Promise<void> {
    if (this.draining) {
      this.drainAgain = true;
      return;
    }
    this.draining = true;
    try {
      do {
        this.drainAgain = false;
        for (;;) {
          if (this.closed) return;
          const paused = this.opts.paused();
          const waiting = this.opts.events().filter((e) => e.autoDeliver && (!paused || e.forced));
          if (!waiting.length) break;
          const now = Date.now();
          const next = waiting.find((e) => e.nextAttemptAt <= now);
          if (!next) {
            this.wakeIn(Math.min(...waiting.map((e) => e.nextAttemptAt)) - now);
            break;
          }
          const target = this.webhookUrl();
          if (!target) {
            this.wakeIn(URL_WAIT_MS);
            break;
          }
          next.autoAttempts += 1;
          await this.attempt(next, target, false);
        }
      } while (this.drainAgain);
    } finally {
      this.draining = false;
    }
  }

  /** Drains again in ms, unless a drain is already set for sooner. */
  private wakeIn(ms: number) {
    const at = Date.now() + ms;
    if (this.closed || (this.wake && this.wakeAt <= at)) return;
    clearTimeout(this.wake);
    this.wakeAt = at;
    this.wake = setTimeout(() => {
      this.wake = undefined;
      this.wakeAt = Infinity;
      void this.drain();
    }, ms);
  }

  /** One signed POST of an event, recorded whatever its outcome (but not when cut short by close). */
  private async attempt(e: E, target: string, manual: boolean): Promise<Attempt> {
    const body = this.opts.body(e);
    const headers = { ...this.opts.headers, ...this.opts.sign(body) };
    const at = Date.now();
    const answer = await post(target, body, headers, this.abort.signal);
    const ok = answer.status !== null && answer.status >= 200 && answer.status < 300;
    const attempt: Attempt = { at, url: target, headers, manual, ok, ...answer, gaveUp: false };
    if (this.closed) return attempt;
    if (ok) {
      e.autoDeliver = false;
      if (e.forced) e.forced = false;
    } else if (!manual && e.autoDeliver) {
      const delay = RETRY_DELAYS_MS[e.autoAttempts - 1];
      if (delay === undefined) {
        e.autoDeliver = false;
        if (e.forced) e.forced = false;
        attempt.gaveUp = true;
      } else {
        e.nextAttemptAt = Date.now() + delay;
      }
    }
    this.opts.record(e, attempt);
    return attempt;
  }
}

type Answer = Pick<Attempt, 'status' | 'reason' | 'response' | 'error'>;

const errorCode = (err: Error) => (err as NodeJS.ErrnoException).code ?? err.message;

/** A POST to a local http:// URL; never rejects: a failure is an answer without a status. */
function post(target: string, body: string, headers: Record<string, string>, signal: AbortSignal): Promise<Answer> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (answer: Answer) => {
      if (!settled) resolve(answer);
      settled = true;
    };
    const failed = (reason: string, error = reason) => done({ status: null, reason, response: null, error });
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return failed(`not a URL: ${target}`);
    }
    if (url.protocol !== 'http:') return failed('only http:// webhook URLs are reachable locally');
    const req = http.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        agent: false,
        timeout: DELIVERY_TIMEOUT_MS,
        signal,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on('data', (c: Buffer) => {
          if (kept >= RESPONSE_KEPT) return;
          chunks.push(c);
          kept += c.length;
        });
        res.on('end', () =>
          done({
            status: res.statusCode ?? 0,
            reason: res.statusMessage ?? '',
            response: Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_KEPT),
            error: null,
          }),
        );
        res.on('error', (err) => done({ status: res.statusCode ?? 0, reason: err.message, response: null, error: errorCode(err) }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (err) => failed(err.message, errorCode(err)));
    req.end(body);
  });
}
