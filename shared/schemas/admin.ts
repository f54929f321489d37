/** Requests and answers of the admin's tools: users, their type, price and balance, and the margin. */
import * as z from 'zod/mini';
import { cursorField, intBetween, standingDecision, textField, worldClassReason } from './common.js';

const userId = z.string().check(z.minLength(1), z.maxLength(64));

/** A row of the admin's user list. Money is integer cents. */
export const adminUserView = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  username: z.string(),
  type: z.enum(['musician', 'pro', 'admin']),
  feedbackPriceCents: z.nullable(z.int()),
  balanceCents: z.int(),
  /** An admin's hold on the pro's payouts (null: none). */
  payoutsHeld: standingDecision,
  /** An admin's vetting of the pro as World-Class (null: not vetted): the reason shows on their profile. */
  worldClass: standingDecision,
  profileImage: z.nullable(z.string()),
  createdAt: z.string(),
});
export type AdminUserView = z.infer<typeof adminUserView>;

export const listUsersInput = z.strictObject({
  type: z._default(z.enum(['all', 'pro', 'musician']), 'all'),
  /** Part of a name or an e-mail address. */
  q: z.optional(textField().check(z.maxLength(100, 'The search is too long'))),
  cursor: cursorField,
});
export const userPage = z.object({ users: z.array(adminUserView), count: z.int(), next: z.nullable(z.string()) });

export const setUserTypeInput = z.strictObject({
  id: userId,
  type: z.enum(['musician', 'pro'], { error: 'Type must be musician or pro' }),
});

/** Dollars as the editors send them (min 0, step 0.01); 0 means free. */
const dollars = (label: string) =>
  z.number({ error: `${label} must be a number` }).check(
    z.gte(0, `${label} must be at least 0`),
    z.lte(10_000, `${label} must be at most $10,000`),
    z.refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `${label} must be in whole cents`),
  );

export const setFeedbackPriceInput = z.strictObject({ id: userId, price: dollars('The price') });

/**
 * An admin vets a pro as World-Class or withdraws it, saying why either way (audited; a vetting's reason, such
 * as the pro's credits, shows on their profile).
 */
export const setWorldClassInput = z.strictObject({
  id: userId,
  vetted: z.boolean({ error: 'Say whether the pro is World-Class' }),
  reason: worldClassReason(),
});

/**
 * The balance the admin wants the pro to have, the balance they saw (so that an edit made on a stale
 * page is refused, not applied on top of a payment that landed meanwhile) and why: the change is a
 * ledger adjustment, never an overwrite.
 */
export const adjustBalanceInput = z.strictObject({
  id: userId,
  balance: dollars('The balance'),
  expectedBalanceCents: intBetween(-1_000_000_000, 1_000_000_000, 'The balance seen must be a whole number of cents'),
  reason: textField().check(
    z.minLength(3, 'Say why the balance changes (at least 3 characters)'),
    z.maxLength(300, 'The reason is too long'),
  ),
});

export const settingsView = z.object({ id: z.literal(1), margin: z.number(), updatedAt: z.nullable(z.string()) });
/**
 * The margin as a fraction (the editor shows a percentage with one decimal and sends percent / 100), and
 * when the margin the admin saw was saved: a save made on a stale page (another admin saved meanwhile) is
 * refused rather than silently undone.
 */
const MARGIN_MESSAGE = 'Please enter a valid percentage between 0 and 100';
export const updateMarginInput = z.strictObject({
  expectedUpdatedAt: z.nullable(z.string().check(z.maxLength(40))),
  margin: z.pipe(
    z.number({ error: MARGIN_MESSAGE }).check(
      z.gte(0, MARGIN_MESSAGE),
      z.lte(1, MARGIN_MESSAGE),
      z.refine((m) => Math.abs(m * 1000 - Math.round(m * 1000)) < 1e-9, 'The margin has at most one decimal as a percentage'),
    ),
    // Kept as the tenth of a percent it stands for (1e-300 would underflow DynamoDB's number range).
    z.transform((m) => Math.round(m * 1000) / 1000),
  ),
});

/** Impersonation: a token bound to the admin and the user, at most an hour long. */
export const impersonateInput = z.strictObject({ userId });
export const impersonationView = z.object({
  token: z.string(),
  expiresAt: z.string(),
  user: z.object({ id: z.string(), fullName: z.string(), email: z.string(), type: z.enum(['musician', 'pro']) }),
});
export type ImpersonationView = z.infer<typeof impersonationView>;

/**
 * One line of the admins' audit: who, as (or about) whom, what, when, and how it ended; for a change of one
 * value (a user's type or price, an authenticator's set-up), what it was and what it became.
 */
export const auditEntryView = z.object({
  id: z.string(),
  at: z.string(),
  adminId: z.string(),
  adminEmail: z.string(),
  targetId: z.string(),
  targetEmail: z.string(),
  /** 'impersonate' for the start, else the route called ('updateProfile', 'setUserType', ...). */
  action: z.string(),
  method: z.string(),
  path: z.string(),
  /** HTTP status of the answer; null if the request never finished. */
  status: z.nullable(z.int()),
  from: z.optional(z.nullable(z.string())),
  to: z.optional(z.nullable(z.string())),
});
export const listAuditInput = z.strictObject({ cursor: cursorField });
export const auditPage = z.object({ entries: z.array(auditEntryView), next: z.nullable(z.string()) });

/** The pool's health per genre, for admins: what waits, what was claimed and how fast, what was refunded for want of a pro. */
export const poolHealthView = z.object({
  genres: z.array(
    z.object({
      genre: z.string(),
      waiting: z.int(),
      opened: z.int(),
      claimed: z.int(),
      /** Half of the claims came within this many minutes (null: none yet). */
      medianClaimWithin: z.nullable(z.int()),
      unclaimed: z.int(),
      ended: z.int(),
    }),
  ),
});
export type PoolHealthView = z.infer<typeof poolHealthView>;
