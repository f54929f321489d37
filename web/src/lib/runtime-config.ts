import { z } from 'zod';

/** The runtime configuration served as `/config.json` beside the bundle (locally by the dev server). */
export const runtimeConfigSchema = z.object({
  mode: z.enum(['local', 'aws']),
  region: z.string().min(1),
  apiUrl: z.string().min(1),
  userPoolId: z.string().min(1),
  userPoolClientId: z.string().min(1),
  userPoolEndpoint: z.string().optional(),
  marketingUrl: z.string().optional(),
  /** The realtime channel (ws:// locally, wss:// in AWS); live updates are off without it. */
  realtimeUrl: z.string().optional(),
  /** PayPal's client id (public), for its payment button in AWS; locally the stand-in's approval page is used. */
  paypalClientId: z.string().optional(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

let current: RuntimeConfig | undefined;

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const res = await fetchImpl('/config.json', { cache: 'no-store' });
  if (!res.ok) throw new Error(`Could not load /config.json (status ${res.status})`);
  const parsed = runtimeConfigSchema.safeParse(await res.json());
  if (!parsed.success) throw new Error('The runtime configuration /config.json is invalid');
  current = parsed.data;
  return current;
}

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime configuration not loaded');
  return current;
}
