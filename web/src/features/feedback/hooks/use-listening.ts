import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { LISTENING, mergeRanges } from '@shared/review';
import type { ListeningView, ShareView } from '@shared/schemas/shares';
import type { AudioPlayerHandle } from '@/components/audio-player';
import { reportListening, startListening } from '@/features/feedback/api/share-actions';
import { ApiError } from '@/lib/api';

/** Round to a tenth of a second: what the server keeps of a range anyway. */
const tenth = (t: number) => Math.round(t * 10) / 10;

/**
 * Proof of listening from the reviewer's player. The audio comes with a listening session the server
 * records (`loadUrl`: each load of the stream is one); everything the media element has played, merged
 * across loads, is sent whole in the newest session at the first play, every few seconds while playing, on
 * pause, on a seek and when the page is hidden (then in a request that outlives the page, should it be
 * closing). The server's answer (what it now counts as heard) is the view. A report the server refuses or
 * that fails is simply sent again with the next: nothing is lost.
 */
export function useListening(share: Pick<ShareView, 'id'>, initial: ListeningView | null, player: RefObject<AudioPlayerHandle | null>) {
  const session = useRef<string | null>(null);
  const [view, setView] = useState(initial);
  const heard = useRef<[number, number][]>([]);
  const sent = useRef<string | null>(null);
  const started = useRef(false);
  const retry = useRef<number | undefined>(undefined);
  /** Reports lost in a row: each waits twice as long as the one before (a server down is not asked every 3 s). */
  const lost = useRef(0);
  const shareId = share.id;

  const report = useCallback(
    async (leaving = false) => {
      // A page that never played reports nothing (it is no listening session).
      if (!started.current || !session.current) return;
      const played = player.current?.getPlayed() ?? [];
      heard.current = mergeRanges([...heard.current, ...played.map(([a, b]): [number, number] => [tenth(a), tenth(b)])]);
      const ranges = heard.current.slice(-LISTENING.maxRanges);
      const body = JSON.stringify(ranges);
      if (body === sent.current) return;
      sent.current = body;
      try {
        setView(await reportListening({ id: shareId, session: session.current, ranges }, leaving));
        lost.current = 0;
      } catch (err) {
        sent.current = null; // sent again with the next report
        // A session the server no longer knows (too many since, or given before sessions): a new one.
        if (err instanceof ApiError && err.code === 'listening_session_unknown') {
          session.current = (await startListening(shareId).catch(() => null))?.session ?? session.current;
        } else if (!leaving && (!(err instanceof ApiError) || err.status >= 500 || err.status === 429)) {
          // Lost to a busy server or the connection: sent again soon even if the track has ended, or what was
          // heard would wait for the next play and the checklist would say less than the reviewer heard.
          window.clearTimeout(retry.current);
          const wait = Math.min(LISTENING.retryAfterMs * 2 ** lost.current++, LISTENING.retryAtMostMs);
          retry.current = window.setTimeout(() => void report(), wait);
        }
      }
    },
    [player, shareId],
  );

  /** The audio for the player, with a listening session of its own. */
  const loadUrl = useCallback(async () => {
    const given = await startListening(shareId);
    session.current = given.session;
    return given.signedUrl;
  }, [shareId]);

  /** The player started or stopped: the first play opens the session on the server, a pause reports. */
  const onPlayingChange = useCallback(
    (playing: boolean) => {
      if (playing && started.current) return;
      started.current = true;
      void report();
    },
    [report],
  );

  const last = useRef(0);
  /** The playhead moved: a jump (a seek) reports what was heard before it. */
  const onTimeChange = useCallback(
    (t: number) => {
      if (Math.abs(t - last.current) > 2 && started.current) void report();
      last.current = t;
    },
    [report],
  );

  useEffect(() => {
    const timer = window.setInterval(() => {
      if (player.current?.isPlaying()) void report();
    }, LISTENING.reportEveryMs);
    // Hidden may mean closed: that report must outlive the page.
    const hidden = () => {
      if (document.visibilityState === 'hidden') void report(true);
    };
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', hidden);
    return () => {
      window.clearInterval(timer);
      window.clearTimeout(retry.current);
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', hidden);
      void report(true);
    };
  }, [player, report]);

  return { view, loadUrl, onPlayingChange, onTimeChange };
}
