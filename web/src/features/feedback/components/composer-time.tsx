import { formatTime } from '@/components/audio-player';
import { CloseIcon } from '@/components/icons';
import { ClockIcon } from '@/components/icons-extra';
import type { CommentTime } from '@/features/feedback/hooks/use-comment-time';

/**
 * The comment's place above its box: a time being typed, the time as a chip (edit it, remove it, or give
 * the range its end), 'General feedback' with a way back to the playhead's time, or a note that the time
 * is taken when typing starts.
 */
export function ComposerTime({ time }: { time: CommentTime }) {
  return (
    <div className="composer-time">
      {time.timeDraft !== null ? (
        <TimeInput
          value={time.timeDraft}
          onChange={time.setTimeDraft}
          onApply={time.applyTime}
          onCancel={() => time.setTimeDraft(null)}
          label="Comment time (m:ss)"
          testId="comment-time-input"
        />
      ) : time.timestamp !== null ? (
        <TimeChip time={time} timestamp={time.timestamp} />
      ) : time.touched ? (
        <span className="composer-general">
          <span className="tag tag-general">General feedback</span>
          <button type="button" className="link-button small" onClick={time.addPlayhead} data-testid="comment-time-add">
            Add the playhead's time
          </button>
        </span>
      ) : (
        <span className="muted small">The playhead's time is added when you start typing.</span>
      )}
    </div>
  );
}

/** The time of a comment that has one: the start (edit), remove, and the range's end (set or edit). */
function TimeChip({ time, timestamp }: { time: CommentTime; timestamp: number }) {
  const { endTimestamp, endDraft } = time;
  return (
    <span className="ts-chip">
      <button
        type="button"
        className="ts-chip-time"
        onClick={() => time.setTimeDraft(formatTime(timestamp))}
        aria-label={`Comment time ${formatTime(timestamp)}, edit`}
        data-testid="comment-timestamp"
      >
        <ClockIcon width={14} height={14} />
        {formatTime(timestamp)}
      </button>
      <button
        type="button"
        className="ts-chip-remove"
        onClick={time.remove}
        aria-label="Remove the time (general feedback)"
        data-testid="comment-time-remove"
      >
        <CloseIcon width={12} height={12} />
      </button>
      {endDraft !== null ? (
        <TimeInput
          value={endDraft}
          onChange={time.setEndDraft}
          onApply={time.applyEnd}
          onCancel={() => time.setEndDraft(null)}
          label="End of the range (m:ss; empty for a moment)"
          testId="comment-end-input"
        />
      ) : (
        <button
          type="button"
          className="link-button small composer-end"
          onClick={() => time.setEndDraft(endTimestamp !== null ? formatTime(endTimestamp) : '')}
          aria-label={endTimestamp !== null ? `Range ends at ${formatTime(endTimestamp)}, edit` : 'Make it a range: set its end'}
          data-testid="comment-end"
        >
          {endTimestamp !== null ? `to ${formatTime(endTimestamp)}` : 'to...'}
        </button>
      )}
    </span>
  );
}

/** A time being typed (m:ss): Enter or leaving the field applies it, Esc drops it. */
function TimeInput({
  value,
  onChange,
  onApply,
  onCancel,
  label,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  onApply: () => void;
  onCancel: () => void;
  label: string;
  testId: string;
}) {
  return (
    <input
      className="field-input time-input"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onApply}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          onApply();
        } else if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          onCancel();
        }
      }}
      aria-label={label}
      placeholder="m:ss"
      autoFocus
      data-testid={testId}
    />
  );
}
