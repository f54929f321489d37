/**
 * 'Download my data': everything the product keeps about the caller that is theirs to take, as one JSON
 * document, in the views the app itself shows (no storage keys, no internal fields). Every list is read
 * to its end, page by page; a request's comments come from its bundle, a few requests at a time. A rare
 * route of its own function: its round trips grow with the account's history (one per page of a list,
 * one per AT_ONCE requests), which the route-trip test allows it alone.
 */
import type { DataExportView } from '../../shared/schemas/data-export.js';
import { type PaymentRecord, allEntries } from '../money/data/index.js';
import { getShareBundle, type ShareRecord, getTemplates } from '../feedback/data/index.js';
import { allPayments, allPayouts, allRequests, allTracks } from './account-history.js';
import { ledgerViews, toPayoutView, toReceipt } from '../money/index.js';
import { notWhileImpersonating } from '../lib/errors.js';
import { type Caller, toUserView } from '../people/index.js';
import { enforceRateLimit } from '../platform/index.js';
import { orderComments, toCommentView, toShareView, visibleComments } from '../feedback/index.js';
import { trackStatus } from '../tracks/index.js';

/** Bundles read at once: a long history is read steadily, not in one burst. */
const AT_ONCE = 8;

/** Orders that never took money have no receipt, and are no payment of the user's. */
const receiptsOf = (payments: PaymentRecord[]) => payments.filter((p) => p.captureId).map(toReceipt);

/**
 * Each request as the app shows it to `viewerId`, with the comments they may read (no draft of a review),
 * and, for its reviewer, the AI suggestions given to them for it.
 */
async function withComments(list: ShareRecord[], viewerId: string) {
  const out = [];
  for (let i = 0; i < list.length; i += AT_ONCE) {
    out.push(
      ...(await Promise.all(
        list.slice(i, i + AT_ONCE).map(async (share) => {
          const bundle = await getShareBundle(share.id);
          const comments = orderComments(visibleComments(share, bundle?.comments ?? [], viewerId));
          const suggestions = share.sharedWithUserId === viewerId ? (bundle?.suggested ?? []) : [];
          return {
            ...toShareView(share),
            comments: comments.map((c) => toCommentView(share, c)),
            ...(suggestions.length ? { suggestions } : {}),
          };
        }),
      )),
    );
  }
  return out;
}

export async function exportData({ user, isAdmin, actor }: Caller, now = new Date()): Promise<DataExportView> {
  // The person's own to take: an admin acting as them sees what the app shows, not all of it at once.
  if (actor) throw notWhileImpersonating("Download my data is not available while impersonating: it is the user's to ask for.");
  // The limit is counted beside the lists' first pages, not before them: a refused call costs those reads,
  // an allowed one a round trip less. The requests' bundles follow the requests (and the limit's answer)
  // at once, not the other lists: a track page reads its tracks after its index, and waiting for that too
  // would put the bundles a round trip later.
  const allowed = enforceRateLimit('dataExport', user.id);
  const [tracks, { made, requests }, payments, { templates }, ledger, payouts] = await Promise.all([
    allTracks(user.id),
    Promise.all([allRequests(user.id, 'author'), allRequests(user.id, 'reviewer'), allowed]).then(async ([made, received]) => ({
      made: made.length,
      requests: await withComments([...made, ...received], user.id),
    })),
    allPayments(user.id).then(receiptsOf),
    getTemplates(user.id),
    allEntries(user.id).then((entries) =>
      ledgerViews(
        entries.sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
        user,
      ),
    ),
    allPayouts(user.id),
    allowed,
  ]);
  return {
    exportedAt: now.toISOString(),
    account: toUserView(user, isAdmin),
    tracks: tracks.map((t) => ({
      id: t.id,
      title: t.title,
      artist: t.artist,
      status: trackStatus(t).status,
      duration: t.duration,
      sizeBytes: t.sizeBytes,
      contentType: t.contentType,
      version: t.version ?? 1,
      createdAt: t.createdAt,
    })),
    requestsMade: requests.slice(0, made),
    requestsReceived: requests.slice(made),
    payments,
    ledger,
    payouts: payouts.map(toPayoutView),
    templates: templates.map(({ id, title, text, updatedAt }) => ({ id, title, text, updatedAt })),
  };
}
