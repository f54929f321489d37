import { useCallback, useEffect, useState } from 'react';
import { CURRENCY } from '@shared/money';

/** The states of loading the payment script (spec section 4). */
export type ScriptStatus = 'initial' | 'pending' | 'resolved' | 'rejected';

/** PayPal's JS SDK with only its buttons, in USD with capture intent (spec section 9). */
export function paypalSdkUrl(clientId: string): string {
  const q = new URLSearchParams({ 'client-id': clientId, currency: CURRENCY, intent: 'capture', components: 'buttons' });
  return `https://www.paypal.com/sdk/js?${q.toString()}`;
}

/** One load per address for the whole page: every button shares it. */
const loads = new Map<string, Promise<void>>();
const loaded = new Set<string>();

/**
 * Adds the script once and settles when it has run. A failed load removes its element and is forgotten,
 * so that trying again really asks the network again.
 */
export function loadScript(src: string, doc: Document = document): Promise<void> {
  let load = loads.get(src);
  if (!load) {
    load = new Promise<void>((resolve, reject) => {
      const el = doc.createElement('script');
      el.src = src;
      el.async = true;
      el.addEventListener('load', () => {
        loaded.add(src);
        resolve();
      });
      el.addEventListener('error', () => {
        el.remove();
        loads.delete(src);
        reject(new Error(`Could not load ${src}`));
      });
      doc.head.appendChild(el);
    });
    loads.set(src, load);
  }
  return load;
}

/** Forgets every load (tests start from a clean page). */
export function resetScriptLoads(): void {
  loads.clear();
  loaded.clear();
}

/**
 * The state of PayPal's script: 'initial' until there is something to load (no address yet), 'pending'
 * while it loads, then 'resolved' or 'rejected'. `retry` loads it again after a rejection.
 */
export function usePaypalScript(src: string | null): { status: ScriptStatus; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<ScriptStatus>(() => (!src ? 'initial' : loaded.has(src) ? 'resolved' : 'pending'));

  useEffect(() => {
    if (!src) {
      setStatus('initial');
      return;
    }
    let live = true;
    setStatus(loaded.has(src) ? 'resolved' : 'pending');
    loadScript(src).then(
      () => live && setStatus('resolved'),
      () => live && setStatus('rejected'),
    );
    return () => {
      live = false;
    };
  }, [src, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { status, retry };
}
