import { madeLabel } from '@shared/comment-made';
import { useState } from 'react';
import type { CommentView } from '@shared/schemas/shares';
import { commentPlace } from '@shared/clock';
import { formatTime } from '@/components/audio-player';
import { ConfirmDialog } from '@/components/dialog';
import { EditIcon, TrashIcon } from '@/components/icons';
import { ClockIcon } from '@/components/icons-extra';
import { errorMessage } from '@/lib/errors';
import { CategoryTags } from '@/components/category-toggles';
import { CommentComposer, type CommentDraft } from './comment-composer';

/**
 * One comment: its time (a chip that seeks there), author, text and category tags ('General feedback'
 * without tags). Its author alone gets the edit and delete icons; editing has save and cancel.
 */
export function CommentCard({
  comment,
  authorName,
  canEdit,
  active,
  duration,
  onSeek,
  onUpdate,
  onDelete,
}: {
  comment: CommentView;
  authorName: string;
  canEdit: boolean;
  active: boolean;
  duration: number;
  /** A click on the card moves the playhead to the comment; its time link plays it (to a range's end). */
  onSeek?: (time: number, play?: { to: number | null }) => void;
  onUpdate?: (draft: CommentDraft) => Promise<unknown>;
  onDelete?: () => Promise<unknown>;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const seekable = comment.timestamp !== null && !!onSeek;

  const remove = async () => {
    if (!onDelete) return;
    setDeleting(true);
    setDeleteError(null);
    try {
      await onDelete();
      setConfirming(false);
    } catch (err) {
      setDeleteError(errorMessage(err, 'Failed to delete the comment'));
    } finally {
      setDeleting(false);
    }
  };

  return (
    // A click anywhere on the card seeks to its second, as its time link does from the keyboard.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <li
      className={`comment-card${active ? ' is-active' : ''}${seekable ? ' is-seekable' : ''}`}
      data-testid="comment-card"
      data-comment-id={comment.id}
      data-active={active ? 'true' : 'false'}
      onClick={(e) => {
        if (!seekable || editing) return;
        // Buttons inside the card do their own thing.
        if ((e.target as HTMLElement).closest('button, a, textarea, input')) return;
        onSeek!(comment.timestamp!);
      }}
    >
      <div className="comment-head">
        {comment.timestamp !== null ? (
          <button
            type="button"
            className="ts-chip-time"
            onClick={() => onSeek?.(comment.timestamp!, { to: comment.endTimestamp ?? null })}
            aria-label={`Play from ${formatTime(comment.timestamp)}${comment.endTimestamp != null ? ` to ${formatTime(comment.endTimestamp)}` : ''}`}
            data-testid="comment-time"
          >
            <ClockIcon width={14} height={14} />
            {commentPlace(comment)}
          </button>
        ) : null}
        <span className="comment-author" title={authorName} data-testid="comment-author">
          {authorName}
        </span>
        <span className="comment-head-spacer" />
        {canEdit &&
          !editing &&
          [
            { action: 'edit', label: 'Edit', Icon: EditIcon, onClick: () => setEditing(true), className: '' },
            { action: 'delete', label: 'Delete', Icon: TrashIcon, onClick: () => setConfirming(true), className: ' icon-button-danger' },
          ].map(({ action, label, Icon, onClick, className }) => (
            <button
              key={action}
              type="button"
              className={`icon-button icon-button-sm${className}`}
              onClick={onClick}
              aria-label={`${label} comment`}
              title={label}
              data-testid={`comment-${action}`}
            >
              <Icon width={16} height={16} />
            </button>
          ))}
      </div>
      {editing ? (
        <CommentComposer
          mode="edit"
          initial={{ text: comment.text, timestamp: comment.timestamp, endTimestamp: comment.endTimestamp ?? null, tags: comment.tags }}
          duration={duration}
          placeholder="Edit your comment"
          onSubmit={async (draft) => {
            await onUpdate?.(draft);
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          <p className="comment-text" data-testid="comment-text">
            {comment.text}
          </p>
          <div className="comment-tags">
            <CategoryTags tags={comment.tags} />
            {comment.made && (
              <span className="comment-made" data-testid="comment-made" data-made={comment.made.how}>
                {madeLabel(comment.made)}
              </span>
            )}
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete comment?"
        description="The comment will be deleted for good."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleting}
        error={deleteError}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
        testId="comment-delete-dialog"
      />
    </li>
  );
}
