import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TrackView } from '../../../../../shared/schemas/tracks';
import { UPLOAD_FAILED_ERROR } from '../../../../../shared/schemas/tracks';
import { errorMessage } from '../../../lib/errors';
import { tracksQueryKey, uploadTrack, type UploadRequest } from '../api/tracks';
import { isAbort } from '../api/upload';

export type UploadPhase = 'idle' | 'preparing' | 'uploading' | 'processing' | 'done' | 'error';

export interface UploadState {
  phase: UploadPhase;
  /** Whole percent of the bytes sent. */
  percent: number;
  error: string | null;
}

const IDLE: UploadState = { phase: 'idle', percent: 0, error: null };

/** Runs one upload at a time with its progress; `cancel` stops it while bytes are still being sent. */
export function useTrackUpload() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<UploadState>(IDLE);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (req: UploadRequest): Promise<TrackView | null> => {
      controller.current?.abort();
      const ctrl = new AbortController();
      controller.current = ctrl;
      setState({ phase: 'preparing', percent: 0, error: null });
      try {
        const track = await uploadTrack(req, {
          signal: ctrl.signal,
          onProgress: (p) => {
            if (!ctrl.signal.aborted) setState((s) => ({ ...s, phase: 'uploading', percent: p.percent }));
          },
          onStored: () => {
            // The bytes are stored: from here the server decides, and cancelling would only hide its answer.
            if (controller.current === ctrl) controller.current = null;
            setState({ phase: 'processing', percent: 100, error: null });
          },
        });
        if (controller.current === ctrl) controller.current = null;
        queryClient.setQueryData<TrackView[]>(tracksQueryKey, (list) =>
          list ? [track, ...list.filter((t) => t.id !== track.id)] : list,
        );
        void queryClient.invalidateQueries({ queryKey: tracksQueryKey });
        setState({ phase: 'done', percent: 100, error: null });
        return track;
      } catch (err) {
        if (controller.current === ctrl) controller.current = null;
        if (isAbort(err) || ctrl.signal.aborted) {
          setState(IDLE);
          return null;
        }
        setState({ phase: 'error', percent: 0, error: errorMessage(err, UPLOAD_FAILED_ERROR) });
        return null;
      }
    },
    [queryClient],
  );

  /** Stops the upload; nothing is created. Once the file is stored and being checked, it is too late. */
  const cancel = useCallback(() => {
    if (!controller.current) return;
    controller.current.abort();
    controller.current = null;
    setState(IDLE);
  }, []);

  const reset = useCallback(() => setState(IDLE), []);
  const fail = useCallback((error: string) => setState({ phase: 'error', percent: 0, error }), []);

  return { ...state, start, cancel, reset, fail, busy: state.phase === 'preparing' || state.phase === 'uploading' || state.phase === 'processing' };
}
