/**
 * Ledger entries by month (GSI1 LEDGER#<yyyy-mm>#<shard>, functions/money/data/ledger.ts): entries written before
 * the index get its keys. Run before the deploy and after it (the earlier version writes entries without
 * them meanwhile); each entry is updated only while it still lacks them.
 */
import { monthKeys, type LedgerEntry } from '../../functions/money/data/ledger.js';
import { scanned, updateFound } from './table.js';

export async function indexLedgerMonths(): Promise<number> {
  let moved = 0;
  for await (const e of scanned({
    FilterExpression: 'entity = :e AND attribute_not_exists(GSI1PK)',
    ExpressionAttributeValues: { ':e': 'ledger' },
  })) {
    const keys = monthKeys(e as unknown as LedgerEntry);
    moved += await updateFound(e, {
      UpdateExpression: 'SET GSI1PK = :pk, GSI1SK = :sk',
      ConditionExpression: 'attribute_not_exists(GSI1PK)',
      ExpressionAttributeValues: { ':pk': keys.GSI1PK, ':sk': keys.GSI1SK },
    });
  }
  return moved;
}
