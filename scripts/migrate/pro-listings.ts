/**
 * Every pro gets their listing (functions/people/data/pro-listing.ts): their place in Choose Your Pro's orders,
 * and their reputation as the requests they already answered give it (completed, rated, delivered in
 * time, how long they took). Pros are found on their list (GSI3), their answered requests on theirs
 * (GSI2): no scan. A pro with a listing already is left as it is, so a second run writes nothing.
 */
import { PAID_REQUEST } from '../../shared/money.js';
import { REPUTATION } from '../../shared/reputation.js';
import { emptyListing, getListing, putListing, type ListingRecord } from '../../functions/people/data/pro-listing.js';
import { queryAll } from '../../functions/platform/data/query.js';
import { config } from '../../functions/lib/config.js';
import { DAY_MS, HOUR_MS } from '../../functions/feedback/data/paid-deadlines.js';

const byIndex = (IndexName: string, key: string, pk: string, prefix?: string) =>
  queryAll({
    TableName: config.tableName,
    IndexName,
    KeyConditionExpression: `${key}PK = :pk${prefix ? ` AND begins_with(${key}SK, :p)` : ''}`,
    ExpressionAttributeValues: { ':pk': pk, ...(prefix ? { ':p': prefix } : {}) },
  });

/** The reputation the pro's answered requests give, as the running updates would have kept it. */
export function reputationFrom(
  userId: string,
  shares: Record<string, unknown>[],
  priceCents: number | null,
  now = Date.now(),
): ListingRecord {
  const l: ListingRecord = { ...emptyListing(userId), priceCents, version: 1 };
  const since = new Date(now - REPUTATION.onTimeDays * DAY_MS).toISOString().slice(0, 10);
  const latest = [...shares].sort((a, b) => String(b.updatedAt).localeCompare(String(a.updatedAt)));
  for (const s of latest) {
    const done = Date.parse(String(s.updatedAt));
    const terms = s.payment as { completeDays?: number } | null | undefined;
    const from = Date.parse(String(s.acceptedAt ?? s.createdAt));
    l.completed += 1;
    if (typeof s.rating === 'number') {
      l.ratingSum += s.rating;
      l.ratingCount += 1;
    }
    if (l.turnarounds.length < REPUTATION.turnaroundsKept) {
      l.turnarounds.push(Math.round(((done - Date.parse(String(s.createdAt))) / HOUR_MS) * 10) / 10);
    }
    const day = new Date(done).toISOString().slice(0, 10);
    if (day > since) {
      const [t, d] = l.onTime[day] ?? [0, 0];
      const inTime = done <= from + (terms?.completeDays ?? PAID_REQUEST.defaultCompleteDays) * DAY_MS;
      l.onTime[day] = [t + (inTime ? 1 : 0), d + 1];
    }
  }
  return l;
}

/** Listings for the pros without one; how many were written. */
export async function listPros(): Promise<number> {
  let written = 0;
  for (const entry of await byIndex('GSI3', 'GSI3', 'TYPE#pro')) {
    const userId = String(entry.PK).slice('USER#'.length);
    if (await getListing(userId)) continue;
    const [profile] = await queryAll({
      TableName: config.tableName,
      KeyConditionExpression: 'PK = :pk AND SK = :sk',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':sk': 'PROFILE' },
    });
    if (profile?.type !== 'pro') continue;
    const answered = await byIndex('GSI2', 'GSI2', `SHAREDWITH#${userId}`, 'completed#');
    const listing = reputationFrom(userId, answered, (profile.feedbackPriceCents as number | null | undefined) ?? null);
    if (await putListing(listing, true)) written++;
  }
  return written;
}
