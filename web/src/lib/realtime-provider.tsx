import { useEffect, useRef } from 'react';
import { getIdToken } from './api';
import { useAuth } from './auth';
import { createRealtimeClient, type RealtimeEntity, type RealtimeListener } from './realtime';
import { getRuntimeConfig } from './runtime-config';

/** The app's realtime channel: one connection per signed-in user. */
export const realtime = createRealtimeClient({
  url: () => {
    try {
      return getRuntimeConfig().realtimeUrl || undefined;
    } catch {
      return undefined;
    }
  },
  token: getIdToken,
});

/** Connects while a user is signed in and closes on sign-out (and on a change of user). */
export function RealtimeConnection() {
  const { status, sub } = useAuth();
  useEffect(() => {
    if (status !== 'signedIn') return;
    realtime.start();
    const online = () => realtime.reconnectNow();
    const visible = () => {
      if (document.visibilityState === 'visible') realtime.reconnectNow();
    };
    window.addEventListener('online', online);
    document.addEventListener('visibilitychange', visible);
    return () => {
      window.removeEventListener('online', online);
      document.removeEventListener('visibilitychange', visible);
      realtime.stop();
    };
  }, [status, sub]);
  return null;
}

/** Calls `onEvent` when an entity of this kind changes (or after a reconnect, when changes may be missed). */
export function useRealtime(entity: RealtimeEntity, onEvent: RealtimeListener): void {
  const ref = useRef(onEvent);
  ref.current = onEvent;
  useEffect(() => realtime.subscribe(entity, (e) => ref.current(e)), [entity]);
}
