/**
 * The runtime configuration: inlined into index.html as `<script id="runtime-config" type="application/json">`
 * when the page is served (the deploy writes it in AWS; the local servers inject it), so the app starts
 * without a round trip. `/config.json` beside the bundle holds the same values and is the fallback.
 * Checked by hand, not with zod, so that no schema library is in the first page's JavaScript.
 */
export interface RuntimeConfig {
  mode: 'local' | 'aws';
  region: string;
  apiUrl: string;
  userPoolId: string;
  userPoolClientId: string;
  userPoolEndpoint?: string;
  /** The realtime channel (ws:// locally, wss:// in AWS); live updates are off without it. */
  realtimeUrl?: string;
  /** PayPal's client id (public), for its payment button in AWS; locally the stand-in's approval page is used. */
  paypalClientId?: string;
}

const REQUIRED = ['region', 'apiUrl', 'userPoolId', 'userPoolClientId'] as const;
const OPTIONAL = ['userPoolEndpoint', 'realtimeUrl', 'paypalClientId'] as const;

/** The configuration in a parsed value, or null when it is not one (a key missing, a wrong type). */
export function parseRuntimeConfig(value: unknown): RuntimeConfig | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (v.mode !== 'local' && v.mode !== 'aws') return null;
  if (REQUIRED.some((k) => typeof v[k] !== 'string' || !v[k])) return null;
  if (OPTIONAL.some((k) => v[k] !== undefined && typeof v[k] !== 'string')) return null;
  const config = { mode: v.mode } as RuntimeConfig;
  for (const k of [...REQUIRED, ...OPTIONAL]) if (v[k] !== undefined) (config as unknown as Record<string, unknown>)[k] = v[k];
  return config;
}

/** The configuration inlined in the page, if the server put it there. */
function inlined(doc: Document | undefined): RuntimeConfig | null {
  const text = doc?.getElementById('runtime-config')?.textContent?.trim();
  if (!text) return null;
  try {
    return parseRuntimeConfig(JSON.parse(text));
  } catch {
    return null;
  }
}

let current: RuntimeConfig | undefined;

export async function loadRuntimeConfig(
  fetchImpl: typeof fetch = fetch,
  doc: Document | undefined = globalThis.document,
): Promise<RuntimeConfig> {
  const fromPage = inlined(doc);
  if (fromPage) return (current = fromPage);
  const res = await fetchImpl('/config.json', { cache: 'no-store' });
  if (!res.ok) throw new Error(`Could not load /config.json (status ${res.status})`);
  const parsed = parseRuntimeConfig(await res.json());
  if (!parsed) throw new Error('The runtime configuration /config.json is invalid');
  return (current = parsed);
}

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime configuration not loaded');
  return current;
}

/**
 * index.html with the configuration inlined (for the servers that serve the page: the local ones here;
 * the deploy does the same in infra/constructs/web.ts). `<` is escaped so no value can close the element.
 */
export function inlineRuntimeConfig(html: string, configJson: string): string {
  const element = `<script id="runtime-config" type="application/json">${configJson.replace(/</g, '\\u003c')}</script>`;
  const existing = /<script id="runtime-config" type="application\/json">[^<]*<\/script>/;
  if (existing.test(html)) return html.replace(existing, () => element);
  // A page without the element (an older build): added to its head, or else at its start.
  return html.includes('</head>') ? html.replace('</head>', () => `${element}</head>`) : `${element}${html}`;
}
