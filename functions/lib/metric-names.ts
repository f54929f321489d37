/**
 * The business metrics' names, namespace and dimension: written by the functions (observability.ts) and
 * read by the alarms and the dashboard (infra/constructs/monitoring.ts).
 */

export const METRICS_NAMESPACE = 'Snip';
/** Their one dimension: every function counts under the same service, so a metric is one series. */
export const METRICS_SERVICE = 'snip';

/** What the business runs on, counted where it happens (the dashboard shows each; some have alarms). */
export const BUSINESS_METRICS = [
  'UploadsProcessed',
  'UploadsFailed',
  /** An upload put back on the queue while its account held its share of the runs (tracks/processing-slots.ts). */
  'UploadsDeferred',
  /** A track processed before reports, measured when its report was first asked for. */
  'TracksMeasured',
  /** A codec preview made for one profile of a track (tracks/codec-previews.ts). */
  'PreviewsMade',
  'FeedbackRequested',
  'FeedbackCompleted',
  'PaymentsCaptured',
  /** Snip Pro requests: paid into the pool, claimed by a pro, refunded because nobody claimed them (an alarm). */
  'PoolRequestsOpened',
  'PoolRequestsClaimed',
  'PoolRequestsUnclaimed',
  'PaymentsRefunded',
  'PaymentsFailed',
  /** A capture (or an order) that did not match its stored payment: refunded, never applied. */
  'PaymentMismatches',
  /** A refund PayPal kept refusing, handed to an admin. */
  'RefundsStuck',
  /** An earning whose hold ended: available to withdraw. */
  'EarningsReleased',
  /** Pros' withdrawals: asked for, paid by PayPal, given back (failed, unclaimed, returned). */
  'PayoutsRequested',
  'PayoutsPaid',
  'PayoutsReturned',
  /** A payout PayPal has not answered for hours (each try counted): still sent again every hour, and listed for an admin. */
  'PayoutsStuck',
  /** Movements the ledger and PayPal's records do not agree on (the daily reconciliation). */
  'ReconciliationDifferences',
  /** Reputation events the job applied because their own application failed (people/reputation.ts). */
  'ReputationRepaired',
  /** A listening report claiming more than the clock allows (shared/review.ts). */
  'ListeningRefused',
  /** A review submitted below the quality floor, or copied from the reviewer's review of another track. */
  'ReviewIncomplete',
  'ReviewRepeated',
  /** A payment webhook of the right shape that was not verified (an alarm). */
  'WebhooksRejected',
  /** A POST to a webhook route that is not a delivery by its shape (no signature, not an event): no alarm. */
  'WebhooksMalformed',
  'EmailsSent',
  /** Not sent: the recipient turned that kind of e-mail off. */
  'EmailsOptedOut',
  'EmailsFailed',
  'ServerErrors',
  'ClientErrors',
] as const;
export type BusinessMetric = (typeof BUSINESS_METRICS)[number];
