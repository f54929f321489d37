import { useRef } from 'react';

/**
 * A ref holding the value of the latest render: what handlers set up once (wavesurfer's events) read, so
 * that a new callback from the owner does not make them be set up again.
 */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
