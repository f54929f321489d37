import { AudioPlayer } from '@/components/audio-player';
import type { useShareTimeline } from '@/features/feedback/hooks/use-share-timeline';

/** The share's player, wired to its timeline: comment markers, and the playhead reported back. */
export function TimelinePlayer({ timeline }: { timeline: ReturnType<typeof useShareTimeline> }) {
  return (
    <AudioPlayer
      ref={timeline.player}
      track={timeline.track}
      loadUrl={timeline.loadUrl}
      markers={timeline.markers}
      onTimeChange={timeline.setPlayhead}
    />
  );
}
