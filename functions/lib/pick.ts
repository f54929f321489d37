/** The named fields of a record, as a view that shows them as they are stored. */
export function pick<T extends object, K extends keyof T>(record: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const key of keys) out[key] = record[key];
  return out;
}

/** The named optional fields of a record, null where absent (a view shows every field it has). */
export function pickOrNull<T extends object, K extends keyof T>(
  record: T,
  keys: readonly K[],
): { [P in K]-?: Exclude<T[P], undefined> | null } {
  const out = {} as { [P in K]-?: Exclude<T[P], undefined> | null };
  for (const key of keys) out[key] = (record[key] ?? null) as Exclude<T[K], undefined> | null;
  return out;
}
