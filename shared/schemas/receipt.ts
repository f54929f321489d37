import * as z from 'zod/mini';

/** A paid review's receipt (shared/receipt.ts): the exact text signed, its signature, the key, and what it says. */
export const receiptPayloadView = z.object({
  v: z.literal(1),
  requestId: z.string(),
  trackId: z.string(),
  trackTitle: z.string(),
  trackSeconds: z.number(),
  reviewerName: z.string(),
  paidCents: z.int(),
  acceptedAt: z.string(),
  deliveredAt: z.string(),
  secondsToDeliver: z.number(),
  secondsHeard: z.number(),
  sessions: z.int(),
  comments: z.array(z.object({ at: z.nullable(z.number()), end: z.nullable(z.number()), tags: z.array(z.string()), made: z.string() })),
  reviewSha256: z.string(),
});

const signedFields = {
  signed: z.string().check(z.maxLength(200_000, 'The receipt is too long')),
  signature: z.string().check(z.maxLength(200, 'The signature is too long')),
  keyId: z.string().check(z.maxLength(300, 'The key id is too long')),
  algorithm: z.string().check(z.maxLength(40, 'The algorithm is too long')),
};

/** A receipt as the platform shows it, with whether its signature holds (`verified`). */
export const receiptView = z.object({ ...signedFields, payload: receiptPayloadView, verified: z.boolean() });
export type ReceiptView = z.infer<typeof receiptView>;

/** A receipt anyone holds, to check: the four fields as given. */
export const checkReceiptInput = z.strictObject(signedFields);
export const checkReceiptView = z.object({ valid: z.boolean(), payload: z.nullable(receiptPayloadView) });
