import { useCallback, useState } from 'react';
import { errorMessage } from '@/lib/errors';

/**
 * A step the user started that takes a while (a button showing 'Please wait...'): `busy` while `work`
 * runs, and its failure handed to `onError` in the user's words: the error's own, else `fallback`.
 */
export function useBusy() {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (work: () => Promise<unknown>, onError: (message: string) => void, fallback: string) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      onError(errorMessage(err, fallback));
    } finally {
      setBusy(false);
    }
  }, []);
  return [busy, run] as const;
}
