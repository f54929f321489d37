/** PayPal's error shape (name, message, debug_id, details, links) and the errors the stand-in answers with. */
import type { Link } from './records.js';
import { debugId } from './store.js';

export interface ErrorDetail {
  issue: string;
  /** The v2 APIs' words for the issue; the v1 APIs (Payouts) say them in `issue` and have none. */
  description?: string;
  field?: string;
  value?: string;
  location?: 'body' | 'path' | 'header' | 'query';
  /** Payouts: where the resource a duplicate request clashes with is. */
  link?: Link[];
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly name: string,
    message: string,
    readonly details: ErrorDetail[] = [],
    readonly links: Link[] = [],
    /** Extra top-level fields (the OAuth endpoint's `error`, `error_description`). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const invalidRequest = (detail: ErrorDetail) =>
  new ApiError(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [
    { location: 'body', ...detail },
  ]);
export const unprocessable = (detail: ErrorDetail, links: Link[] = []) =>
  new ApiError(
    422,
    'UNPROCESSABLE_ENTITY',
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
    [detail],
    [...links, { href: `https://developer.paypal.com/docs/api/orders/v2/#error-${detail.issue}`, rel: 'information_link', method: 'GET' }],
  );
export const notFound = (field: string, value: string) =>
  new ApiError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [
    {
      field,
      value,
      location: 'path',
      issue: 'INVALID_RESOURCE_ID',
      description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
    },
  ]);
export const missing = (field: string) =>
  invalidRequest({ field, issue: 'MISSING_REQUIRED_PARAMETER', description: 'A required field / parameter is missing.' });
export const badSyntax = (field: string, value: unknown) =>
  invalidRequest({
    field,
    value: String(value),
    issue: 'INVALID_PARAMETER_SYNTAX',
    description: 'The value of a field does not conform to the expected format.',
  });
const PAYOUTS_ERRORS = 'https://developer.paypal.com/docs/api/payments.payouts-batch/v1/#errors';
/** The Payouts API's refusals: v1's shape, with an `information_link` beside the details. */
export const payoutsError = (name: string, message: string, details: ErrorDetail[]) =>
  new ApiError(400, name, message, details, [{ href: PAYOUTS_ERRORS, rel: 'information_link', method: 'GET' }], {
    information_link: PAYOUTS_ERRORS,
  });
/** A payout request's field refused: v1 names it with dots and brackets (`items[0].receiver`) and says the issue in words. */
export const payoutsInvalid = (field: string, issue: string) =>
  payoutsError('VALIDATION_ERROR', 'Invalid request - see details', [{ field, location: 'body', issue }]);
export const authFailure = () =>
  new ApiError(
    401,
    'AUTHENTICATION_FAILURE',
    'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
    [
      {
        issue: 'INVALID_ACCESS_TOKEN',
        description: 'The Authorization header must carry "Bearer <access token>" with a token issued by /v1/oauth2/token.',
        location: 'header',
      },
    ],
  );

export function errorBody(e: ApiError) {
  return {
    ...e.extra,
    name: e.name,
    message: e.message,
    debug_id: debugId(),
    details: e.details,
    links: e.links.length
      ? e.links
      : [{ href: `https://developer.paypal.com/api/rest/reference/orders/v2/errors/#${e.name}`, rel: 'information_link', method: 'GET' }],
  };
}
