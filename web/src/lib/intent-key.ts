import { useRef } from 'react';
import { newIdempotencyKey } from './idempotency';

/**
 * The idempotency key of a user intent. The same request sent again (a double click, a retry after an
 * error) reuses its key, so the server makes one item of it; a changed request, or the next one after a
 * success, gets a new key.
 */
export function useIntentKey() {
  const intent = useRef<{ request: string; key: string } | null>(null);
  return {
    keyFor(request: unknown): string {
      const text = JSON.stringify(request);
      if (intent.current?.request !== text) intent.current = { request: text, key: newIdempotencyKey() };
      return intent.current.key;
    },
    done(key: string) {
      if (intent.current?.key === key) intent.current = null;
    },
  };
}
