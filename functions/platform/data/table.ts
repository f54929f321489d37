/**
 * The single table's shape. infra/ and the local table creator both build the table from this,
 * so the emulator and AWS can never drift apart.
 */
export const TABLE_KEYS = { partition: 'PK', sort: 'SK' } as const;

/**
 * `projection`: the attributes an index copies besides the keys (`all`, or a list). GSI1Count is GSI1's
 * keys alone, plus what a user search filters on, so that counting a partition reads about 100 bytes an
 * item, not the whole item (a track's peaks weigh 1.4 KB).
 * GSI3 lists users by type and tracks by owner with only their keys and what the admin's search filters
 * on: a write to such an item that changes neither (a balance, a track's `shareIds`, a bio) writes no
 * index entry, where GSI1 copies every attribute on every write. The lists read the items themselves by
 * key (BatchGetItem), so a page is one Query and one batch; a count reads about 100 bytes an entry.
 */
export const TABLE_INDEXES = [
  { name: 'GSI1', partition: 'GSI1PK', sort: 'GSI1SK', projection: 'all' },
  { name: 'GSI2', partition: 'GSI2PK', sort: 'GSI2SK', projection: 'all' },
  { name: 'GSI1Count', partition: 'GSI1PK', sort: 'GSI1SK', projection: ['nameLower', 'email', 'fullName'] },
  { name: 'GSI3', partition: 'GSI3PK', sort: 'GSI3SK', projection: ['nameLower', 'email', 'fullName'] },
] as const satisfies readonly { name: string; partition: string; sort: string; projection: 'all' | readonly string[] }[];

export type IndexName = (typeof TABLE_INDEXES)[number]['name'];

/** The attributes of an item that are the table's and not its record's: its keys, its indexes' keys, its kind. */
const ITEM_ATTRIBUTES = [TABLE_KEYS.partition, TABLE_KEYS.sort, ...new Set(TABLE_INDEXES.flatMap((i) => [i.partition, i.sort])), 'entity'];

/** The record an item stores: the item without ITEM_ATTRIBUTES and `more` (what only the writes read). */
export function withoutKeys(item: Record<string, unknown>, ...more: string[]): Record<string, unknown> {
  const record = { ...item };
  for (const name of [...ITEM_ATTRIBUTES, ...more]) delete record[name];
  return record;
}
