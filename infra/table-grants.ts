/**
 * What each Lambda function may do with the table, by entry: the item actions its code makes and no
 * more, the indexes it queries, and where its keys allow it the partitions it may touch. A function that
 * never writes gets no write action; one that never touches the table gets none.
 *
 * test/infra/table-grants.test.ts reads each entry's code (every declaration reachable from its handler)
 * and holds the actions and indexes here to exactly what it sends; test/infra/stack.test.ts lists what
 * the template grants each function, so that a widening shows in review.
 *
 * Plain data, no CDK: the local gateway holds each area to its partitions as IAM would
 * (scripts/dev/stack/table-access.ts); infra/constructs/table-grant.ts turns an entry into its policy.
 *
 * IAM authorizes a TransactWriteItems item by item (PutItem, UpdateItem, DeleteItem, ConditionCheckItem)
 * and a conditional write as the write itself, so those are what is listed for them.
 */
import type { IndexName } from '../functions/platform/data/table.js';

export type TableAction =
  | 'dynamodb:GetItem'
  | 'dynamodb:BatchGetItem'
  | 'dynamodb:Query'
  | 'dynamodb:PutItem'
  | 'dynamodb:UpdateItem'
  | 'dynamodb:DeleteItem'
  | 'dynamodb:BatchWriteItem'
  | 'dynamodb:ConditionCheckItem';

export interface TableGrant {
  readonly actions: readonly TableAction[];
  /** The secondary indexes it queries; each is a resource of its own. */
  readonly indexes?: readonly IndexName[];
  /**
   * The partition keys it may read and write on the table (`dynamodb:LeadingKeys`, `*` matching any
   * rest), where its key space is that narrow. Absent: any partition (the reason is beside the entry).
   */
  readonly leadingKeys?: readonly string[];
}

/**
 * The HTTP areas that serve signed-in callers read the caller's record on every call and may create it
 * (functions/people/users.ts ensureUser), and audit an admin's writes while impersonating
 * (functions/people/data/audit.ts), besides what their routes do. Their keys are the ids a request names (users,
 * tracks, shares, payments, their sharded counters and the ledger), so no partition condition applies:
 * what keeps an area from another's items is its handlers' checks, and here the actions it lacks.
 */
