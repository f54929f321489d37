/**
 * A lazily loaded piece (a chunk, a schema) asked for once and shared by every caller; a load that
 * failed is forgotten, so the next call tries again (a chunk that did not arrive may arrive later).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((err: unknown) => {
      pending = undefined;
      throw err;
    }));
}
