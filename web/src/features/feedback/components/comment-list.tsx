import { useMemo } from 'react';
import { madeSummary } from '@shared/comment-made';
import type { CommentView, ShareView } from '@shared/schemas/shares';
import { useDeleteComment, useUpdateComment } from '@/features/feedback/api/share-actions';
import { commentAuthorName, sortComments } from '@/features/feedback/utils/comments';
import { CommentCard } from './comment-card';

/** The comments of a share in time order (general feedback last); the viewer edits their own. */
export function CommentList({
  share,
  comments,
  viewerId,
  activeIds,
  onSeek,
  editable = true,
}: {
  share: ShareView;
  comments: CommentView[];
  viewerId: string;
  activeIds: Set<string>;
  /** Moves the playhead to a comment; `play` (its time link) plays it too. */
  onSeek: (time: number, play?: { to: number | null }) => void;
  /** False once the share is closed for comments. */
  editable?: boolean;
}) {
  const update = useUpdateComment(share.id);
  const remove = useDeleteComment(share.id);
  const sorted = useMemo(() => sortComments(comments), [comments]);
  const made = useMemo(() => madeSummary(comments.map((c) => c.made)), [comments]);

  if (sorted.length === 0) {
    return (
      <p className="muted small" data-testid="comments-empty">
        No comments yet.
      </p>
    );
  }
  return (
    <>
      {made && (
        <p className="muted small comments-made" data-testid="comments-made">
          {made}
        </p>
      )}
      <ol className="comment-list" aria-label="Timeline comments" data-testid="comment-list">
        {sorted.map((c) => (
          <CommentCard
            key={c.id}
            comment={c}
            authorName={commentAuthorName(c, share)}
            canEdit={editable && c.userId === viewerId}
            active={activeIds.has(c.id)}
            duration={share.trackDuration}
            onSeek={onSeek}
            onUpdate={(draft) => update.mutateAsync({ commentId: c.id, ...draft })}
            onDelete={() => remove.mutateAsync(c.id)}
          />
        ))}
      </ol>
    </>
  );
}
