/**
 * Reference tracks: the musician attaches up to three recordings to an open request, as audio (the request's
 * text field names one; this lets the reviewer hear it). Each is uploaded like a track, processed like one
 * (./reference-run.ts: peaks, report, the bands of shared/reference-compare.ts) and compared with the mix.
 * Only the request's two people reach them, only while it is pending or accepted: once it is delivered or
 * ended they are refused at once and deleted (./reference-cleanup.ts). They count in no plan's quota.
 */
import { randomUUID } from 'node:crypto';
import { PROCESSING_DEADLINE_MS, REFERENCES, SIGNED_URL_TTL_SECONDS } from '../../shared/constants.js';
import { compareToReference, noteworthy, type Compared } from '../../shared/reference-compare.js';
import { SHARE_STATUSES } from '../../shared/feedback.js';
import type { ReferencesView, ReferenceUploadView, ReferenceView } from '../../shared/schemas/references.js';
import type { StoredReport } from '../../shared/schemas/technical-report.js';
import { readShare, type ShareRecord } from '../feedback/data/index.js';
import { Conflict, Forbidden, NotFound } from '../lib/errors.js';
import { enforceRateLimit } from '../platform/index.js';
import { idempotencyConflict, idFromKey, requestHash } from '../lib/idempotency.js';
import * as media from './data/media.js';
import * as references from './data/references.js';
import { unpackReport } from './stored-report.js';
import { comparedOf } from './reference-citations.js';
import { sanitizeFilename } from './track-audio.js';
import type { ReferenceRecord } from './data/references.js';

const UPLOAD_TTL_SECONDS = 15 * 60;
/** A request's references live while it may still be reviewed. */
const OPEN: readonly ShareRecord['status'][] = ['pending', 'accepted'];
const CLOSED = SHARE_STATUSES.filter((s) => !OPEN.includes(s));

type Held = Awaited<ReturnType<typeof references.readReferences>>;

/**
 * The request, for one of its two people (404 when there is none, 403 for anyone else), and its references,
 * read beside it: what they are is told only once the caller is known to be one of the two.
 */
async function requestFor(
  userId: string,
  shareId: string,
  also: Promise<unknown> = Promise.resolve(),
): Promise<{ share: ShareRecord; held: Held }> {
  const [found, held] = await Promise.all([readShare(shareId), references.readReferences(shareId), also]);
  if (!found || found.deleting) throw new NotFound('Feedback request not found');
  const share = found.record;
  if (userId !== share.sharedByUserId && userId !== share.sharedWithUserId) throw new Forbidden('This feedback request is not yours');
  return { share, held };
}

/** The request, open, for the musician who asked: only they attach and remove references. */
async function openRequestOfMusician(
  userId: string,
  shareId: string,
  also?: Promise<unknown>,
): Promise<{ share: ShareRecord; held: Held }> {
  const read = await requestFor(userId, shareId, also);
  if (read.share.sharedByUserId !== userId) throw new Forbidden('Only the musician who asked for feedback adds reference tracks');
  assertOpen(read.share);
  return read;
}

function assertOpen(share: ShareRecord) {
  if (!OPEN.includes(share.status))
    throw new Conflict('This request is no longer open, so its reference tracks are gone', 'request_closed');
}

/**
 * A ticket to upload a reference into the request's first free place. With an idempotency key, the same request
 * sent again (a double click, a retry after a lost answer) is given the same place and a ticket for it again.
 */
