import * as z from 'zod/mini';
import { ledgerEntryView } from './ledger.js';
import { receiptView } from './payments.js';
import { payoutView } from './payouts.js';
import { commentView, shareView } from './shares.js';
import { templateView } from './templates.js';
import { userView } from './users.js';

/** A track as the export lists it: what it is, never where its audio is or its waveform's numbers. */
const exportedTrack = z.object({
  id: z.string(),
  title: z.string(),
  artist: z.nullable(z.string()),
  status: z.string(),
  duration: z.number(),
  sizeBytes: z.number(),
  contentType: z.string(),
  version: z.int(),
  createdAt: z.string(),
});

/**
 * A request with its comments: the feedback, scores and rating are the request's own fields. Its reviewer's
 * export also holds the suggestions AI Suggest gave them for it, oldest first (the musician sees how each
 * comment was made, not the suggestions).
 */
const exportedRequest = z.extend(shareView, { comments: z.array(commentView), suggestions: z.optional(z.array(z.string())) });

/**
 * 'Download my data' (GET /users/me/data): the account, its tracks' metadata, the requests made and
 * received with their reviews and comments, the payments made, the account's ledger, a pro's payouts and
 * comment templates, as one JSON document.
 */
export const dataExportView = z.object({
  exportedAt: z.string(),
  account: userView,
  tracks: z.array(exportedTrack),
  requestsMade: z.array(exportedRequest),
  requestsReceived: z.array(exportedRequest),
  payments: z.array(receiptView),
  /** Every ledger entry of the account, oldest first: what it paid, and a pro's earnings, reversals and payouts. */
  ledger: z.array(ledgerEntryView),
  /** A pro's payouts, newest first. */
  payouts: z.array(payoutView),
  /** A pro's comment templates. */
  templates: z.array(templateView),
});
export type DataExportView = z.infer<typeof dataExportView>;
