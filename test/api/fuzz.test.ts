/**
 * Property-based fuzz of every route of the table, through the real local gateway with valid tokens.
 * Inputs are derived from each route's input schema (its JSON Schema), then mutated: wrong types,
 * numbers at the edges of a double, strings with controls, bidi overrides and half surrogate pairs,
 * extra and missing keys, random and malformed path segments. Ids are drawn from real records (a
 * track, a share, a comment) as well as random ones, so valid input reaches the domain and the table.
 * The property: no answer is a 5xx, every error has `{ error: { code, message } }`, and no success
 * carries a control or bidi character back.
 *
 * FUZZ_RUNS and FUZZ_SEED (printed) repeat or deepen a run: the suite sends 30 inputs per route (about 3,000
 * requests, a new seed each run), `npm run fuzz` 300.
 */
import http from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { routes, routeNames, type RouteName } from '../../shared/api/routes.js';
import { ALL_SUB_GENRES } from '../../shared/genres.js';
import { callRoute, createConfirmedUser, type TestUser } from '../support/stack-kit.js';
import { onboard, requestFeedback, respondToShare, uploadTrack } from '../support/flows.js';
import { inputSchemaOf, type JsonSchema } from '../support/input-schema.js';
import { FORBIDDEN_CHARS, stringsIn } from '../support/stored-text.js';

const stack = inject('stack');
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
/** Requests in flight at once: enough to overlap the emulators' latency, few enough for two cores. */
const CONCURRENCY = 6;

const musicianUser = { user: undefined as unknown as TestUser, id: '' };
const proUser = { user: undefined as unknown as TestUser, id: '' };
/** Real ids the generators draw from, besides random ones. */
const real = {
  tracks: [] as string[],
  spareTracks: [] as string[],
  shares: [] as string[],
  comments: [] as string[],
  users: [] as string[],
  keys: [] as string[],
};

/** JSON that JSON.stringify cannot write (numbers beyond a double, minus zero), spliced in after. */
const RAW = (token: string) => `__raw:${token}__`;
const rawJson = (value: unknown) => JSON.stringify(value).replace(/"__raw:([^"]*)__"/g, '$1');

const edgeNumber = fc.constantFrom<unknown>(
  1e-300,
  -1e-300,
  5e-324,
  1e308,
  -1e308,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  0.1 + 0.2,
  -1,
  0,
  1.5,
  14_400.0001,
  1e21,
  RAW('-0'),
  RAW('1e999'),
  RAW('-1e999'),
  RAW('1e-400'),
  RAW('123456789012345678901234567890'),
);
const weirdString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '%',
    '%E0%A4%A',
    '\u0000',
    'a\u0000b',
    '\u202Eevil\u202C',
    '\u2066iso\u2069',
    '\u0085\u009f\u007f',
    '\ud800',
    'a\udc00b',
    '__proto__',
    'constructor',
    '../../etc/passwd',
    '{"$gt":""}',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '🎧'.repeat(60),
    'x'.repeat(3000),
    '\r\n\t',
    'NaN',
    'Infinity',
    '1e-300',
    '-0',
    'null',
    'true',
    '[]',
    'audio/../../x',
    'e\u0301\u200d',
    '\ufeff',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ maxLength: 400 }),
);
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  edgeNumber,
  weirdString,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);

/** Ids for a field: mostly real records (so requests get past lookups), sometimes random. */
function idPool(name: RouteName, key: string): string[] {
  const area = routes[name].area;
  if (key === 'commentId') return real.comments;
  if (key === 'trackId') return real.tracks;
  if (key === 'ids') return real.spareTracks;
  if (key === 'id') return area === 'tracks' ? real.tracks : real.shares;
  if (key === 'sharedWithId' || key === 'sharedById') return real.users;
  if (key === 'key' || key === 'trackAudioUrl') return real.keys;
  return [];
}

/** Values that satisfy the schema (as far as JSON Schema can say), for the route's field `key`. */
function valid(name: RouteName, schema: JsonSchema, key = ''): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => valid(name, s, key)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const pool = idPool(name, key);
  switch (schema.type) {
    case 'object': {
      if (schema.properties) {
        const props = Object.fromEntries(Object.entries(schema.properties).map(([k, s]) => [k, valid(name, s, k)]));
        return fc.record(props, { requiredKeys: schema.required ?? [] });
      }
      // A record keyed by an enum (criteria): any subset of the keys.
      const keys = (schema.propertyNames?.enum ?? []) as string[];
      const value = typeof schema.additionalProperties === 'object' ? valid(name, schema.additionalProperties) : fc.jsonValue();
      return fc.record(Object.fromEntries(keys.map((k) => [k, value])), { requiredKeys: [] });
    }
    case 'array': {
      const items = key === 'genres' ? fc.constantFrom(...ALL_SUB_GENRES) : valid(name, schema.items ?? {}, key);
      return fc.array(items, { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 5, 5) });
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'string': {
      const random =
        schema.format === 'uuid'
          ? fc.uuid()
          : key === 'email'
            ? fc.oneof(fc.emailAddress(), fc.constantFrom('pro@demo.test', 'admin@demo.test', 'PRO@Demo.Test'))
            : schema.pattern
              ? fc.stringMatching(new RegExp(schema.pattern))
              : fc.string({ unit: 'grapheme', minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 80, 80) });
      return pool.length ? fc.oneof({ arbitrary: fc.constantFrom(...pool), weight: 3 }, { arbitrary: random, weight: 1 }) : random;
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Paths to every value inside an input (objects and arrays), to pick one to break. */
function leafPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
    const inner = entries.flatMap(([k, v]) => leafPaths(v, [...prefix, k]));
    return prefix.length ? [prefix, ...inner] : inner;
  }
  return prefix.length ? [prefix] : [];
}

