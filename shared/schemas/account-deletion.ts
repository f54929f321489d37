import * as z from 'zod/mini';
import { emailField } from './common.js';

/** What must be settled before an account can be deleted: each thing named, with the request it is on. */
export const deletionBlocker = z.object({
  kind: z.enum(['admin', 'request', 'review', 'dispute', 'balance', 'payout', 'plan']),
  message: z.string(),
  /** The request it is about, to open it. */
  shareId: z.optional(z.string()),
});
export type DeletionBlocker = z.infer<typeof deletionBlocker>;

/** GET /users/me/deletion: what stops the deletion now, and what it will do. */
export const accountDeletionView = z.object({
  blockers: z.array(deletionBlocker),
  /** Tracks deleted with their audio (versions included). */
  tracks: z.int(),
  /** Completed reviews the other side keeps, attributed to 'Deleted user'. */
  keptReviews: z.int(),
});
export type AccountDeletionView = z.infer<typeof accountDeletionView>;

/** POST /users/me/deletion: confirmed by typing the account's e-mail. */
export const deleteAccountInput = z.strictObject({ email: emailField });
export type DeleteAccountInput = z.infer<typeof deleteAccountInput>;

export const deleteAccountOutput = z.object({ deleted: z.literal(true) });
