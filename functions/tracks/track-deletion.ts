/**
 * Deleting tracks: each with its later versions, its requests and everything on them, and its audio.
 * One transaction per track where it fits, through fences where it does not (feedback/data/shares/track-links.ts).
 */
import * as media from './data/media.js';
import * as tracks from './data/tracks.js';
import { deleteKeys } from '../platform/data/index.js';
import { markPaymentDue, paymentDueNow } from '../money/data/index.js';
import { readDispute, readShare, shareDeletes, shareItemKeys, sharesOfTrack, respondBy } from '../feedback/data/index.js';
import type { TrackContents, TrackRecord } from './data/tracks.js';
import { Conflict, Forbidden, NotFound } from '../lib/errors.js';
import { log } from '../lib/observability.js';
import { versionedTitle } from '../../shared/track-version.js';
import { previewFileKeys } from './codec-previews.js';
import { moneyRefused } from '../people/index.js';

/**
 * How a paid request not yet reviewed, on a track deleted through fences, is given back: `start` before
 * its items go, `finish` once they have. The tracks area refunds it at once (money/payments.ts
 * refundAtOnce); by default the payment is left to the next scheduled check, which refunds a payment
 * whose request is gone, as the one-transaction deletion does, so that a caller carries no provider code.
 */
export interface Withdrawal {
  start(shareId: string, orderId: string): Promise<void>;
  finish(orderId: string): Promise<void>;
}

export const byNextCheck: Withdrawal = { start: async () => {}, finish: markPaymentDue };

/**
 * Deletes the caller's tracks, all or none checked first: every id must exist and be theirs. Each track
 * goes with its shares and everything on them, and its audio. Nothing is left unmentioned: a track whose
 * deletion fails part-way is reported by id and stays listed (its remaining shares still reachable from
 * it), so deleting it again finishes the job; an audio object that cannot be removed is reported too.
 *
 * The tracks are read at once (each one Query: the track and its share links, which name every item of
 * its shares) and each is deleted in one transaction on condition that nothing was added since, so the
 * round trips do not grow with the number of tracks. A track changed meanwhile is read again; one too
 * large for a transaction is deleted through fences instead (deleteFenced).
 */
export async function deleteOwnTracks(userId: string, ids: string[], opts: { impersonated?: boolean; withdraw?: Withdrawal } = {}) {
  const withdraw = opts.withdraw ?? byNextCheck;
  const asked = await Promise.all([...new Set(ids)].map(contentsOf));
  const missing = asked.filter((c) => !c.track).map((c) => c.id);
  if (missing.length) throw new NotFound(`Track not found: ${missing.join(', ')}`);
  if (asked.some((c) => c.track!.userId !== userId)) throw new Forbidden('You can only delete your own tracks');
  // A track goes with its versions (deleteTrack): a version asked for beside its track is deleted there.
  const stacks = new Set(asked.map((c) => c.id));
  const found = asked.filter((c) => !(c.track!.stackId && stacks.has(c.track!.stackId)));
  const versions = (await Promise.all(found.flatMap((c) => c.track!.versionIds ?? []).map(contentsOf))).filter((c) => c.track);
  const all = [...found, ...versions];
  // Deleting a track withdraws its paid requests (a refund): money an impersonating admin may not move.
  if (opts.impersonated && all.some((c) => c.links.some((l) => l.orderId))) throw moneyRefused();
  // A track with versions is refused before any of them goes, so that a refusal deletes nothing.
  if (versions.length) await assertNoReviewInProgress(all);

  const outcomes = await Promise.all(
    found.map(async (c) => {
      try {
        return {
          id: c.id,
          tracks: await deleteTrack(
            c,
            withdraw,
            versions.filter((v) => v.track!.stackId === c.id),
          ),
        };
      } catch (err) {
        if (err instanceof Conflict && err.code === REVIEW_IN_PROGRESS) throw err;
        log.error('Track deletion stopped part-way', err, { trackId: c.id });
        return { id: c.id, error: 'The track could not be deleted completely; please try again.' };
      }
    }),
  );
  const deleted: string[] = [];
  const failed: { id: string; message: string }[] = [];
  for (const o of outcomes) {
    if (o.error) failed.push({ id: o.id, message: o.error });
    else deleted.push(o.id);
  }
  // The processed audio, its codec previews' files, and the upload should processing not have removed it yet.
  const audio = await Promise.all(
    outcomes.map(async ({ id, tracks: gone = [] }) => {
      try {
        const keys = gone.flatMap((t) => [t.audioKey, t.uploadKey, ...previewFileKeys(t)]).filter((k): k is string => Boolean(k));
        await Promise.all(keys.map((k) => media.deleteObject(k)));
      } catch (err) {
        return { id, message: `The audio file could not be removed: ${(err as Error).message}` };
      }
      return null;
    }),
  );
  failed.push(...audio.filter((f) => f !== null));
  return { deleted, failed };
}

/** Tries the one-transaction deletion this many times before fencing: others kept changing the track. */
const DELETE_ATTEMPTS = 3;

/** The track's partition, read again once should its share set name a share whose link the read missed. */
async function contentsOf(id: string): Promise<TrackContents> {
  const c = await tracks.readTrackContents(id);
  const linked = new Set(c.links.map((l) => l.shareId));
  // The link and the set are written together, but one Query is no snapshot. Still missing when read
  // again, the share's deletion has finished (its link goes last).
  return c.seen.shareIds.every((s) => linked.has(s)) ? c : tracks.readTrackContents(id);
}

