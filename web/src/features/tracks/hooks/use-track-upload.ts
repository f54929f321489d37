import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TrackView } from '@shared/schemas/tracks';
import { UPLOAD_FAILED_ERROR } from '@shared/constants';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { addTrack, tracksQueryKey, type TrackPages } from '@/features/tracks/api/tracks';
import { isAbort, rateLimitWaitMs, uploadTrack, waitUnlessAborted, type UploadRequest } from '@/features/tracks/api/upload';

/** 'waiting': too many uploads were started in the last minute; this one starts again by itself at `retryAt`. */
export type UploadPhase = 'idle' | 'preparing' | 'waiting' | 'uploading' | 'processing' | 'done' | 'error';

export interface UploadState {
  phase: UploadPhase;
  /** Whole percent of the bytes sent. */
  percent: number;
  error: string | null;
  /** The API's code for the error, if it answered one (plan_limit is offered a way to more room). */
  errorCode: string | null;
  /** While waiting: when the upload starts again (ms since the epoch). */
  retryAt: number | null;
}

const IDLE: UploadState = { phase: 'idle', percent: 0, error: null, errorCode: null, retryAt: null };
/** 429s waited out before the upload gives up and says so: the limit's window is a minute, so one is enough. */
const MAX_RATE_LIMIT_WAITS = 2;

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
      setState({ ...IDLE, phase: 'preparing' });
      const send = () =>
        uploadTrack(req, {
          signal: ctrl.signal,
          onProgress: (p) => {
            if (!ctrl.signal.aborted) setState((s) => ({ ...s, phase: 'uploading', percent: p.percent }));
          },
          onStored: () => {
            // The bytes are stored: from here the server decides, and cancelling would only hide its answer.
            if (controller.current === ctrl) controller.current = null;
            setState({ ...IDLE, phase: 'processing', percent: 100 });
          },
        });
      // Too many uploads started in the last minute (refused before any byte is sent): wait, then go on.
      const sendPatiently = async (): Promise<TrackView> => {
        for (let waits = 0; ; waits++) {
          try {
            return await send();
          } catch (err) {
            const wait = rateLimitWaitMs(err);
            if (wait === null || waits >= MAX_RATE_LIMIT_WAITS || ctrl.signal.aborted) throw err;
            setState({ ...IDLE, phase: 'waiting', retryAt: Date.now() + wait });
            await waitUnlessAborted(wait, ctrl.signal);
            setState({ ...IDLE, phase: 'preparing' });
          }
        }
      };
      try {
        const track = await sendPatiently();
        if (controller.current === ctrl) controller.current = null;
        queryClient.setQueryData<TrackPages>(tracksQueryKey, (data) => addTrack(data, track));
        void queryClient.invalidateQueries({ queryKey: tracksQueryKey });
        setState({ ...IDLE, phase: 'done', percent: 100 });
        return track;
      } catch (err) {
        if (controller.current === ctrl) controller.current = null;
        if (isAbort(err) || ctrl.signal.aborted) {
          setState(IDLE);
          return null;
        }
        setState({
          ...IDLE,
          phase: 'error',
          error: errorMessage(err, UPLOAD_FAILED_ERROR),
          errorCode: err instanceof ApiError ? err.code : null,
        });
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
  const fail = useCallback((error: string) => setState({ ...IDLE, phase: 'error', error }), []);

  return { ...state, start, cancel, reset, fail, busy: state.phase !== 'idle' && state.phase !== 'done' && state.phase !== 'error' };
}
