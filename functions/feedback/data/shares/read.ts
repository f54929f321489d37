/** Reading a share, its comments and its whole bundle, and listing a user's shares as author or reviewer, a page at a time. */
import type { Finding } from '../../../../shared/findings.js';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ShareStatus } from '../../../../shared/feedback.js';
import { dynamo } from '../../../lib/aws/dynamo.js';
import { queryAll } from '../../../platform/data/index.js';
import {
  type ChecklistRecord,
  type CommentRecord,
  FENCE,
  type DisputeRecord,
  type DraftRecord,
  type FeedbackRecord,
  type ListeningRecord,
  type Keyed,
  type RankingRecord,
  type ShareBundle,
  type ShareRecord,
  PUBLIC_LINK_SK,
  T,
  commentKey,
  metaKey,
  pk,
  reviewEditsKey,
  suggestedKey,
  findingsKey,
  publicLinkFields,
  strip,
} from './records.js';

/** The share, read consistently (`deleting` once a deletion has fenced it); null when it is gone. */
export async function readShare(id: string): Promise<(Keyed<ShareRecord> & { deleting: boolean }) | null> {
  const res = await dynamo().send(new GetCommand({ TableName: T(), Key: metaKey(id), ConsistentRead: true }));
  if (!res.Item) return null;
  return {
    record: strip(res.Item) as unknown as ShareRecord,
    requestHash: (res.Item.requestHash as string | undefined) ?? null,
    deleting: Boolean(res.Item[FENCE]),
  };
}

export async function readComment(shareId: string, commentId: string): Promise<Keyed<CommentRecord> | null> {
  const res = await dynamo().send(new GetCommand({ TableName: T(), Key: commentKey(shareId, commentId), ConsistentRead: true }));
  if (!res.Item) return null;
  return {
    record: { ...(strip(res.Item) as unknown as CommentRecord), shareId },
    requestHash: (res.Item.requestHash as string | undefined) ?? null,
  };
}

/**
 * The share with everything on it. One being deleted still reads (a deletion that stopped part-way leaves
 * it readable until it is finished), but takes no more writes.
 */
export async function getShareBundle(id: string): Promise<ShareBundle | null> {
  const items = await queryAll({ TableName: T(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk(id) } });
  const meta = items.find((i) => i.SK === 'META');
  if (!meta) return null;
  const feedback = items.find((i) => i.SK === 'FEEDBACK');
  const ranking = items.find((i) => i.SK === 'RANKING');
  const listening = items.find((i) => i.SK === 'LISTENING');
  const draft = items.find((i) => i.SK === 'DRAFT');
  const dispute = items.find((i) => i.SK === 'DISPUTE');
  const checklist = items.find((i) => i.SK === 'CHECKLIST');
  const publicLink = items.find((i) => i.SK === PUBLIC_LINK_SK);
  const edits = items.find((i) => i.SK === reviewEditsKey(id).SK);
  const suggested = items.find((i) => i.SK === suggestedKey(id).SK);
  const findings = items.find((i) => i.SK === findingsKey(id).SK);
  return {
    share: strip(meta) as unknown as ShareRecord,
    feedback: feedback ? (strip(feedback) as unknown as FeedbackRecord) : null,
    ranking: ranking ? (strip(ranking) as unknown as RankingRecord) : null,
    listening: listening ? (strip(listening) as unknown as ListeningRecord) : null,
    draft: draft ? (strip(draft) as unknown as DraftRecord) : null,
    dispute: dispute ? ({ ...strip(dispute), shareId: id } as unknown as DisputeRecord) : null,
    checklist: checklist ? (strip(checklist) as unknown as ChecklistRecord) : null,
    publicLink: publicLink ? publicLinkFields(publicLink) : null,
    reviewEdits: (edits?.edits as number | undefined) ?? 0,
    suggested: (suggested?.texts as string[] | undefined) ?? [],
    ...(findings?.findings ? { findings: findings.findings as Finding[] } : {}),
    dismissed: [...((findings?.findingIds as Set<string> | undefined) ?? [])],
    comments: items
      .filter((i) => String(i.SK).startsWith('COMMENT#'))
      .map((i) => ({ ...(strip(i) as unknown as CommentRecord), shareId: id })),
  };
}

export const listed = (items: Record<string, unknown>[]) => items.map((i) => strip(i) as unknown as ShareRecord);

/** Where a page of shares stops: the last share given, so the next page starts after it. */
const byKey = (i: Record<string, unknown>) => ({ GSI1PK: i.GSI1PK, GSI1SK: i.GSI1SK, PK: i.PK, SK: i.SK }) as Record<string, string>;

/** Queries a page of the authored list reads at most, so that the route stays within its round trips. */
const AUTHORED_QUERIES = 2;

/** Items one filtered query reads, matching or not. */
const FILTERED_READ = 200;

