import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { LISTENING, mergeRanges } from '@shared/review';
import type { ListeningView, ShareView } from '@shared/schemas/shares';
import type { AudioPlayerHandle } from '@/components/audio-player';
import { reportListening } from '@/features/feedback/api/share-actions';

/** Round to a tenth of a second: what the server keeps of a range anyway. */
const tenth = (t: number) => Math.round(t * 10) / 10;

/**
 * Proof of listening from the reviewer's player: everything the media element has played, merged across
 * reloads of the stream, sent whole to the server at the first play, every few seconds while playing, on
 * pause, on a seek and when the page is hidden (then in a request that outlives the page, should it be closing). The server's answer (what it now counts as heard) is the
 * view. A report the server refuses or that fails is simply sent again with the next: nothing is lost.
 */
export function useListening(share: Pick<ShareView, 'id'>, initial: ListeningView | null, player: RefObject<AudioPlayerHandle | null>) {
  const session = useMemo(() => crypto.randomUUID(), []);
  const [view, setView] = useState(initial);
  const heard = useRef<[number, number][]>([]);
  const sent = useRef<string | null>(null);
  const started = useRef(false);
  const shareId = share.id;

  const report = useCallback(
    async (leaving = false) => {
      // A page that never played reports nothing (it is no listening session).
      if (!started.current) return;
      const played = player.current?.getPlayed() ?? [];
      heard.current = mergeRanges([...heard.current, ...played.map(([a, b]): [number, number] => [tenth(a), tenth(b)])]);
      const ranges = heard.current.slice(-LISTENING.maxRanges);
      const body = JSON.stringify(ranges);
      if (body === sent.current) return;
      sent.current = body;
      try {
        setView(await reportListening({ id: shareId, session, ranges }, leaving));
      } catch {
        sent.current = null; // sent again with the next report
      }
    },
    [player, shareId, session],
  );

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
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', hidden);
      void report(true);
    };
  }, [player, report]);

  return { view, onPlayingChange, onTimeChange };
}