/**
 * Deletes a track with its later versions (as read, or read here) and their shares, in one transaction on
 * condition that none of it changed since; returns the tracks as deleted (for their audio): none when it
 * was gone already. What one transaction cannot take goes a version at a time, then through fences.
 */
async function deleteTrack(first: TrackContents, withdraw: Withdrawal, firstVersions?: TrackContents[]): Promise<TrackRecord[]> {
  let c = first;
  let versions = firstVersions ?? (await versionContents(c));
  for (let attempt = 1; c.track; attempt++) {
    const all = [...versions, c].filter((x): x is TrackContents & { track: TrackRecord } => Boolean(x.track));
    // A paid request without its feedback yet is withdrawn with the track: its payment is due a look by
    // the scheduled check in the same write, which refunds it once its request is gone (and leaves one
    // whose feedback was delivered, or that was refunded already, as it is). Nothing about the payment
    // is read or made a condition here, so the deletion stays one transaction.
    const items = all.flatMap((x) => [
      ...x.links.flatMap((l) => shareDeletes(x.id, l)),
      ...tracks.trackDeletes(x, { withStack: x !== c }),
      ...x.links.flatMap((l) => (l.orderId ? [paymentDueNow(l.orderId)] : [])),
    ]);
    if (all.some((x) => x.fenced) || items.length > tracks.MAX_TRANSACTION_ITEMS || attempt > DELETE_ATTEMPTS)
      return deleteApart(c, versions, withdraw);
    if (await tracks.deleteAtOnce(items)) return all.map((x) => x.track);
    c = await contentsOf(c.id);
    versions = await versionContents(c);
    // The transaction refuses a paid request's share while its pro is at work (shareDeletes): said as such.
    await assertNoReviewInProgress([c, ...versions]);
  }
  return [];
}

/** The later versions of a track, each read as a deletion reads a track. */
const versionContents = async (c: TrackContents) => (await Promise.all((c.track?.versionIds ?? []).map(contentsOf))).filter((v) => v.track);

/** For a track too large for one transaction: its versions one at a time, then the track through fences. */
async function deleteApart(c: TrackContents, versions: TrackContents[], withdraw: Withdrawal): Promise<TrackRecord[]> {
  const gone: TrackRecord[] = [];
  for (const v of versions) gone.push(...(await deleteTrack(v, withdraw, [])));
  return c.track ? [...gone, ...(await deleteFenced(c.track, withdraw))] : gone;
}

const REVIEW_IN_PROGRESS = 'review_in_progress';
const DUE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * A track whose paid review is being written cannot be deleted: the pro's work is not taken back (the
 * refund a deletion brings is for requests not yet accepted). The deletion's transaction is what refuses
 * it (its share's delete is conditional on the status); this says why, once it has.
 */
async function assertNoReviewInProgress(found: TrackContents[]): Promise<void> {
  const paid = found.flatMap((c) =>
    c.links.filter((l) => l.orderId).map((l) => ({ title: c.track ? versionedTitle(c.track) : '', shareId: l.shareId })),
  );
  const shares = await Promise.all(
    paid.map(async (p) => {
      const [share, dispute] = await Promise.all([readShare(p.shareId), readDispute(p.shareId)]);
      return { ...p, share: share?.record, dispute };
    }),
  );
  const reported = shares.find((s) => s.dispute?.status === 'open');
  if (reported) {
    throw new Conflict(`"${reported.title}" cannot be deleted while your report of its review is being looked at.`, REVIEW_IN_PROGRESS);
  }
  const busy = shares.find((s) => s.share?.status === 'accepted');
  if (!busy?.share) return;
  const due = respondBy(busy.share);
  throw new Conflict(
    `"${busy.title}" cannot be deleted while ${busy.share.sharedWithName} is reviewing it${due ? ` (due ${DUE.format(Date.parse(due))})` : ''}. You can delete it once the review is in.`,
    REVIEW_IN_PROGRESS,
    { reviewer: busy.share.sharedWithName, ...(due ? { dueAt: due } : {}) },
  );
}

/**
 * Deletion through fences, for what one transaction cannot take: the track is fenced, then each share, so
 * nothing can be added to what is being listed; each share's items are listed and deleted, its link last;
 * then the track's own records.
 */
async function deleteFenced(track: TrackRecord, withdraw: Withdrawal): Promise<TrackRecord[]> {
  // Fenced, the track takes no new request; one accepted between this look and its share's fence is the
  // narrow window this path leaves (a track of over 100 items).
  await assertNoReviewInProgress([await tracks.readTrackContents(track.id)]);
  for (const { shareId, orderId } of await sharesOfTrack(track.id, { fence: true })) {
    const keys = await shareItemKeys(track.id, shareId);
    if (orderId) await withdraw.start(shareId, orderId);
    await deleteKeys(keys);
    if (orderId) await withdraw.finish(orderId);
  }
  // Read again once fenced: processing may have finished it (set its audio) since the first read, and a
  // version may have come before the fence (none can after it).
  Object.assign(track, await tracks.getTrack(track.id, { consistent: true }));
  const versions: TrackRecord[] = [];
  for (const id of track.versionIds ?? []) versions.push(...(await deleteTrack(await contentsOf(id), withdraw)));
  await tracks.deleteTrackRecords(track);
  await tracks.forgetVersion(track);
  return [...versions, track];
}
