import type { CommentView, ShareView } from '@shared/schemas/shares';
import { findCategory } from '@shared/feedback';
import { COMMENT_MARKER_HOVER_SECONDS } from '@shared/constants';

/** Time order: timestamped comments by time (then by creation), general feedback (no time) last. */
export function sortComments<T extends Pick<CommentView, 'timestamp' | 'createdAt'>>(comments: readonly T[]): T[] {
  return [...comments].sort((a, b) => {
    if (a.timestamp === null && b.timestamp === null) return a.createdAt.localeCompare(b.createdAt);
    if (a.timestamp === null) return 1;
    if (b.timestamp === null) return -1;
    return a.timestamp - b.timestamp || a.createdAt.localeCompare(b.createdAt);
  });
}

/** Is the playhead within 2 s of this comment's time? General feedback is never highlighted. */
export function isNearPlayhead(timestamp: number | null, playhead: number | null, window: number = COMMENT_MARKER_HOVER_SECONDS): boolean {
  if (timestamp === null || playhead === null || !Number.isFinite(playhead)) return false;
  return Math.abs(timestamp - playhead) <= window;
}

/** The ids of the comments the playhead is on. */
export function activeCommentIds(
  comments: readonly Pick<CommentView, 'id' | 'timestamp' | 'endTimestamp'>[],
  playhead: number | null,
): Set<string> {
  // A comment on a range is current all through it.
  const within = (c: Pick<CommentView, 'timestamp' | 'endTimestamp'>) =>
    playhead !== null && c.timestamp !== null && c.endTimestamp != null && playhead >= c.timestamp && playhead <= c.endTimestamp;
  return new Set(comments.filter((c) => isNearPlayhead(c.timestamp, playhead) || within(c)).map((c) => c.id));
}

/** Spec section 6: the sharer's name when the sharer wrote it, else the recipient's. */
export function commentAuthorName(
  comment: Pick<CommentView, 'userId' | 'authorName'>,
  share: Pick<ShareView, 'sharedByUserId' | 'sharedByName' | 'sharedWithName'>,
): string {
  const name = comment.userId === share.sharedByUserId ? share.sharedByName : share.sharedWithName;
  return name || comment.authorName || 'User';
}

/** Colour and label of a category named by its key or its tag. */
export const categoryColour = (keyOrTag: string): string | undefined => findCategory(keyOrTag)?.colour;
export const categoryLabel = (keyOrTag: string): string => findCategory(keyOrTag)?.label ?? keyOrTag;

/** Waveform markers for the timestamped comments, coloured by their first tag. */
export function commentMarkers(
  comments: readonly Pick<CommentView, 'id' | 'timestamp' | 'endTimestamp' | 'text' | 'tags'>[],
  active: Set<string> = new Set(),
): { id: string; time: number; end?: number; label: string; colour?: string; active: boolean }[] {
  return comments
    .filter((c): c is typeof c & { timestamp: number } => c.timestamp !== null)
    .map((c) => ({
      id: c.id,
      time: c.timestamp,
      ...(c.endTimestamp != null ? { end: c.endTimestamp } : {}),
      label: c.text.length > 80 ? `${c.text.slice(0, 77)}...` : c.text,
      colour: c.tags[0] ? categoryColour(c.tags[0]) : undefined,
      active: active.has(c.id),
    }));
}
