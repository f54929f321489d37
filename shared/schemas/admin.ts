/** Requests and answers of the admin's tools: users, their type, price and balance, and the margin. */
import * as z from 'zod';
import { intBetween, textField } from './common.js';

const userId = z.string().min(1).max(64);

/** A row of the admin's user list. Money is integer cents. */
export const adminUserView = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  username: z.string(),
  type: z.enum(['musician', 'pro', 'admin']),
  feedbackPriceCents: z.number().int().nullable(),
  balanceCents: z.number().int(),
  profileImage: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUserView = z.infer<typeof adminUserView>;

export const listUsersInput = z
  .object({
    type: z.enum(['all', 'pro', 'musician']).optional().default('all'),
    /** Part of a name or an e-mail address. */
    q: textField().max(100, 'The search is too long').optional(),
    cursor: z.string().max(2000).optional(),
  })
  .strict();
export const userPage = z.object({ users: z.array(adminUserView), count: z.number().int(), next: z.string().nullable() });

export const setUserTypeInput = z.object({ id: userId, type: z.enum(['musician', 'pro'], { error: 'Type must be musician or pro' }) }).strict();

/** Dollars as the editors send them (min 0, step 0.01); 0 means free. */
const dollars = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must be at least 0`)
    .max(10_000, `${label} must be at most $10,000`)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `${label} must be in whole cents`);

export const setFeedbackPriceInput = z.object({ id: userId, price: dollars('The price') }).strict();

/**
 * The balance the admin wants the pro to have, the balance they saw (so that an edit made on a stale
 * page is refused, not applied on top of a payment that landed meanwhile) and why: the change is a
 * ledger adjustment, never an overwrite.
 */
export const adjustBalanceInput = z
  .object({
    id: userId,
    balance: dollars('The balance'),
    expectedBalanceCents: intBetween(-1_000_000_000, 1_000_000_000, 'The balance seen must be a whole number of cents'),
    reason: textField().min(3, 'Say why the balance changes (at least 3 characters)').max(300, 'The reason is too long'),
  })
  .strict();

export const settingsView = z.object({ id: z.literal(1), margin: z.number(), updatedAt: z.string().nullable() });
/**
 * The margin as a fraction (the editor shows a percentage with one decimal and sends percent / 100), and
 * when the margin the admin saw was saved: a save made on a stale page (another admin saved meanwhile) is
 * refused rather than silently undone.
 */
export const updateMarginInput = z
  .object({
    expectedUpdatedAt: z.string().max(40).nullable(),
    margin: z
      .number({ error: 'Please enter a valid percentage between 0 and 100' })
      .min(0, 'Please enter a valid percentage between 0 and 100')
      .max(1, 'Please enter a valid percentage between 0 and 100')
      .refine((m) => Math.abs(m * 1000 - Math.round(m * 1000)) < 1e-9, 'The margin has at most one decimal as a percentage')
      // Kept as the tenth of a percent it stands for (1e-300 would underflow DynamoDB's number range).
      .transform((m) => Math.round(m * 1000) / 1000),
  })
  .strict();

/** Impersonation: a token bound to the admin and the user, at most an hour long. */
export const impersonateInput = z.object({ userId }).strict();
export const impersonationView = z.object({
  token: z.string(),
  expiresAt: z.string(),
  user: z.object({ id: z.string(), fullName: z.string(), email: z.string(), type: z.enum(['musician', 'pro']) }),
});
export type ImpersonationView = z.infer<typeof impersonationView>;

/** One line of the impersonation audit: who, as whom, what, when, and how it ended. */
export const auditEntryView = z.object({
  id: z.string(),
  at: z.string(),
  adminId: z.string(),
  adminEmail: z.string(),
  targetId: z.string(),
  targetEmail: z.string(),
  /** 'impersonate' for the start, else the route called ('updateProfile', ...). */
  action: z.string(),
  method: z.string(),
  path: z.string(),
  /** HTTP status of the answer; null if the request never finished. */
  status: z.number().int().nullable(),
});
export const listAuditInput = z.object({ cursor: z.string().max(2000).optional() }).strict();
export const auditPage = z.object({ entries: z.array(auditEntryView), next: z.string().nullable() });
