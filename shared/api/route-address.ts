/** Where a route is and who may call it: what route-paths.ts says of each route, apart from its schemas. */

/** Who may call a route. Ranked: each level admits the callers the spec gives it (functions/people/access.ts). */
export type Access = 'public' | 'user' | 'musician' | 'pro' | 'admin';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A feature area: one Lambda function (and one bundle) per area. */
export type Area =
  | 'users'
  | 'account'
  | 'tracks'
  | 'shares'
  | 'feedbacks'
  | 'payments'
  | 'billing'
  | 'admin'
  | 'webhooks'
  | 'links'
  | 'health'
  | 'telemetry';

/** Where a route is and who may call it (shared/api/route-paths.ts). */
export interface RouteAddress {
  method: Method;
  /** API Gateway style path, parameters as `{name}`. */
  path: string;
  access: Access;
  area: Area;
  /** Moves money (payments, plans): refused while an admin impersonates the caller. */
  money?: true;
  /** Speaks for the user in public or to the platform (a report of a review, a review published by link): refused while an admin impersonates the caller. */
  ownWord?: true;
  /** Largest JSON body the route takes, where it is not the API's default (MAX_BODY_BYTES in area-handler.ts). */
  maxBodyBytes?: number;
  /** Also takes an HTML form's body (application/x-www-form-urlencoded): what a mail provider posts. */
  form?: true;
  /** What a call without a signed-in user is told (401), where the spec words it; else a generic 'Sign in to continue'. */
  signedOut?: string;
}