/**
 * A page of the shares the user authored, newest first, with only `statuses` when given. GSI1 orders them
 * by date whatever their status, so statuses are a filter on one query, read on until the page is full; a
 * page may come back short (even empty) with `next` when the filter matched few of what was read.
 */
export async function pageSharesBy(
  userId: string,
  /** `queries`: the most queries read (the default: AUTHORED_QUERIES), for a caller with a round trip to keep. */
  opts: { limit: number; start?: Record<string, string>; statuses?: readonly ShareStatus[]; queries?: number },
): Promise<{ shares: ShareRecord[]; next?: Record<string, string> }> {
  const items: Record<string, unknown>[] = [];
  const filter = opts.statuses
    ? {
        FilterExpression: `#st IN (${opts.statuses.map((_, i) => `:st${i}`).join(', ')})`,
        ExpressionAttributeNames: { '#st': 'status' },
      }
    : {};
  let start: Record<string, unknown> | undefined = opts.start;
  let queries = 0;
  do {
    const res = await dynamo().send(
      new QueryCommand({
        TableName: T(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :s)',
        ...filter,
        ExpressionAttributeValues: {
          ':pk': `SHAREDBY#${userId}`,
          ':s': 'SHARE#',
          ...Object.fromEntries((opts.statuses ?? []).map((st, i) => [`:st${i}`, st])),
        },
        ScanIndexForward: false,
        // One more than the page: a full page then says whether anything follows it.
        Limit: opts.statuses ? FILTERED_READ : opts.limit + 1 - items.length,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
    queries += 1;
  } while (start && items.length <= opts.limit && queries < (opts.queries ?? AUTHORED_QUERIES));
  if (items.length > opts.limit) {
    const page = items.slice(0, opts.limit);
    return { shares: listed(page), next: byKey(page[page.length - 1]) };
  }
  return { shares: listed(items), next: start as Record<string, string> | undefined };
}

/** A reviewer's position in each status's list: after this `<createdAt>#<id>`, '' for from the start. */
export type StatusPositions = Partial<Record<ShareStatus, string>>;
const withSortKey = (i: Record<string, unknown>) => String(i.GSI2SK).slice(String(i.GSI2SK).indexOf('#') + 1);

/**
 * A page of the shares sent to the user in `from`'s statuses, newest first. GSI2 orders them by status
 * first, so each status is its own query (all at once, one round trip) from its own position, and the
 * page is the newest of them merged. `next` holds the position of each status with more to give (none
 * left: null).
 */
export async function pageSharesWith(
  userId: string,
  from: StatusPositions,
  limit: number,
): Promise<{ shares: ShareRecord[]; next: StatusPositions | null }> {
  const statuses = Object.keys(from) as ShareStatus[];
  const results = await Promise.all(
    statuses.map(async (status) => {
      const position = from[status];
      const res = await dynamo().send(
        new QueryCommand({
          TableName: T(),
          IndexName: 'GSI2',
          KeyConditionExpression: 'GSI2PK = :pk AND begins_with(GSI2SK, :s)',
          ExpressionAttributeValues: { ':pk': `SHAREDWITH#${userId}`, ':s': `${status}#` },
          ScanIndexForward: false,
          Limit: limit + 1,
          ExclusiveStartKey: position ? reviewerStartKey(userId, status, position) : undefined,
        }),
      );
      return { status, items: res.Items ?? [], more: Boolean(res.LastEvaluatedKey) };
    }),
  );
  // A status with more than it gave may hold shares newer than anything older than its last one given:
  // only shares at or after the newest such bound are certain to be in order.
  const bound = results
    .filter((r) => r.more)
    .map((r) => (r.items.length ? withSortKey(r.items[r.items.length - 1]) : '\uffff'))
    .reduce((a, b) => (b > a ? b : a), '');
  const merged = results
    .flatMap((r) => r.items.map((item) => ({ status: r.status, item, sort: withSortKey(item) })))
    .filter((m) => m.sort >= bound)
    .sort((a, b) => (a.sort < b.sort ? 1 : a.sort > b.sort ? -1 : 0))
    .slice(0, limit);
  const next: StatusPositions = {};
  for (const r of results) {
    const taken = merged.filter((m) => m.status === r.status);
    if (taken.length === r.items.length && !r.more) continue;
    next[r.status] = taken.length ? taken[taken.length - 1].sort : from[r.status];
  }
  return { shares: listed(merged.map((m) => m.item)), next: Object.keys(next).length ? next : null };
}

/** The start key of a status's query after `<createdAt>#<id>` (the share's own keys, rebuilt). */
function reviewerStartKey(userId: string, status: ShareStatus, position: string) {
  const id = position.slice(position.lastIndexOf('#') + 1);
  return { GSI2PK: `SHAREDWITH#${userId}`, GSI2SK: `${status}#${position}`, PK: pk(id), SK: 'META' };
}
