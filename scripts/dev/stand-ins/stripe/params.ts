/** Stripe's form encoding (`a[b][0][c]=v`) parsed, and typed reads of it that refuse bad input with Stripe's errors. */
import { ApiError, missing } from './errors.js';
import type { Metadata } from './records.js';

type Param = string | ParamHash;
export interface ParamHash {
  [key: string]: Param;
}

const newHash = (): ParamHash => Object.create(null) as ParamHash;
const KEY_RE = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

/** Stripe's form encoding: `a[b][0][c]=v`, `a[]=v` appends; arrays stay hashes with index keys until read. */
export function parseForm(text: string): ParamHash {
  const root = newHash();
  for (const [key, value] of new URLSearchParams(text)) {
    const m = KEY_RE.exec(key);
    if (!m) throw new ApiError(400, `Invalid parameter name: '${key}'.`, { param: key });
    const segs = [m[1], ...[...m[2].matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1])];
    let node = root;
    for (let i = 0; i < segs.length; i++) {
      const seg = segs[i] === '' ? String(Object.keys(node).length) : segs[i];
      const existing = node[seg];
      if (i === segs.length - 1) {
        if (existing !== undefined && typeof existing !== 'string') throw conflict(key);
        node[seg] = value;
      } else if (existing === undefined) {
        node = node[seg] = newHash();
      } else if (typeof existing === 'string') {
        throw conflict(key);
      } else {
        node = existing;
      }
    }
  }
  return root;
}

const conflict = (key: string) => new ApiError(400, `Invalid parameters: '${key}' is given both as a value and as a hash.`, { param: key });

/** Typed reads of a parameter hash; the root remembers which keys were read, to report the ignored ones. */
export class Params {
  readonly used = new Set<string>();
  constructor(
    readonly h: ParamHash,
    private readonly prefix = '',
  ) {}
  name(k: string) {
    return this.prefix ? `${this.prefix}[${k}]` : k;
  }
  raw(k: string): Param | undefined {
    this.used.add(k);
    return Object.hasOwn(this.h, k) ? this.h[k] : undefined;
  }
  str(k: string): string | undefined {
    const v = this.raw(k);
    if (v === undefined || typeof v === 'string') return v;
    throw new ApiError(400, `Invalid string: ${this.name(k)} must be a string, not a hash.`, { param: this.name(k) });
  }
  /** An optional string where '' clears the field, as Stripe takes it. */
  nullable(k: string): string | null | undefined {
    const v = this.str(k);
    return v === '' ? null : v;
  }
  req(k: string): string {
    const v = this.str(k);
    if (v === undefined || v === '') throw missing(this.name(k));
    return v;
  }
  int(k: string, min = 0): number | undefined {
    const v = this.str(k);
    if (v === undefined) return undefined;
    if (!/^-?\d{1,15}$/.test(v))
      throw new ApiError(400, `Invalid integer: ${v}`, { code: 'parameter_invalid_integer', param: this.name(k) });
    const n = Number(v);
    if (n < min) throw new ApiError(400, `This value must be greater than or equal to ${min}.`, { param: this.name(k) });
    return n;
  }
  bool(k: string): boolean | undefined {
    const v = this.str(k);
    if (v === undefined) return undefined;
    if (v === 'true' || v === 'false') return v === 'true';
    throw new ApiError(400, `Invalid boolean: ${v}`, { param: this.name(k) });
  }
  sub(k: string): Params | undefined {
    const v = this.raw(k);
    if (v === undefined || v === '') return undefined;
    if (typeof v === 'string') throw new ApiError(400, `Invalid hash: ${this.name(k)} must be a hash.`, { param: this.name(k) });
    return new Params(v, this.name(k));
  }
  /** An array (`k[0]`, `k[1]` or `k[]`), each element a hash. */
  list(k: string): Params[] {
    return this.arrayEntries(k).map(([i, v]) => {
      if (typeof v === 'string')
        throw new ApiError(400, `Invalid hash: ${this.name(k)}[${i}] must be a hash.`, { param: `${this.name(k)}[${i}]` });
      return new Params(v, `${this.name(k)}[${i}]`);
    });
  }
  strings(k: string): string[] {
    return this.arrayEntries(k).map(([i, v]) => {
      if (typeof v !== 'string')
        throw new ApiError(400, `Invalid string: ${this.name(k)}[${i}] must be a string.`, { param: `${this.name(k)}[${i}]` });
      return v;
    });
  }
  private arrayEntries(k: string): [string, Param][] {
    const v = this.raw(k);
    if (v === undefined || v === '') return [];
    if (typeof v === 'string') throw new ApiError(400, `Invalid array: ${this.name(k)} must be an array.`, { param: this.name(k) });
    const entries = Object.entries(v);
    if (!entries.every(([i]) => /^\d+$/.test(i)))
      throw new ApiError(400, `Invalid array: ${this.name(k)} must be an array.`, { param: this.name(k) });
    return entries.sort((a, b) => Number(a[0]) - Number(b[0]));
  }
  /** Metadata to merge: a value of '' removes its key; `metadata=''` removes them all (null). */
  metadata(k = 'metadata'): Metadata | null | undefined {
    const v = this.raw(k);
    if (v === undefined) return undefined;
    if (v === '') return null;
    if (typeof v === 'string') throw new ApiError(400, `Invalid hash: ${this.name(k)} must be a hash.`, { param: this.name(k) });
    const out: [string, string][] = [];
    for (const [key, value] of Object.entries(v)) {
      const param = `${this.name(k)}[${key}]`;
      if (typeof value !== 'string') throw new ApiError(400, `Invalid string: ${param} must be a string.`, { param });
      if (key.length > 40)
        throw new ApiError(400, `Metadata keys can have up to 40 characters, but you passed in the key '${key}'.`, { param });
      // Assigning it would replace the object's prototype rather than store a key.
      if (key === '__proto__') throw new ApiError(400, `The metadata key '${key}' is not allowed.`, { param });
      if (value.length > 500)
        throw new ApiError(
          400,
          `Metadata values can have up to 500 characters, but you passed in a value that is ${value.length} characters.`,
          { param },
        );
      out.push([key, value]);
    }
    if (out.length > 50) throw new ApiError(400, 'You can have up to 50 metadata keys.', { param: this.name(k) });
    return Object.fromEntries(out);
  }
}

export const mergeMetadata = (old: Metadata, update: Metadata | null | undefined): Metadata =>
  update === undefined
    ? old
    : update === null
      ? {}
      : Object.fromEntries([...Object.entries(old), ...Object.entries(update)].filter(([, v]) => v !== ''));

export function checkUrl(p: Params, k: string): string | null | undefined {
  const v = p.nullable(k);
  if (!v) return v;
  try {
    const u = new URL(v.replaceAll('{CHECKOUT_SESSION_ID}', 'x'));
    if (u.protocol === 'http:' || u.protocol === 'https:') return v;
  } catch {
    // reported below
  }
  throw new ApiError(400, 'Not a valid URL', { code: 'url_invalid', param: p.name(k) });
}

export function checkEmail(p: Params, k: string): string | null | undefined {
  const v = p.nullable(k);
  if (v && !EMAIL_RE.test(v)) throw new ApiError(400, `Invalid email address: ${v}`, { code: 'email_invalid', param: p.name(k) });
  return v;
}
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
