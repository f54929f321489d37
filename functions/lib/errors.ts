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
