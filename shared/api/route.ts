/**
 * What the route table is made of, and the headers the API takes besides its routes' input. Here, with the
 * rest of the API's contract, so that the web client, the handlers, the CDK stack and the local gateway
 * read one definition (the web client takes the impersonation header from here) and no one imports
 * functions/ for it. Types only from zod: the web's first load carries no schemas.
 */
import type { z } from 'zod/mini';
import { TELEMETRY } from '../constants.js';
import type { RouteName, routePaths } from './route-paths.js';
import type { Area, RouteAddress } from './route-address.js';

export type { Access, Area, Method, RouteAddress } from './route-address.js';

/** What a route takes and gives (shared/api/routes.ts). */
export interface RouteSchemas {
  /** Validates path parameters, query string and JSON body, merged into one object. */
  input: z.ZodMiniType;
  output: z.ZodMiniType;
}

export type RouteDef = RouteAddress & RouteSchemas;

/** The schemas of one area's routes (shared/api/route-schemas/<area>.ts), by route name. */
export type AreaSchemas<A extends Area> = Record<RoutesOfArea<A>, RouteSchemas>;
/** The names of an area's routes in route-paths.ts. */
export type RoutesOfArea<A extends Area> = { [N in RouteName]: (typeof routePaths)[N]['area'] extends A ? N : never }[RouteName];

/** Request headers the browser may send: the admin's impersonation token travels beside their own token. */
export const IMPERSONATION_HEADER = 'x-impersonation-token';
export const CORS_ALLOW_HEADERS = ['authorization', 'content-type', IMPERSONATION_HEADER, TELEMETRY.correlationHeader] as const;

export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>) => `${r.method} ${r.path}`;
