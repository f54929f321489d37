import { useEffect, useState } from 'react';
import { loadOnce } from './load-once';

/** A piece of the app (a chunk) loaded the first time it is needed, and known at once afterwards. */
export interface OnDemand<T> {
  /** Starts (or joins) the load; a failed load is tried again by the next call. */
  load(): Promise<T>;
  /** The piece, if it has arrived. */
  current(): T | undefined;
}

export function onDemand<T>(load: () => Promise<T>): OnDemand<T> {
  let value: T | undefined;
  const once = loadOnce(() => load().then((v) => (value = v)));
  return { load: once, current: () => value };
}

/** Starts loading a piece without waiting for it (at a sign of intent: a pointer over, a focus). */
export const preload = (piece: OnDemand<unknown>) => void piece.load().catch(() => {});

/**
 * The piece once `wanted`: `value` when it has arrived, `failed` when its chunk did not (say so, and
 * offer `retry`), neither while it loads.
 */
export function useOnDemand<T>(piece: OnDemand<T>, wanted: boolean): { value: T | undefined; failed: boolean; retry: () => void } {
  const [value, setValue] = useState(piece.current);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted || value !== undefined) return;
    let live = true;
    piece.load().then(
      (v) => live && setValue(() => v),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [piece, wanted, value, attempt]);
  return {
    value,
    failed,
    retry: () => {
      setFailed(false);
      setAttempt((n) => n + 1);
    },
  };
}
