import { useCallback, useMemo, useRef, useState } from 'react';
import type { CheckItemView, CommentView, ShareView } from '@shared/schemas/shares';
import type { AudioPlayerHandle, PlayableTrack } from '@/components/audio-player';
import { getShareAudioUrl } from '@/features/feedback/api/share-actions';
import { activeCommentIds, commentMarkers } from '@/features/feedback/utils/comments';

/**
 * The player of a share and its comments: markers on the waveform, the comments near the playhead
 * (within 2 s) highlighted, and seeking from a comment.
 */
export function useShareTimeline(share: ShareView, comments: CommentView[], checklist?: CheckItemView[] | null) {
  const player = useRef<AudioPlayerHandle>(null);
  const [playhead, setPlayhead] = useState<number | null>(null);
  // A range dragged under the player for the next comment.
  const [range, setRange] = useState<{ start: number; end: number } | null>(null);
  const activeIds = useMemo(() => activeCommentIds(comments, playhead), [comments, playhead]);
  // A re-check's points of the previous review are marked too, where they now are.
  const markers = useMemo(() => {
    const points = (checklist ?? []).map((i) => ({
      id: `check-${i.commentId}`,
      timestamp: i.timestamp,
      text: `Previous review: ${i.text}`,
      tags: i.tags,
    }));
    return [...commentMarkers(comments, activeIds), ...commentMarkers(points)];
  }, [comments, activeIds, checklist]);

  const track: PlayableTrack = useMemo(
    () => ({
      id: share.trackId,
      title: share.trackTitle,
      duration: share.trackDuration,
      peaks: share.trackPeaks,
      loudness: share.trackReport,
    }),
    [share.trackId, share.trackTitle, share.trackDuration, share.trackPeaks, share.trackReport],
  );
  const trackId = share.trackId;
  const loadUrl = useCallback(() => getShareAudioUrl(trackId), [trackId]);

  /** Moves the playhead to `time`; with `play`, plays from there to its `to` (a range's end) or the track's end. */
  const duration = share.trackDuration;
  const seek = useCallback(
    (time: number, play?: { to: number | null }) => {
      if (play) void player.current?.playRange(time, play.to ?? duration);
      else player.current?.seek(time);
      setPlayhead(time);
    },
    [duration],
  );

  const getPlayhead = useCallback(() => player.current?.getTime() ?? 0, []);

  return { player, track, loadUrl, markers, activeIds, playhead, setPlayhead, seek, getPlayhead, range, setRange };
}
