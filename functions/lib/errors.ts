/** Typed domain errors; the middleware maps each to its status code in one place. */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** More about the error for the client to act on (a new price, say), beside code and message. */
    readonly details?: Record<string, string | number | string[]>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequest extends AppError {
  constructor(message: string, fields?: Record<string, string>, code = 'bad_request') {
    super(400, code, message, fields);
  }
}
export class Unauthorized extends AppError {
  constructor(message = 'Sign in to continue', code = 'unauthorized') {
    super(401, code, message);
  }
}
export class Forbidden extends AppError {
  constructor(message = 'You are not allowed to do this', code = 'forbidden') {
    super(403, code, message);
  }
}
/**
 * What an admin acting as a user may not do in the user's name (`what`: '... is not available while
 * impersonating.'). Not impersonation_forbidden: that code ends the impersonation in the app, and the
 * admin goes on as the user.
 */
export const notWhileImpersonating = (what: string) => new Forbidden(what, 'not_while_impersonating');

export class NotFound extends AppError {
  constructor(message = 'Not found') {
    super(404, 'not_found', message);
  }
}
export class Conflict extends AppError {
  constructor(message: string, code = 'conflict', details?: Record<string, string | number | string[]>) {
    super(409, code, message, undefined, details);
  }
}
export class PayloadTooLarge extends AppError {
  constructor(message: string) {
    super(413, 'payload_too_large', message);
  }
}
export class TooManyRequests extends AppError {
  /** Sent as `Retry-After`: when the window that refused the call ends. */
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(429, 'rate_limited', message, undefined, retryAfterSeconds ? { retryAfterSeconds } : undefined);
  }
}
/** A service we depend on (a payment provider) failed: not the caller's doing, worth trying again later. */
export class ServiceUnavailable extends AppError {
  constructor(
    message: string,
    code = 'unavailable',
    readonly detail?: string,
  ) {
    super(503, code, message);
  }
}

/** What AWS's SDKs say when a service is busy or down rather than refusing the call. */
const TRANSIENT_NAMES = new Set([
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'InternalServerError',
  'ServiceUnavailable',
  'TransactionConflictException',
  'TimeoutError',
  'RequestTimeout',
]);
const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN']);

/**
 * Whether an error is a service's passing trouble (throttled, down, a connection cut or timed out) that
 * the SDK's own retries did not get past: nothing the caller did wrong, and worth asking again. A call whose
 * answer was lost may have taken effect: the routes that move money take an idempotency key, so the
 * retry settles it rather than repeating it.
 */
export function isTransient(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { name?: string; code?: string; $retryable?: unknown; $metadata?: { httpStatusCode?: number } };
  return (
    Boolean(e.$retryable) ||
    TRANSIENT_NAMES.has(e.name ?? '') ||
    NETWORK_CODES.has(e.code ?? '') ||
    (e.$metadata?.httpStatusCode ?? 0) >= 500
  );
}

/** The answer to a service's passing trouble: a 503 that says to try again (the detail is logged, not shown). */
export const tryAgainSoon = (detail: string) =>
  new ServiceUnavailable('We could not finish this just now. Please try again in a moment.', 'try_again', detail);
