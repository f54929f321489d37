import * as z from 'zod/mini';
import { receiptView } from './payments.js';
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

/** A request with its comments: the feedback, scores and rating are the request's own fields. */
const exportedRequest = z.extend(shareView, { comments: z.array(commentView) });

/**
 * 'Download my data' (GET /users/me/data): the account, its tracks' metadata, the requests made and
 * received with their reviews and comments, the payments made and a pro's comment templates, as one JSON
 * document.
 */
export const dataExportView = z.object({
  exportedAt: z.string(),
  account: userView,
  tracks: z.array(exportedTrack),
  requestsMade: z.array(exportedRequest),
  requestsReceived: z.array(exportedRequest),
  payments: z.array(receiptView),
  /** A pro's comment templates. */
  templates: z.array(templateView),
});
export type DataExportView = z.infer<typeof dataExportView>;
