/**
 * One logical partition spread over several by a hash of an id, so that no single partition takes every
 * write (DynamoDB gives a partition about 1,000 writes a second), and the keys to read them all back.
 */
import { createHash } from 'node:crypto';

/** The shard of `id`: stable, and even over ids. */
export const shardOf = (id: string, count: number): number => createHash('sha256').update(id).digest().readUInt32BE(0) % count;

/** `<prefix>#<shard of id>`. */
export const shardKey = (prefix: string, id: string, count: number): string => `${prefix}#${shardOf(id, count)}`;

/** Every shard's key. */
export const shardKeys = (prefix: string, count: number): string[] => Array.from({ length: count }, (_, i) => `${prefix}#${i}`);
