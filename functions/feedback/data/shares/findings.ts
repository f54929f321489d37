/**
 * What a request's reviewer did with the analysis findings of its track: the findings dismissed
 * (records.ts findingsKey, beside the findings the request copied), and the count per detector of findings confirmed and dismissed in every review
 * (findingStatsKey), which the admins read as each detector's dismiss rate.
 */
import type { ShareStatus } from '../../../../shared/feedback.js';
import type { FindingKind } from '../../../../shared/findings.js';
import { cancellation, getItem } from '../../../platform/data/index.js';
import { T, findingsKey, findingStatsKey } from './records.js';
import { inOpenShare } from './open-share.js';

/** One more finding of `kind` confirmed or dismissed, for the detectors' rates. */
const findingCounted = (kind: FindingKind, outcome: 'confirmed' | 'dismissed') => ({
  Update: {
    TableName: T(),
    Key: findingStatsKey(),
    UpdateExpression: 'ADD #n :one',
    ExpressionAttributeNames: { '#n': `${outcome}_${kind}` },
    ExpressionAttributeValues: { ':one': 1 },
  },
});

/**
 * A finding confirmed as a comment, counted for its detector once per request: the request's findings item
 * keeps the ids counted, so a comment deleted and confirmed again does not count twice (the condition fails
 * instead; see comments.ts putNewComment).
 */
export const findingConfirmed = (shareId: string, finding: { id: string; kind: FindingKind }) => [
  {
    Update: {
      TableName: T(),
      Key: findingsKey(shareId),
      UpdateExpression: 'ADD confirmedIds :f SET shareId = :id',
      ConditionExpression: 'attribute_not_exists(confirmedIds) OR NOT contains(confirmedIds, :fid)',
      ExpressionAttributeValues: { ':f': new Set([finding.id]), ':fid': finding.id, ':id': shareId },
    },
  },
  findingCounted(finding.kind, 'confirmed'),
];

/**
 * Dismisses a finding for the request while it is open and not in one of `closed`, counted once:
 * 'written', 'already' (dismissed before: nothing changes) or 'closed'.
 */
export async function dismissFinding(
  shareId: string,
  finding: { id: string; kind: FindingKind },
  opts: { closed: ShareStatus[] },
): Promise<'written' | 'already' | 'closed'> {
  const err = await inOpenShare(shareId, opts.closed, [
    {
      Update: {
        TableName: T(),
        Key: findingsKey(shareId),
        UpdateExpression: 'ADD findingIds :f SET shareId = :id',
        ConditionExpression: 'attribute_not_exists(findingIds) OR NOT contains(findingIds, :fid)',
        ExpressionAttributeValues: { ':f': new Set([finding.id]), ':fid': finding.id, ':id': shareId },
      },
    },
    findingCounted(finding.kind, 'dismissed'),
  ]);
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
