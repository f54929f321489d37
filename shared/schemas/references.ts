/**
 * Reference tracks attached to a request (functions/tracks/references.ts): what their routes take and give.
 * A reference is audio the musician names as what the mix is aiming at; the request's two people see it, its
 * report, and the mix's differences from it, while the request is open.
 */
import * as z from 'zod/mini';
import { REFERENCES } from '../constants.js';
import { audioFileFields, uploadTicket } from './tracks.js';
import { idempotencyKey } from './idempotency.js';

const shareId = z.string().check(z.uuid('Invalid request id'));
const referenceId = z.string().check(z.uuid('Invalid reference id'));

export const REFERENCE_STATUSES = ['uploading', 'processing', 'ready', 'failed'] as const;

export const createReferenceInput = z.strictObject({
  id: shareId,
  ...audioFileFields(REFERENCES.maxBytes, 'A reference track must be at most 100 MB'),
  idempotencyKey,
});

export const requestReferencesInput = z.strictObject({ id: shareId });
export const referenceInput = z.strictObject({ id: shareId, referenceId });

const comparisonRow = z.object({
  id: z.string(),
  label: z.string(),
  mix: z.nullable(z.number()),
  reference: z.nullable(z.number()),
  difference: z.nullable(z.number()),
  unit: z.enum(['LUFS', 'LU', 'dB', '%']),
  citation: z.nullable(z.string()),
  noteworthy: z.boolean(),
});

export const referenceView = z.object({
  id: referenceId,
  /** As the comparison's lines name it ('reference 4'): never one a removed reference of the request had. */
  number: z.int(),
  name: z.string(),
  status: z.enum(REFERENCE_STATUSES),
  failureReason: z.optional(z.string()),
  duration: z.optional(z.number()),
  /** Base64 of the waveform's peaks, as a track's. */
  peaks: z.optional(z.string()),
  integratedLufs: z.optional(z.nullable(z.number())),
  truePeakDbtp: z.optional(z.nullable(z.number())),
  /** The mix against this reference, once both are measured. */
  comparison: z.optional(z.array(comparisonRow)),
  createdAt: z.string(),
});
export type ReferenceView = z.infer<typeof referenceView>;

export const referencesView = z.object({
  references: z.array(referenceView),
  /** The mix's integrated loudness, for the loudness-matched A/B; null until measured. */
  mixIntegratedLufs: z.nullable(z.number()),
  /** Whether the caller may add and remove them (the musician, while the request is open). */
  canEdit: z.boolean(),
});
export type ReferencesView = z.infer<typeof referencesView>;

export const referenceUploadView = z.object({ reference: referenceView, upload: uploadTicket });
export type ReferenceUploadView = z.infer<typeof referenceUploadView>;

export const deletedReferenceView = z.object({ deleted: referenceId });
