const DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** US short month, day and year: Jan 5, 2026. */
export function formatDate(iso: string): string {
  const t = Date.parse(iso);
  return Number.isFinite(t) ? DATE.format(t) : '';
}
