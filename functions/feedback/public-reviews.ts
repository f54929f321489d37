/**
 * A completed review's read-only link: its musician makes one (one at a time, for PUBLIC_LINK_DAYS), sees it
 * and turns it off; anyone holding it reads the review, without an account and without the audio. The
 * token is 192 random bits: the link is its own proof, so it is shown only to the musician.
 */
import { receiptOf } from './receipts.js';
import { randomBytes } from 'node:crypto';
import { PUBLIC_LINK_DAYS, type PublicLinkView, type PublicReviewView } from '../../shared/schemas/public-review.js';
import { paths } from '../../shared/paths.js';
import { drewOn } from '../../shared/comment-made.js';
import * as links from './data/shares/public-links.js';
import type { PublicLinkRecord } from './data/shares.js';
import * as shares from './data/shares.js';
import { Conflict, Forbidden, NotFound } from '../lib/errors.js';
import { enforceRateLimit } from '../platform/index.js';
import { bundleFor } from './share-bundle.js';

const DAY_S = 86_400;
const GONE = 'This review link has expired or was turned off.';

/** The link if it still works at `now`, else null. */
const live = (l: PublicLinkRecord | null, now: number): PublicLinkRecord | null => (l && l.expiresAt * 1000 > now ? l : null);

const toLinkView = (l: PublicLinkRecord): PublicLinkView => ({
  token: l.token,
  path: paths.publicReview.replace(':token', l.token),
  createdAt: l.createdAt,
  expiresAt: new Date(l.expiresAt * 1000).toISOString(),
});

/** The share with its link, read for its musician: the only one who may make, see or end the link. */
async function ownShare(userId: string, shareId: string) {
  const bundle = await bundleFor(userId, shareId);
  if (bundle.share.sharedByUserId !== userId) throw new Forbidden('Only the musician who asked for this review can share it');
  return { share: bundle.share, current: bundle.publicLink ?? null };
}

export async function publicLinkOf(userId: string, shareId: string, now = Date.now()): Promise<{ link: PublicLinkView | null }> {
  const link = live((await ownShare(userId, shareId)).current, now);
  return { link: link && toLinkView(link) };
}

/** Makes the review's link, or gives the one it has (a second click, another tab). */
export async function makePublicLink(userId: string, shareId: string, now = Date.now()): Promise<PublicLinkView> {
  const { share, current } = await ownShare(userId, shareId);
  if (share.status !== 'completed') throw new Conflict('Only a completed review can be shared', 'not_completed');
  if (live(current, now)) return toLinkView(current!);
  const link: PublicLinkRecord = {
    token: randomBytes(24).toString('base64url'),
    shareId,
    createdAt: new Date(now).toISOString(),
    expiresAt: Math.floor(now / 1000) + PUBLIC_LINK_DAYS * DAY_S,
  };
  // A link past its time is replaced: its pointer stays until then.
  if (await links.putPublicLink(link, userId, current?.token ?? null)) return toLinkView(link);
  // Another tab made one meanwhile: that one stands.
  const made = live(await links.getPublicLinkOf(shareId), now);
  if (made) return toLinkView(made);
  throw new Conflict('The review changed while its link was being made. Please try again.', 'changed_meanwhile');
}

export async function revokePublicLink(userId: string, shareId: string): Promise<{ revoked: boolean }> {
  const { current } = await ownShare(userId, shareId);
  return { revoked: current ? await links.deletePublicLink(shareId, current.token) : false };
}

/** The review a link opens, for anyone holding it (limited per client address); 404 once it is gone. */
export async function publicReview(token: string, clientIp: string, now = Date.now()): Promise<PublicReviewView> {
  await enforceRateLimit('publicReview', clientIp);
  const lookup = live(await links.getPublicLinkByToken(token), now);
  if (!lookup) throw new NotFound(GONE);
  const bundle = await shares.getShareBundle(lookup.shareId);
  if (bundle?.publicLink?.token !== token || !bundle || bundle.share.status !== 'completed' || !bundle.feedback) {
    await links.forgetLookup(token).catch(() => {});
    throw new NotFound(GONE);
  }
  const { share, feedback } = bundle;
  return {
    trackTitle: share.trackTitle,
    reviewerName: share.sharedWithName,
    reviewerWorldClass: Boolean(share.reviewerWorldClass),
    duration: share.trackDuration,
    peaks: share.trackPeaks,
    criteria: feedback.criteria,
    comment: feedback.comment,
    // The review is the reviewer's comments; the musician's replies are theirs alone.
    comments: bundle.comments
      .filter((c) => c.userId === share.sharedWithUserId)
      .sort((a, b) => (a.timestamp ?? -1) - (b.timestamp ?? -1))
      .map((c) => ({
        timestamp: c.timestamp,
        ...(c.endTimestamp != null ? { endTimestamp: c.endTimestamp } : {}),
        text: c.text,
        tags: c.tags,
        ...(c.made ? { made: c.made } : {}),
      })),
    reviewedAt: feedback.createdAt,
    drewOn: drewOn(
      bundle.comments.filter((c) => c.userId === share.sharedWithUserId),
      'anyone',
    ),
    expiresAt: new Date(lookup.expiresAt * 1000).toISOString(),
    receipt: await receiptOf(bundle),
  };
}