function setAt(root: Record<string, unknown>, path: (string | number)[], value: unknown, remove = false) {
  let node = root as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (remove && !Array.isArray(node)) delete node[last];
  else node[last] = value;
}

interface FuzzCase {
  input: Record<string, unknown> | unknown;
  pathSegments: Record<string, string>;
  user: 'musician' | 'pro';
}

const malformedSegment = fc.constantFrom('%', '%E0%A4%A', '%zz', '%ED%A0%80', '%C0%AF', '..', '%2F', '%00', '%2e%2e', 'a%', '%%', '%u0041');

/** Percent-encodes a path or query value; a half surrogate pair (which encodeURIComponent refuses) goes as its raw bytes. */
const encode = (v: string) =>
  v
    .split(/([\ud800-\udfff])/)
    .map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');

function caseFor(name: RouteName): fc.Arbitrary<FuzzCase> {
  const def = routes[name];
  const schema = inputSchemaOf(name);
  const params = [...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const base = valid(name, schema) as fc.Arbitrary<Record<string, unknown>>;
  const mutation = fc.record({
    kind: fc.constantFrom('none', 'none', 'replace', 'replace', 'replace', 'replace', 'extra', 'missing', 'junk', 'number-everywhere'),
    pick: fc.nat(),
    replacement: fc.oneof(wrongType, edgeNumber, weirdString),
    extraKey: fc.oneof(
      fc.constantFrom('__proto__', 'constructor', 'admin', 'type', 'userId', 'balanceCents', 'id'),
      fc.string({ maxLength: 20 }),
    ),
  });
  const segment = (param: string) =>
    fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 6 },
      { arbitrary: malformedSegment, weight: 2 },
      { arbitrary: weirdString.filter((s) => s.length > 0).map(encode), weight: 2 },
      { arbitrary: fc.constantFrom(...(idPool(name, param).length ? idPool(name, param) : ['x'])), weight: 1 },
    );
  return fc
    .record({
      base,
      mutation,
      segments: fc.record(Object.fromEntries(params.map((p) => [p, segment(p)]))) as fc.Arbitrary<Record<string, string | undefined>>,
      user: fc.constantFrom<'musician' | 'pro'>('musician', 'pro'),
    })
    .map(({ base: input, mutation: m, segments, user }) => {
      const value = structuredClone(input);
      const paths = leafPaths(value).filter((p) => !params.includes(String(p[0])));
      const path = paths.length ? paths[m.pick % paths.length] : undefined;
      let out: unknown = value;
      if (m.kind === 'replace' && path) setAt(value, path, m.replacement);
      else if (m.kind === 'missing' && path) setAt(value, path, undefined, true);
      else if (m.kind === 'extra')
        Object.defineProperty(value, m.extraKey, { value: m.replacement, enumerable: true, configurable: true, writable: true });
      else if (m.kind === 'junk') out = m.replacement;
      else if (m.kind === 'number-everywhere') {
        // Every leaf (a path no other path extends), so no value is replaced twice.
        const leaves = paths.filter((p) => !paths.some((q) => q.length > p.length && p.every((k, i) => q[i] === k)));
        for (const p of leaves) setAt(value, p, m.replacement);
      }
      const pathSegments = Object.fromEntries(Object.entries(segments).filter(([, v]) => v !== undefined)) as Record<string, string>;
      return { input: out, pathSegments, user };
    });
}

