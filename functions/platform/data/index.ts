/**
 * The records of platform, as other topics and the entry points read and write them: the one way into
 * platform/data/ (lint holds it).
 */
export { deleteKeys, getItem, getItems } from './batch.js';
export { hourlyTakeUpdate } from './limits.js';
export { presignPost } from './presign.js';
export { belowInPartitions, countAll, dueIds, queryAll } from './query.js';
export { getSettings, setMargin } from './settings.js';
export { shardKey, shardKeys } from './shards.js';
export { withoutKeys } from './table.js';
export { cancellation, failedItem, isConditionFailure, retryConflicts, send, writeIf, type TransactItem } from './transactions.js';
