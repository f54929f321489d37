/**
 * THE route table: the addresses of route-paths.ts joined to each route's zod schemas (route-schemas/,
 * one module per area, so that each area's Lambda bundles only its own routes' schemas). The CDK API, the
 * local gateway and the generic route test come from it; the web client takes the addresses alone
 * (route-paths.ts) and the types from here. Handlers live in `functions/http/<area>.ts` under the same
 * name as the route. This module is the API's contract, used by the web as well: it imports shared/ only.
 */
import { accountSchemas } from './route-schemas/account.js';
import { adminSchemas } from './route-schemas/admin.js';
import { billingSchemas } from './route-schemas/billing.js';
import { feedbacksSchemas } from './route-schemas/feedbacks.js';
import { healthSchemas } from './route-schemas/health.js';
import { linksSchemas } from './route-schemas/links.js';
import { webhooksSchemas } from './route-schemas/webhooks.js';
import { telemetrySchemas } from './route-schemas/telemetry.js';
import { paymentsSchemas } from './route-schemas/payments.js';
import { sharesSchemas } from './route-schemas/shares.js';
import { tracksSchemas } from './route-schemas/tracks.js';
import { usersSchemas } from './route-schemas/users.js';
import type { RouteSchemas } from './route.js';
import { routePaths, type RouteName } from './route-paths.js';

/** Each route's input and output schemas, by the name it has in route-paths.ts. */
const schemas = {
  ...usersSchemas,
  ...accountSchemas,
  ...tracksSchemas,
  ...sharesSchemas,
  ...feedbacksSchemas,
  ...paymentsSchemas,
  ...billingSchemas,
  ...adminSchemas,
  ...webhooksSchemas,
  ...linksSchemas,
  ...healthSchemas,
  ...telemetrySchemas,
} as const satisfies Record<RouteName, RouteSchemas>;

export type Routes = { [N in RouteName]: (typeof routePaths)[N] & (typeof schemas)[N] };
export type { RouteName };
// Through unknown: the entries' union grew past what the compiler will compare with Routes (TS2859);
// each entry is the join the type names, by construction.
export const routes = Object.fromEntries(
  (Object.keys(routePaths) as RouteName[]).map((name) => [name, { ...routePaths[name], ...schemas[name] }]),
) as unknown as Routes;
export const routeNames = Object.keys(routes) as RouteName[];