/** Builds the HTTP request of a case: path parameters from the input (or the case's raw segments), the rest as query or JSON body. */
function toRequest(name: RouteName, c: FuzzCase): { path: string; body?: string } {
  const def = routes[name];
  const input = c.input && typeof c.input === 'object' && !Array.isArray(c.input) ? { ...(c.input as Record<string, unknown>) } : null;
  const path = def.path.replace(/\{(\w+)\}/g, (_, p: string) => {
    const fromInput = input?.[p];
    if (input) delete input[p];
    return c.pathSegments[p] ?? encode(typeof fromInput === 'string' && fromInput ? fromInput : '00000000-0000-4000-8000-000000000000');
  });
  if (def.method !== 'GET' && def.method !== 'DELETE') return { path, body: rawJson(input ?? c.input) };
  const query = Object.entries(input ?? { junk: c.input })
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encode(k)}=${encode(typeof v === 'string' ? v.replace(/^__raw:(.*)__$/, '$1') : (JSON.stringify(v) ?? ''))}`);
  return { path: query.length ? `${path}?${query.join('&')}` : path };
}

/** One request from a random loopback address (the e-mail lookup is limited per client address). */
function send(method: string, path: string, token: string, body?: string): Promise<{ status: number; text: string }> {
  const url = new URL(stack.apiUrl);
  const localAddress = `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 250)}`;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method,
        localAddress,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body !== undefined ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** What is wrong with an answer, or null. */
function problemWith(res: { status: number; text: string }): string | null {
  if (res.status >= 500) return `answered ${res.status}`;
  let body: any;
  try {
    body = JSON.parse(res.text);
  } catch {
    return `answered ${res.status} with a body that is not JSON`;
  }
  if (res.status >= 400) {
    const e = body?.error;
    if (typeof e?.code !== 'string' || typeof e?.message !== 'string' || !e.message)
      return `answered ${res.status} without { error: { code, message } }`;
    if (/9007199254740991|expected .* received|^Invalid input/.test(e.message))
      return `answered ${res.status} with a machine message: ${e.message}`;
    return null;
  }
  const dirty = stringsIn(body).find((s) => FORBIDDEN_CHARS.test(s));
  return dirty ? `answered ${res.status} with a control or bidi character in ${JSON.stringify(dirty).slice(0, 80)}` : null;
}

const totals = { requests: 0, fiveXX: 0, routes: 0 };
/** Answers by status, per route: FUZZ_VERBOSE=1 prints them, to see how deep the inputs reach. */
const statuses: Record<string, Record<number, number>> = {};

beforeAll(async () => {
  const [musician, pro] = await Promise.all([
    createConfirmedUser(stack, { prefix: 'fuzz-musician', fullName: 'Fuzz Musician' }),
    createConfirmedUser(stack, { prefix: 'fuzz-pro', fullName: 'Fuzz Pro' }),
  ]);
  musicianUser.user = musician;
  proUser.user = pro;
  musicianUser.id = await onboard(stack, musician, 'musician');
  proUser.id = await onboard(stack, pro, 'pro');
  real.users.push(musicianUser.id, proUser.id);
  // Real records to aim at: a shared track with a comment, and a spare track the fuzz may delete.
  const [track, spare] = [await uploadTrack(stack, musician, 'Fuzz Target'), await uploadTrack(stack, musician, 'Fuzz Spare')];
  real.tracks.push(track.id);
  real.spareTracks.push(spare.id);
  real.keys.push(track.audioUrl, spare.audioUrl);
  const options = { feedbackNotes: 'Notes\u0000 with \u202Eoverride', context: 'work_in_progress' };
  const share = await requestFeedback(stack, musician, proUser.id, track.id, options);
  expect(share.status).toBe(200);
  expect(share.body.shareOptions.feedbackNotes).toBe('Notes with override');
  real.shares.push(share.body.id);
  expect((await respondToShare(stack, pro, share.body.id, 'accepted')).status).toBe(200);
  // Free text loses its control and bidi characters before it is stored (and e-mailed).
  const comment = await callRoute(
    stack.apiUrl,
    'addComment',
    { id: share.body.id, timestamp: 1e-300, text: 'Kick\u0000 is \u202Eburied\u2069\r\nat the drop' },
    pro.idToken,
  );
  expect(comment.status).toBe(200);
  expect(comment.body).toMatchObject({ text: 'Kick is buried\nat the drop', timestamp: 0 });
  real.comments.push(comment.body.id);
}, 180_000);

afterAll(() => {
  if (process.env.FUZZ_VERBOSE) {
    for (const [name, counts] of Object.entries(statuses))
      console.log(
        `fuzz ${name}: ${Object.entries(counts)
          .map(([s, n]) => `${s}x${n}`)
          .join(' ')}`,
      );
  }
  console.log(`fuzz: ${totals.requests} requests over ${totals.routes} routes, ${totals.fiveXX} 5xx (seed ${SEED})`);
});

describe('fuzz', () => {
  it.each(routeNames)(
    `%s: ${RUNS} generated inputs, no 5xx, every error shaped`,
    async (name) => {
      const def = routes[name];
      const cases = fc.sample(caseFor(name), { numRuns: RUNS, seed: SEED + routeNames.indexOf(name) });
      const problems: string[] = [];
      let next = 0;
      const worker = async () => {
        while (next < cases.length) {
          const c = cases[next++];
          const token = (
            def.access === 'pro' ? proUser : def.access === 'musician' ? musicianUser : c.user === 'pro' ? proUser : musicianUser
          ).user.idToken;
          const req = toRequest(name, c);
          const res = await send(def.method, req.path, token, req.body);
          totals.requests++;
          (statuses[name] ??= {})[res.status] = (statuses[name][res.status] ?? 0) + 1;
          if (res.status >= 500) totals.fiveXX++;
          const problem = problemWith(res);
          if (problem)
            problems.push(
              `${def.method} ${req.path.slice(0, 200)} ${req.body?.slice(0, 300) ?? ''} -> ${problem}: ${res.text.slice(0, 200)}`,
            );
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      totals.routes++;
      expect(problems.slice(0, 10), `${problems.length} of ${cases.length} cases (seed ${SEED})`).toEqual([]);
    },
    180_000,
  );
});
