const DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** US short month, day and year: Jan 5, 2026. */
export function formatDate(iso: string): string {
  const t = Date.parse(iso);
  return Number.isFinite(t) ? DATE.format(t) : '';
}

const WEEKDAY_TIME = new Intl.DateTimeFormat('en-GB', { weekday: 'short', hour: '2-digit', minute: '2-digit' });

/** A moment within the week ahead: 'Tue 14:00' (local time). */
export function formatWeekdayTime(iso: string): string {
  const t = Date.parse(iso);
  return Number.isFinite(t) ? WEEKDAY_TIME.format(t).replace(',', '') : '';
}

/** The time left until `iso`: 'in 2 days 4 h', 'in 5 h 20 min', 'in 12 min'; 'now' once it has passed. */
export function timeLeft(iso: string, now = Date.now()): string {
  const minutes = Math.floor((Date.parse(iso) - now) / 60_000);
  if (!(minutes > 0)) return 'now';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days) return `in ${days} ${days === 1 ? 'day' : 'days'}${hours ? ` ${hours} h` : ''}`;
  if (hours) return `in ${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
  return `in ${minutes} min`;
}
