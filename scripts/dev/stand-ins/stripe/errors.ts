/** Stripe's error shape (`{ error: { type, message, code, param } }`) and the errors the stand-in answers with. */
import type { Json } from './records.js';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly detail: { type?: string; code?: string; param?: string; decline_code?: string } = {},
  ) {
    super(message);
  }
  body(): Json {
    const { type = 'invalid_request_error', code, param, decline_code } = this.detail;
    const error: Json = { type, message: this.message };
    if (code) Object.assign(error, { code, doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}` });
    if (param) error.param = param;
    if (decline_code) error.decline_code = decline_code;
    return { error };
  }
}

export const missing = (param: string) => new ApiError(400, `Missing required param: ${param}.`, { code: 'parameter_missing', param });
/** A referenced object that does not exist: 404 when it is the URL's object, 400 when it is a parameter. */
export const noSuch = (kind: string, id: string, param: string, status = 400) =>
  new ApiError(status, `No such ${kind}: '${id}'`, { code: 'resource_missing', param });
export const unrecognized = (method: string, pathname: string) =>
  new ApiError(
    404,
    `Unrecognized request URL (${method}: ${pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  );
