import { useState } from 'react';
import { outcomeText } from '@shared/recheck';
import { CHECK_MARKS, type CheckItemView, type CheckMark, type ShareView } from '@shared/schemas/shares';
import { Alert } from '@/components/alert';
import { formatTime } from '@/components/audio-player';
import { errorMessage } from '@/lib/errors';
import { useMarkCheck } from '@/features/feedback/api/share-actions';
import { parseTimestamp } from '@/features/feedback/utils/timestamp';
import { BlockTitle } from './block-title';
import '@/styles/forms.css';

export const MARK_LABELS: Record<CheckMark, string> = { fixed: 'Fixed', not_fixed: 'Not fixed', not_applicable: 'Not applicable' };

const placeOf = (t: number | null) => (t === null ? 'General' : formatTime(t));

/**
 * A re-check's checklist: the points of the previous review on the new version. The reviewer marks each
 * one (with a note, optional) while reviewing; the musician may move a point to where that part now is
 * until the review is in; once it is, both read how each was marked under the outcome ('7 of 9 fixed').
 */
export function RecheckChecklist({
  share,
  items,
  isReviewer,
  onSeek,
}: {
  share: ShareView;
  items: CheckItemView[];
  isReviewer: boolean;
  onSeek: (time: number) => void;
}) {
  const mark = useMarkCheck(share.id);
  const marking = isReviewer && share.status === 'accepted';
  const moving = !isReviewer && (share.status === 'pending' || share.status === 'accepted');
  const left = items.filter((i) => !i.mark).length;
  const heading = share.recheckOutcome
    ? `Re-check: ${outcomeText(share.recheckOutcome)}`
    : marking
      ? left
        ? `The previous review: ${left} of ${items.length} ${items.length === 1 ? 'point' : 'points'} to mark`
        : 'The previous review: every point marked'
      : `The previous review: ${items.length} ${items.length === 1 ? 'point' : 'points'} to check`;
  return (
    <section className="form-block recheck" aria-labelledby={`recheck-${share.id}`} data-testid="recheck-checklist">
      <BlockTitle id={`recheck-${share.id}`} aria-live={marking ? 'polite' : undefined} data-testid="recheck-heading">
        {heading}
      </BlockTitle>
      {moving && (
        <p className="muted small">
          The reviewer checks each point of their review again on this version. If a part moved, put its point where it is now.
        </p>
      )}
      {items.length === 0 && <p className="muted small">The previous review is no longer there: its version was deleted.</p>}
      {mark.isError && (
        <Alert tone="error" testId="recheck-error">
          {errorMessage(mark.error, 'The checklist could not be saved')}
        </Alert>
      )}
      <ol className="recheck-list">
        {items.map((item) => (
          <li key={item.commentId} className={`recheck-item${item.mark ? ` is-${item.mark}` : ''}`} data-testid="recheck-item">
            <div className="recheck-point">
              {item.timestamp === null ? (
                <span className="recheck-time muted small">General</span>
              ) : (
                <button
                  type="button"
                  className="ts-chip-time"
                  onClick={() => onSeek(item.timestamp!)}
                  aria-label={`Play from ${formatTime(item.timestamp)}`}
                >
                  {formatTime(item.timestamp)}
                </button>
              )}
              <p className="recheck-text">{item.text}</p>
              {item.timestamp !== item.originalTimestamp && (
                <span className="muted small" data-testid="recheck-moved">
                  moved from {placeOf(item.originalTimestamp)}
                </span>
              )}
            </div>
            {marking ? (
              <MarkControls
                item={item}
                busy={mark.isPending}
                onMark={(m, note) => mark.mutate({ commentId: item.commentId, mark: m, note })}
              />
            ) : moving && item.originalTimestamp !== null ? (
              <MovePoint
                item={item}
                duration={share.trackDuration}
                busy={mark.isPending}
                onMove={(timestamp) => mark.mutate({ commentId: item.commentId, timestamp })}
              />
            ) : (
              item.mark && (
                <p className="recheck-outcome small" data-testid="recheck-mark">
                  <span className={`recheck-badge is-${item.mark}`}>{MARK_LABELS[item.mark]}</span>
                  {item.note && <span className="recheck-note">{item.note}</span>}
                </p>
              )
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The reviewer's three marks for a point (the one given pressed) and a note kept with it. */
function MarkControls({ item, busy, onMark }: { item: CheckItemView; busy: boolean; onMark: (mark: CheckMark, note: string) => void }) {
  const [note, setNote] = useState(item.note ?? '');
  return (
    <div className="recheck-marks">
      <div className="segmented" role="group" aria-label={`Mark: ${item.text}`}>
        {CHECK_MARKS.map((m) => (
          <button
            key={m}
            type="button"
            className="segmented-item"
            aria-pressed={item.mark === m}
            disabled={busy}
            onClick={() => onMark(m, note)}
            data-testid={`recheck-${m}`}
          >
            {MARK_LABELS[m]}
          </button>
        ))}
      </div>
      <input
        className="field-input recheck-note-input"
        value={note}
        maxLength={280}
        // A point not fixed needs a word of why before Submit (shared/review.ts); the others may have one.
        placeholder={item.mark === 'not_fixed' ? 'Why is it not fixed? (needed)' : 'A note (optional)'}
        aria-label={`Note on: ${item.text}`}
        onChange={(e) => setNote(e.target.value)}
        // Kept with the mark: saved when the field is left, once the point is marked.
        onBlur={() => item.mark && note.trim() !== (item.note ?? '') && onMark(item.mark, note)}
        data-testid="recheck-note"
      />
    </div>
  );
}

/** The musician's 'Move to' for a point whose part moved on the new version (m:ss, or back to where it was). */
function MovePoint({
  item,
  duration,
  busy,
  onMove,
}: {
  item: CheckItemView;
  duration: number;
  busy: boolean;
  onMove: (timestamp: number) => void;
}) {
  const [text, setText] = useState(item.timestamp === null ? '' : formatTime(item.timestamp));
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    // Emptied: back where the previous review put it.
    const t = text.trim() ? parseTimestamp(text, duration) : item.originalTimestamp;
    if (t === null) return setError('Type a time as m:ss');
    setError(null);
    if (t !== item.timestamp) onMove(t);
  };
  return (
    <form
      className="recheck-move"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <label className="small">
        Now at
        <input
          className="field-input recheck-move-input"
          value={text}
          inputMode="numeric"
          aria-invalid={error ? true : undefined}
          onChange={(e) => setText(e.target.value)}
          onBlur={save}
          disabled={busy}
          data-testid="recheck-move"
        />
      </label>
      {error && (
        <span className="field-error small" role="alert">
          {error}
        </span>
      )}
    </form>
  );
}
