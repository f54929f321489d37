/**
 * Personal data out of what an error report carries, in the browser before it is sent and again on the
 * server before it is logged: e-mail addresses, tokens and other long secrets, the queries of URLs (a
 * presigned link's signature), the names of stored files (audio, images) and the ids in paths, and
 * any text the app knows to be personal (the signed-in user's name, username and e-mail).
 */

const EMAIL = /[\w.%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi;
const JWT = /\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g;
const BEARER = /\b(bearer|basic)\s+[^\s"',;]+/gi;
const URL_TEXT = /\bhttps?:\/\/[^\s"'<>()\]]+/gi;
/** What is left of a long token, key or signature not caught above. */
const SECRET = /[A-Za-z0-9+/_=-]{32,}/g;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** Where stored files live: the rest of such a path names the user's file. */
const FILE_PREFIXES = ['audio', 'uploads', 'images', 'audio-wav'];

/** A path with its ids as ':id' and a stored file's name as '[file]'. */
export function scrubPath(path: string): string {
  const segments = path.split('/');
  const file = segments.findIndex((s) => FILE_PREFIXES.includes(s));
  const kept = file >= 0 && file < segments.length - 1 ? [...segments.slice(0, file + 1), '[file]'] : segments;
  return kept
    .map((s) => s.replace(UUID, ':id'))
    .map((s) => (/^\d{4,}$/.test(s) || (s.length >= 16 && /\d/.test(s) && /^[\w-]+$/.test(s)) ? ':id' : s))
    .join('/');
}

/** A URL as origin and scrubbed path: no query, no fragment. */
export function scrubUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${scrubPath(u.pathname)}`;
  } catch {
    return '[url]';
  }
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `text` without personal data; `known` are strings known to be personal (shorter than 3 characters are
 * ignored: they would blank ordinary words). The result is cut to `max` characters.
 */
export function scrubText(text: string, known: readonly string[] = [], max = 1000): string {
  let out = text.replace(URL_TEXT, (u) => scrubUrl(u));
  out = out.replace(EMAIL, '[email]').replace(JWT, '[token]').replace(BEARER, '$1 [token]');
  for (const k of [...known].filter((s) => s.trim().length >= 3).sort((a, b) => b.length - a.length)) {
    out = out.replace(new RegExp(escape(k.trim()), 'gi'), '[personal]');
  }
  out = out.replace(SECRET, (s) => (/^[a-z]+$/i.test(s) ? s : '[secret]'));
  return out.length > max ? `${out.slice(0, max - 1)}…` : out;
}
