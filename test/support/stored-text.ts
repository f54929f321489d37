/** Control characters (C0, DEL, C1) and bidi overrides and isolates, which no string the API answers may keep. */
// eslint-disable-next-line no-control-regex -- the control characters are what it finds.
export const FORBIDDEN_CHARS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/** Every string anywhere in a value (keys included). */
export function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...stringsIn(v)]);
  return [];
}
