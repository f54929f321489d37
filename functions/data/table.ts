/**
 * The single table's shape. infra/ and the local table creator both build the table from this,
 * so the emulator and AWS can never drift apart.
 */
export const TABLE_KEYS = { partition: 'PK', sort: 'SK' } as const;

/**
 * `projection`: the attributes an index copies besides the keys (`all`, or a list). GSI1Count is GSI1's
 * keys alone, plus what a user search filters on, so that counting a partition (a user's tracks, the users
 * of a type) reads about 100 bytes an item, not the whole item (a track's peaks weigh 1.4 KB).
 */
export const TABLE_INDEXES = [
  { name: 'GSI1', partition: 'GSI1PK', sort: 'GSI1SK', projection: 'all' },
  { name: 'GSI2', partition: 'GSI2PK', sort: 'GSI2SK', projection: 'all' },
  { name: 'GSI1Count', partition: 'GSI1PK', sort: 'GSI1SK', projection: ['nameLower', 'email', 'fullName'] },
] as const satisfies readonly { name: string; partition: string; sort: string; projection: 'all' | readonly string[] }[];

export type IndexName = (typeof TABLE_INDEXES)[number]['name'];
