/** Times of a track as people read them: m:ss, and where a comment is (a moment, a range, or none). */

/** Minutes:seconds with zero-padded seconds (spec section 9): 0:05, 3:07, 61:40. */
export function clock(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** Where a comment is: '1:12', a range '1:12-1:26', or null for general feedback. */
export function commentPlace(c: { timestamp: number | null; endTimestamp?: number | null }): string | null {
  if (c.timestamp == null) return null;
  return c.endTimestamp != null ? `${clock(c.timestamp)}-${clock(c.endTimestamp)}` : clock(c.timestamp);
}
