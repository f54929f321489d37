/**
 * Every migration, in order: data written by earlier versions brought to what this version reads, so the
 * code has one path for each. Idempotent and cheap when there is nothing left (the index moves query; the
 * scans run once per table, a `MIGRATION` item records each). `npm run migrate` runs it against AWS; the
 * local stack runs it at every start, for a data directory of an earlier version.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../functions/lib/aws/dynamo.js';
import { config } from '../../functions/lib/config.js';
import { keepEarningsOnRequests, splitBalances, watchHolds } from './earning-parts.js';
import { indexLedgerMonths } from './ledger-months.js';
import { listLinkComments } from './link-comments.js';
import { giveMailKeys } from './mail-keys.js';
import { termPaidShares, termPaymentDrafts } from './paid-terms.js';
import { listPros } from './pro-listings.js';
import { migratePayments } from './payments.js';
import { migrateShareFields } from './share-fields.js';
import { listProviderDisputes } from './provider-disputes.js';
import { listDecidedDisputes } from './decided-disputes.js';
import { moveToShards } from './shards.js';
import { measureMissingReports } from './track-reports.js';
import { moveUserLists } from './user-lists.js';

/** What each count of a run says, in the sentence it prints (a count of 0 says nothing). */
const SAID = {
  sharded: (n: number) => `moved ${n} items to their shards`,
  commentIds: (n: number) => `brought ${n} comment ids of track links up to date`,
  comments: (n: number) => `rewrote the tags of ${n} comments`,
  acceptances: (n: number) => `dated ${n} acceptances`,
  payments: (n: number) => `brought ${n} payments up to date`,
  paidTerms: (n: number) => `kept the deadlines of ${n} paid requests on them`,
  listings: (n: number) => `listed ${n} pros with their reputation`,
  earnings: (n: number) => `kept ${n} earnings in parts (pending, held, available)`,
  ledger: (n: number) => `indexed ${n} ledger entries by month`,
  disputes: (n: number) => `listed ${n} payments disputed at PayPal`,
  decided: (n: number) => `listed ${n} decided reports`,
  reports: (n: number) => `measured the technical report of ${n} tracks`,
  mailKeys: (n: number) => `gave ${n} users the key of their unsubscribe links`,
};

export type Migrated = { users: number; tracks: number } & Record<keyof typeof SAID, number>;

/** Runs a scan unless this table has recorded it as run, and records it once it has finished (`done`). */
async function once<R>(name: string, run: () => Promise<R>, done: (r: R) => boolean, none: R): Promise<R> {
  const Key = { PK: 'MIGRATION', SK: name };
  if ((await dynamo().send(new GetCommand({ TableName: config.tableName, Key, ConsistentRead: true }))).Item) return none;
  const result = await run();
  if (done(result)) {
    await dynamo().send(
      new PutCommand({ TableName: config.tableName, Item: { ...Key, entity: 'migration', doneAt: new Date().toISOString() } }),
    );
  }
  return result;
}

export async function migrateAll(): Promise<Migrated> {
  const lists = await moveUserLists();
  const sharded = await moveToShards();
  const links = await once('link-comment-lists', listLinkComments, (r) => r.left === 0, { moved: 0, left: 0 });
  const fields = await once('share-fields', migrateShareFields, () => true, { comments: 0, acceptances: 0 });
  // Not once: payments the previous version creates between this run and the deploy lack their draft.
  const payments = await migratePayments();
  const paidShares = await once('paid-terms', termPaidShares, () => true, 0);
  // Not once either: the previous version drafts requests without their terms until the deploy.
  const paidTerms = paidShares + (await termPaymentDrafts());
  // Not once: a Query of the pros, each read by key (and one who has a listing is skipped).
  const listings = await listPros();
  // Not once: the previous version completes and credits without them until the deploy.
  const earnings = (await watchHolds()) + (await keepEarningsOnRequests()) + (await splitBalances());
  // Not once: the previous version writes entries without the month index until the deploy.
  const ledger = await indexLedgerMonths();
  // Not once: the previous version opens disputes without their key until the deploy.
  const disputes = await listProviderDisputes();
  // Not once: the previous version decides reports without their key until the deploy.
  const decided = await listDecidedDisputes();
  // Not once: the previous version processes uploads without a report until the deploy.
  const reports = (await measureMissingReports()).measured;
  // Not once: the previous version makes users without a key until the deploy.
  const mailKeys = await giveMailKeys();
  return {
    ...lists,
    sharded,
    commentIds: links.moved,
    ...fields,
    payments,
    paidTerms,
    listings,
    earnings,
    ledger,
    disputes,
    decided,
    reports,
    mailKeys,
  };
}

/** What a run moved, in a sentence (nothing: null). */
export function describeMigrated(m: Migrated): string | null {
  const parts = [
    m.users || m.tracks ? `moved ${m.users} users and ${m.tracks} tracks to the GSI3 lists` : '',
    ...Object.entries(SAID).map(([key, say]) => (m[key as keyof typeof SAID] ? say(m[key as keyof typeof SAID]) : '')),
  ].filter(Boolean);
  return parts.length ? `Migrated data of an earlier version: ${parts.join('; ')}.` : null;
}