export async function createReference(
  userId: string,
  input: { id: string; filename: string; contentType: string; size: number; idempotencyKey?: string },
): Promise<ReferenceUploadView> {
  const { idempotencyKey, ...request } = input;
  // Counted beside the reads: every ticket may become a processing run.
  const { share, held: read } = await openRequestOfMusician(userId, input.id, enforceRateLimit('uploadTicket', userId));
  const id = idempotencyKey ? idFromKey(userId, `reference\n${share.id}`, idempotencyKey) : randomUUID();
  const hash = idempotencyKey ? requestHash(request) : undefined;
  const held = read.references;
  const now = new Date();
  const earlier = held.find((h) => h.id === id);
  if (earlier?.requestHash !== undefined && earlier.requestHash !== hash) throw idempotencyConflict();
  if (earlier && !unusedTicket(earlier, now)) return ticketAgain(earlier, hash, input.contentType, now);
  // A place never taken first; then one whose ticket ended unused (an upload that began before its end may
  // still arrive: the later it is given again, the less likely). A keyed request whose own ticket ended takes
  // its place back.
  const places = Array.from({ length: REFERENCES.perRequest }, (_, i) => i + 1);
  const number =
    earlier?.number ??
    places.find((n) => !held.some((h) => h.number === n)) ??
    places.find((n) => held.some((h) => h.number === n && unusedTicket(h, now)));
  if (number === undefined)
    throw new Conflict(`A request takes at most ${REFERENCES.perRequest} reference tracks: remove one to add another`, 'references_full');
  // A ticket that ended unused was never heard or cited: its number is given again. Otherwise the next one.
  const unused = held.find((h) => h.number === number);
  const ordinal = unused ? references.shownNumber(unused) : read.given + 1;
  const name = input.filename.slice(0, 255);
  const uploadKey = `${REFERENCES.uploadPrefix}${share.id}/${id}/${sanitizeFilename(input.filename)}`;
  const record: ReferenceRecord = {
    shareId: share.id,
    number,
    ordinal,
    id,
    name,
    ownerId: userId,
    trackId: share.trackId,
    uploadKey,
    ticketEndsAt: new Date(now.getTime() + UPLOAD_TTL_SECONDS * 1000).toISOString(),
    status: 'uploading',
    createdAt: now.toISOString(),
    ...(hash ? { requestHash: hash } : {}),
  };
  if (await references.putReference(record, now, CLOSED, read.given)) return ticketFor(record, input.contentType, now);
  // Refused: the request closed or another tab took the place between the read and the write, or this very
  // write committed and its answer was lost, or the same key was sent twice at once (either way the place now
  // holds a record with this call's id).
  const mine = await heldAs(share.id, record);
  if (mine) return ticketAgain(mine, hash, input.contentType, now);
  const again = await readShare(share.id);
  if (!again || again.deleting) throw new NotFound('Feedback request not found');
  assertOpen(again.record);
  throw new Conflict('Another reference track was added at the same moment: try again', 'try_again');
}

/**
 * The ticket of a reference this request (its id) already holds a place for, again: the same request (the same
 * file, so the same content type), its file not sent yet.
 */
function ticketAgain(r: ReferenceRecord, hash: string | undefined, contentType: string, now: Date): Promise<ReferenceUploadView> {
  if (r.requestHash !== hash) throw idempotencyConflict();
  if (r.status !== 'uploading') throw new Conflict('This reference track has been sent already', 'reference_sent');
  return ticketFor(r, contentType, now);
}

/** A presigned upload into the reference's key, valid until its ticket ends. */
async function ticketFor(r: ReferenceRecord, contentType: string, now: Date): Promise<ReferenceUploadView> {
  const seconds = Math.max(1, Math.floor((Date.parse(r.ticketEndsAt) - now.getTime()) / 1000));
  const post = await media.presignUpload(r.uploadKey, contentType, REFERENCES.maxBytes, seconds);
  return { reference: toView(r, now), upload: { ...post, key: r.uploadKey, expiresAt: r.ticketEndsAt } };
}

/** The request's references with the mix's differences from each, for either of its two people. */
export async function referencesOf(userId: string, shareId: string): Promise<ReferencesView> {
  const { share, held: read } = await requestFor(userId, shareId);
  const canEdit = share.sharedByUserId === userId && OPEN.includes(share.status);
  if (!OPEN.includes(share.status)) return { references: [], mixIntegratedLufs: null, canEdit };
  const { references: held, mix } = read;
  const now = new Date();
  return {
    // A ticket that ended unused is a free place, not a reference.
    references: held.filter((r) => !unusedTicket(r, now)).map((r) => toView(r, now, r.status === 'ready' ? (mix ?? undefined) : undefined)),
    mixIntegratedLufs: mix?.integratedLufs ?? null,
    canEdit,
  };
}

/** A short-lived link to play a ready reference. */
export async function referenceUrl(
  userId: string,
  shareId: string,
  referenceId: string,
): Promise<{ signedUrl: string; expiresIn: number }> {
  const { share, held } = await requestFor(userId, shareId);
  // A closed request's references are gone (or going): there is nothing to play, for either of the two.
  if (!OPEN.includes(share.status)) throw new NotFound('This request is closed, so its reference tracks are deleted');
  const found = held.references.find((r) => r.id === referenceId);
  if (!found) throw new NotFound('Reference track not found');
  if (found.status !== 'ready' || !found.audioKey) throw new Conflict('This reference track is not ready to play yet', 'reference_pending');
  return { signedUrl: await media.presignDownload(found.audioKey, SIGNED_URL_TTL_SECONDS), expiresIn: SIGNED_URL_TTL_SECONDS };
}

