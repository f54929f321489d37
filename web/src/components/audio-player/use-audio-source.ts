import { useCallback, useState, type RefObject } from 'react';
import type WaveSurfer from 'wavesurfer.js';
import { LOAD_AUDIO_ERROR } from '@shared/constants';
import type { SourceState } from './types';
import { useLatest } from './use-latest';

/**
 * The stream, asked for the first time the player plays (never to draw the waveform): `ensureSource`
 * gets wavesurfer, asks the owner for the URL and loads it into the media element, keeping the playhead
 * where it was; `busy` meanwhile. A failure leaves the source unset, so that the next play asks again.
 */
export function useAudioSource({
  sourceRef,
  wsRef,
  ensurePlayer,
  loadUrl,
  peaks,
  duration,
  setError,
}: {
  sourceRef: RefObject<SourceState>;
  wsRef: RefObject<WaveSurfer | null>;
  ensurePlayer: () => Promise<void>;
  loadUrl: () => Promise<string>;
  peaks: Float32Array;
  duration: number;
  setError: (error: string | null) => void;
}) {
  const [busy, setBusy] = useState(false);
  const loadUrlRef = useLatest(loadUrl);

  /** Points the media element at the stream, the first time it is needed. */
  const ensureSource = useCallback(async () => {
    const source = sourceRef.current;
    if (source.state === 'ready') return;
    if (source.promise) return source.promise;
    const promise = (async () => {
      setBusy(true);
      try {
        await ensurePlayer();
        const ws = wsRef.current;
        if (!ws) throw new Error('The player is not ready');
        let url: string;
        try {
          url = await loadUrlRef.current();
        } catch (err) {
          setError(LOAD_AUDIO_ERROR);
          throw err;
        }
        const at = ws.getCurrentTime();
        await ws.load(url, [peaks], duration);
        if (at > 0) ws.setTime(at);
        sourceRef.current = { state: 'ready' };
        setError(null);
      } catch (err) {
        sourceRef.current = { state: 'none' };
        throw err;
      } finally {
        setBusy(false);
      }
    })();
    sourceRef.current = { state: 'loading', promise };
    return promise;
  }, [peaks, duration, ensurePlayer, sourceRef, wsRef, loadUrlRef, setError]);

  return { busy, ensureSource };
}
