/**
 * What a request's reviewer did with the analysis findings of its track: the findings dismissed and those
 * counted as confirmed (records.ts findingsKey, beside the findings the request copied), and the count per
 * detector of findings confirmed and dismissed in every review (findingStatsKey), which the admins read as
 * each detector's dismiss rate.
 */
import type { ShareStatus } from '../../../../shared/feedback.js';
import type { FindingKind } from '../../../../shared/findings.js';
import { cancellation, getItem } from '../../../platform/data/index.js';
import { T, findingsKey, findingStatsKey } from './records.js';
import { inOpenShare } from './open-share.js';

/**
 * A finding confirmed or dismissed, counted for its detector once per request: its id is added to the
 * request's findings item (`confirmedIds` or `findingIds`, the dismissed) on the condition that it is not
 * there yet, and its detector's count goes up in the same transaction. Already there, the condition fails
 * and nothing is counted (see comments.ts putNewComment, and dismissFinding below).
 */
const countedOnce = (shareId: string, finding: { id: string; kind: FindingKind }, outcome: 'confirmed' | 'dismissed') => {
  const ids = outcome === 'confirmed' ? 'confirmedIds' : 'findingIds';
  return [
    {
      Update: {
        TableName: T(),
        Key: findingsKey(shareId),
        UpdateExpression: `ADD ${ids} :f SET shareId = :id`,
        ConditionExpression: `attribute_not_exists(${ids}) OR NOT contains(${ids}, :fid)`,
        ExpressionAttributeValues: { ':f': new Set([finding.id]), ':fid': finding.id, ':id': shareId },
      },
    },
    {
      Update: {
        TableName: T(),
        Key: findingStatsKey(),
        UpdateExpression: 'ADD #n :one',
        ExpressionAttributeNames: { '#n': `${outcome}_${finding.kind}` },
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
  ];
};

/** A finding confirmed as a comment: a comment deleted and confirmed again does not count twice. */
export const findingConfirmed = (shareId: string, finding: { id: string; kind: FindingKind }) => countedOnce(shareId, finding, 'confirmed');

/**
 * Dismisses a finding for the request while it is open and not in one of `closed`, counted once:
 * 'written', 'already' (dismissed before: nothing changes) or 'closed'.
 */
export async function dismissFinding(
  shareId: string,
  finding: { id: string; kind: FindingKind },
  opts: { closed: ShareStatus[] },
): Promise<'written' | 'already' | 'closed'> {
  const err = await inOpenShare(shareId, opts.closed, countedOnce(shareId, finding, 'dismissed'));
  if (!err) return 'written';
  return cancellation(err)![0] === 'ConditionalCheckFailed' ? 'closed' : 'already';
}

/** Per detector kind, the findings confirmed and dismissed in reviews so far. */
export async function findingCounts(): Promise<Record<string, number>> {
  const counts = await getItem(findingStatsKey(), (item) =>
    Object.fromEntries(
      Object.entries(item)
        .filter(([k]) => /^(confirmed|dismissed)_/.test(k))
        .map(([k, v]) => [k, Number(v)]),
    ),
  );
  return counts ?? {};
}