/** Removes a reference and its audio. */
export async function removeReference(userId: string, shareId: string, referenceId: string): Promise<{ deleted: string }> {
  const { share, held } = await openRequestOfMusician(userId, shareId);
  const found = held.references.find((r) => r.id === referenceId);
  if (!found) throw new NotFound('Reference track not found');
  if (!held.counted) await references.keepGiven(share.id, held.given, CLOSED);
  // Its audio first: should storage fail, the reference is still listed and removing it again finishes the job
  // (the other way round, the audio would be left with nothing naming it).
  await deleteReferenceAudio(found);
  // Refused, the place no longer holds it: another tab removed it, or this delete committed and its answer was
  // lost. Either way it is gone. A result written since the read names audio of its own, deleted too.
  const gone = (await references.deleteReference(share.id, found.number, found.id)) ?? found;
  if (gone.audioKey !== found.audioKey) await deleteReferenceAudio(gone);
  return { deleted: gone.id };
}

/** What the request's place holds now if it is a record with `record`'s id (read again, consistently). */
async function heldAs(shareId: string, record: ReferenceRecord): Promise<ReferenceRecord | undefined> {
  const { references: now } = await references.readReferences(shareId);
  return now.find((r) => r.number === record.number && r.id === record.id);
}

/** A reference's objects: its upload (if processing never took it) and its stored audio. */
export async function deleteReferenceAudio(r: Pick<ReferenceRecord, 'uploadKey' | 'audioKey'>): Promise<void> {
  await Promise.all([media.deleteObject(r.uploadKey), r.audioKey ? media.deleteObject(r.audioKey) : null]);
}

const unusedTicket = (r: ReferenceRecord, now: Date) => r.status === 'uploading' && r.ticketEndsAt < now.toISOString();

/** Arrived but not measured within the processing deadline: its runs failed (shown so, and its place can be freed). */
const stalled = (r: ReferenceRecord, now: Date) =>
  r.status === 'processing' && Date.parse(r.createdAt) + PROCESSING_DEADLINE_MS < now.getTime();

function toView(r: ReferenceRecord, now: Date, mix?: Compared): ReferenceView {
  const report = r.report ? unpackReport(r.report as StoredReport) : null;
  const name = `reference ${references.shownNumber(r)}`;
  const compared = r.report ? comparedOf(r.report, r.bands) : null;
  return {
    id: r.id,
    number: references.shownNumber(r),
    name: r.name,
    status: stalled(r, now) ? 'failed' : r.status,
    createdAt: r.createdAt,
    ...(stalled(r, now) ? { failureReason: 'It was not processed in time. Remove it and add it again.' } : {}),
    ...(r.failureReason ? { failureReason: r.failureReason } : {}),
    ...(r.duration !== undefined ? { duration: r.duration } : {}),
    ...(r.peaks ? { peaks: r.peaks } : {}),
    ...(report ? { integratedLufs: report.integratedLufs, truePeakDbtp: report.truePeakDbtp } : {}),
    ...(mix && compared
      ? { comparison: compareToReference(mix, compared, name).map((row) => ({ ...row, noteworthy: noteworthy(row) })) }
      : {}),
  };
}

/**
 * A request that closed (delivered, declined, expired, cancelled) or went: its references and their audio are
 * deleted (functions/jobs/reference-cleanup.ts, from the table's stream). Safe to run again.
 */
export async function forgetReferences(shareId: string): Promise<number> {
  // The audio first, then the items: storage failing leaves the items, and the stream's retry of the batch
  // finds them again (the other way round, a retry would find nothing naming the audio).
  const { references: held } = await references.readReferences(shareId);
  await Promise.all(held.map(deleteReferenceAudio));
  const gone = await references.deleteAllReferences(shareId);
  // A result written between the read and the deletion names audio of its own.
  await Promise.all(gone.filter((g) => !held.some((h) => h.audioKey === g.audioKey)).map(deleteReferenceAudio));
  return gone.length;
}

/** The request a stream record of a share's record shows closing or going, or null. */
export function closedRequest(change: {
  eventName?: string;
  oldImage?: Record<string, unknown>;
  newImage?: Record<string, unknown>;
}): string | null {
  const old = change.oldImage;
  if (old?.entity !== 'share' || !OPEN.includes(old.status as ShareRecord['status'])) return null;
  const gone = change.eventName === 'REMOVE' || !OPEN.includes(change.newImage?.status as ShareRecord['status']);
  return gone ? String(old.id) : null;
}