export const TABLE_GRANTS: Readonly<Record<string, TableGrant>> = {
  // Profiles (renames move the username reservation and search terms: Delete in a transaction), the
  // directory's search (GSI2) and lists by type (GSI3), Choose Your Pro's orders (the listings: GSI1-3),
  // rate limits.
  'functions/http/users.ts': {
    actions: [
      'dynamodb:GetItem',
      'dynamodb:BatchGetItem',
      'dynamodb:Query',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
    ],
    indexes: ['GSI1', 'GSI2', 'GSI3'],
  },
  // 'Download my data': the caller's lists read to their end (tracks: GSI3; requests made: GSI1, received:
  // GSI2; payments: GSI1) and each request's items, the rate limit. 'Delete my account': the same lists,
  // then the tracks with their requests (BatchWriteItem for those deleted through fences) and the user's records.
  'functions/http/account.ts': {
    actions: [
      'dynamodb:GetItem',
      'dynamodb:BatchGetItem',
      'dynamodb:Query',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:BatchWriteItem',
    ],
    indexes: ['GSI1', 'GSI2', 'GSI3'],
  },
  // Tracks, their upload claims and results, deleting a track with its shares (BatchWriteItem), refunds; the
  // musician's latest payments (GSI1), for their Snip Pro requests on a track deleted (refunded at once).
  'functions/http/tracks.ts': {
    actions: [
      'dynamodb:GetItem',
      'dynamodb:BatchGetItem',
      'dynamodb:Query',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:BatchWriteItem',
      'dynamodb:ConditionCheckItem',
    ],
    indexes: ['GSI1', 'GSI3'],
  },
  // Shares, feedback, comments and digests, e-mail claims (released with DeleteItem), refunds.
  'functions/http/shares.ts': {
    actions: [
      'dynamodb:GetItem',
      'dynamodb:Query',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:ConditionCheckItem',
    ],
    indexes: ['GSI1', 'GSI2'],
  },
  // AI suggestions: the caller, the plan catalogue and an hourly counter; a suggestion for a request is kept
  // on it (the share read, and written on condition that it is open). No Query, no delete.
  'functions/http/feedbacks.ts': {
    actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:ConditionCheckItem'],
  },
  // Orders, captures, refunds and the ledger (by month: GSI1), payouts (everyone's for admins: GSI3), the
  // reports' count (GSI1Count), the payments of a month's earnings (BatchGetItem), webhook events, e-mail claims.
  'functions/http/payments.ts': {
    actions: [
      'dynamodb:GetItem',
      'dynamodb:BatchGetItem',
      'dynamodb:Query',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
    ],
    indexes: ['GSI1', 'GSI1Count', 'GSI2', 'GSI3'],
  },
  // Plans (a visitor's too, under the per-address limit), checkout and the portal. No Query, no delete.
  'functions/http/billing.ts': { actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'] },
  // Users, applications, settings, audit, balances. No delete.
  'functions/http/admin.ts': {
    actions: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
    indexes: ['GSI1', 'GSI3'],
  },
  // Public, no caller: PayPal's and Stripe's events. A capture makes its request (the share, its track's
  // link and count), the payment's and payouts' moves write the ledger and the balances, each event is
  // recorded once (WEBHOOK#) with its e-mail's claim; a plan's event finds its customer and stores the plan
  // catalogue (CONFIG, which the margin shares: IAM cannot tell sort keys apart); the per-address limit.
  // Never the audit, the user counts, a username, an upload, its audio's lookup or processing places, a
  // public link or a realtime connection. (A user's application and search terms share USER#.) A Snip Pro
  // request's capture counts in the pool's health (STATS#POOL); its offers are in the pros' USER# partitions.
  'functions/http/webhooks.ts': {
    actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
    leadingKeys: [
      'PAYMENT#*',
      'PAYOUT#*',
      'LEDGER#*',
      'USER#*',
      'SHARE#*',
      'TRACK#*',
      'WEBHOOK#*',
      'CUSTOMER#*',
      'CLIENT#*',
      'CONFIG',
      'STATS#POOL',
    ],
  },
  // Public, no caller: an unsubscribe (the link's user, their preferences written) and a public review (its
  // link's lookup, forgotten when the link is dead, and the share's items), each under the per-address
  // rate limit's counter.
  'functions/http/links.ts': {
    actions: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
    leadingKeys: ['USER#*', 'SHARE#*', 'PUBLICREVIEW#*', 'CLIENT#*'],
  },
  // Public, no caller: one read of a key never written (functions/platform/data/health.ts).
  'functions/http/health.ts': { actions: ['dynamodb:GetItem'], leadingKeys: ['HEALTH'] },
  // Public, no caller: the per-address rate limit's counter (functions/platform/data/limits.ts), nothing stored.
  'functions/http/telemetry.ts': { actions: ['dynamodb:UpdateItem'], leadingKeys: ['CLIENT#*'] },
  // The upload's result, its track (by its upload claim), finishing the track; the account's runs.
  'functions/jobs/process-audio.ts': {
    actions: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
    leadingKeys: ['UPLOAD#*', 'AUDIOKEY#*', 'TRACK#*', 'PROCESSING#*', 'REFERENCES#*'],
  },
  // A closed request's reference tracks (functions/tracks/data/references.ts): listed, then each deleted as it stood.
  'functions/jobs/reference-cleanup.ts': { actions: ['dynamodb:Query', 'dynamodb:DeleteItem'], leadingKeys: ['REFERENCES#*'] },
  // Due digests (GSI2), a share's items, claiming a digest (DeleteItem) or putting it back (a transaction
  // of UpdateItem and ConditionCheckItem), the recipient.
  'functions/jobs/comment-digest.ts': {
    actions: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:ConditionCheckItem'],
    indexes: ['GSI2'],
    leadingKeys: ['SHARE#*', 'USER#*'],
  },
  // Payments due (GSI2); captures, refunds and expiries move money across payments, shares, tracks,
  // users, balances and the ledger, so no partition condition applies. DeleteItem gives an e-mail claim
  // back when its e-mail could not be sent; a deadline's reminder is claimed on condition that its share
  // is open (ConditionCheckItem), as is an earning's release on its share's report; a missed deadline counts
  // in the pro's listing (reputation). Payouts due (GSI2) are sent again or settled, freeing the pro's open one.
  // Once a day the ledger's month index (GSI1) is reconciled with PayPal's records.
  'functions/jobs/payment-checks.ts': {
    actions: [
      'dynamodb:GetItem',
      'dynamodb:Query',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:ConditionCheckItem',
    ],
    indexes: ['GSI1', 'GSI2'],
  },
  // Its connection items (functions/platform/data/connections.ts): CONN#<id>, and USER#<id> / CONN#<id> for the
  // fan-out. The latter share the user's partition, which IAM cannot tell from the user's record (no
  // condition on sort keys); moving them to a partition of their own would close that.
  'functions/realtime/socket.ts': {
    actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem'],
    leadingKeys: ['CONN#*', 'USER#*'],
  },
  // A user's connections (Query of USER#<id>), forgetting gone ones. As the socket function.
  'functions/realtime/stream.ts': { actions: ['dynamodb:Query', 'dynamodb:DeleteItem'], leadingKeys: ['CONN#*', 'USER#*'] },
  // The new user's record, username reservation and search terms, and the count of its type, in one
  // transaction.
  'functions/triggers/post-confirmation.ts': {
    actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
    leadingKeys: ['USER#*', 'USERNAME#*', 'USERCOUNT'],
  },
  'functions/triggers/custom-message.ts': { actions: [] },
};

/** The grant of an entry; an entry missing from TABLE_GRANTS is a mistake, not a function without access. */
export function tableGrantOf(entry: string): TableGrant {
  const grant = TABLE_GRANTS[entry];
  if (!grant) throw new Error(`${entry} has no entry in TABLE_GRANTS (infra/table-grants.ts)`);
  return grant;
}
