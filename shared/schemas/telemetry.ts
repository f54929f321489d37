/**
 * What the browser reports (`POST /telemetry`): a batch of one session's events. Text is scrubbed of
 * personal data in the browser and again on the server (shared/scrub.ts); every field has a bound.
 */
import * as z from 'zod/mini';
import { TELEMETRY } from '../constants.js';

const id = z.string().check(z.regex(/^[\w-]{8,64}$/, 'Not an id'));
const text = (max: number) => z.string().check(z.maxLength(max));
const ms = z.number().check(z.gte(0), z.lte(24 * 3600 * 1000));

/** Where in the app (a scrubbed path: no query, ids as ':id'). */
const page = text(200);

/** Something went wrong in the page: an uncaught error, an unhandled rejection, a render, an API call. */
export const errorEvent = z.strictObject({
  kind: z.literal('error'),
  at: ms,
  page,
  source: z.enum(['error', 'rejection', 'render', 'api']),
  name: text(100),
  message: text(1000),
  stack: z.optional(text(4000)),
  /** A failed API call's id, as its function logged it. */
  correlationId: z.optional(id),
  route: z.optional(text(100)),
  status: z.optional(z.number().check(z.int(), z.gte(0), z.lte(599))),
});

/** One API call: every one is reported (100% of traces). */
export const traceEvent = z.strictObject({
  kind: z.literal('trace'),
  at: ms,
  page,
  route: text(100),
  status: z.number().check(z.int(), z.gte(0), z.lte(599)),
  durationMs: ms,
  correlationId: id,
});

/** What a session's own sampling decides on: a page shown, a Core Web Vital. */
export const sessionEvent = z.strictObject({
  kind: z.literal('session'),
  at: ms,
  page,
  name: z.enum(['page', 'LCP', 'INP', 'CLS', 'FCP', 'TTFB']),
  value: z.optional(z.number().check(z.gte(0), z.lte(3_600_000))),
  rating: z.optional(z.enum(['good', 'needs-improvement', 'poor'])),
});

export const telemetryEvent = z.discriminatedUnion('kind', [errorEvent, traceEvent, sessionEvent]);
export type TelemetryEvent = z.infer<typeof telemetryEvent>;

export const telemetryBatch = z.strictObject({
  sessionId: id,
  /** Whether the session was drawn in the 10% (else it is reported because of an error, or only traces). */
  sampled: z.boolean(),
  events: z.array(telemetryEvent).check(z.minLength(1), z.maxLength(TELEMETRY.maxBatch)),
});
export type TelemetryBatch = z.infer<typeof telemetryBatch>;

export const telemetryAccepted = z.object({ accepted: z.number() });
