/**
 * The single table's shape. infra/ and the local table creator both build the table from this,
 * so the emulator and AWS can never drift apart.
 */
export const TABLE_KEYS = { partition: 'PK', sort: 'SK' } as const;

export const TABLE_INDEXES = [
  { name: 'GSI1', partition: 'GSI1PK', sort: 'GSI1SK' },
  { name: 'GSI2', partition: 'GSI2PK', sort: 'GSI2SK' },
] as const;

export type IndexName = (typeof TABLE_INDEXES)[number]['name'];
