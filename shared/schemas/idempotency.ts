import * as z from 'zod/mini';

/**
 * One per user intent (a dialog submission, a composer submit), sent again on a retry: the same key from
 * the same user gives the same result and never a second item; with another request, 409 idempotency_conflict.
 * A module of its own: a bundle that takes no keyed route carries none of it.
 */
export const idempotencyKey = z.optional(z.string().check(z.uuid('Invalid idempotency key')));
