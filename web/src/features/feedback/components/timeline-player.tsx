import { useCallback, useMemo, type ReactNode } from 'react';
import { AudioPlayer, type PlayerMarker } from '@/components/audio-player';
import type { useShareTimeline } from '@/features/feedback/hooks/use-share-timeline';

/**
 * The share's player, wired to its timeline: comment markers, and the playhead reported back (and to
 * whoever else follows the playback: the reviewer's proof of listening).
 */
export function TimelinePlayer({
  timeline,
  onPlayingChange,
  onTimeChange,
  loadUrl = timeline.loadUrl,
  moreMarkers,
  children,
}: {
  timeline: ReturnType<typeof useShareTimeline>;
  /** Pins besides the comments' (the reviewer's suggestions from analysis). */
  moreMarkers?: PlayerMarker[];
  /** Where the audio comes from, when not the share's plain link (the reviewer's listening session). */
  loadUrl?: () => Promise<string>;
  onPlayingChange?: (playing: boolean) => void;
  onTimeChange?: (seconds: number) => void;
  /** Under the waveform, on its time scale. */
  children?: ReactNode;
}) {
  const { setPlayhead } = timeline;
  const markers = useMemo(
    () => (moreMarkers?.length ? [...timeline.markers, ...moreMarkers] : timeline.markers),
    [timeline.markers, moreMarkers],
  );
  const timeChanged = useCallback(
    (t: number) => {
      setPlayhead(t);
      onTimeChange?.(t);
    },
    [setPlayhead, onTimeChange],
  );
  return (
    <AudioPlayer
      ref={timeline.player}
      track={timeline.track}
      loadUrl={loadUrl}
      markers={markers}
      region={timeline.range}
      onTimeChange={timeChanged}
      onPlayingChange={onPlayingChange}
      below={children}
    />
  );
}
