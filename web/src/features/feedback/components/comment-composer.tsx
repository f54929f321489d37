import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { keysOfTags, tagOf, type FeedbackCategoryKey } from '@shared/feedback';
import { AlertIf } from '@/components/alert';
import { formatTime } from '@/components/audio-player';
import { Button } from '@/components/button';
import { CloseIcon } from '@/components/icons';
import { ClockIcon, SparkIcon } from '@/components/icons-extra';
import { errorMessage } from '@/lib/errors';
import { isPlanLimit, PlanLimitNotice } from '@/components/plan-limit-notice';
import { useSuggestComment } from '@/features/feedback/api/share-actions';
import { captureTimestamp, parseTimestamp, wholeSecond } from '@/features/feedback/utils/timestamp';
import { CategoryToggles } from './category-toggles';
import { TemplatePicker } from './template-picker';
import '@/styles/forms.css';

/** A comment as the API takes it: its tags are the spec's category tags ('#Mixing'). */
export interface CommentDraft {
  text: string;
  timestamp: number | null;
  /** A range's end (null: a moment, or general feedback). */
  endTimestamp?: number | null;
  tags: string[];
}

export const SUGGESTION_ERROR = 'Failed to get suggestion';

/**
 * The placeholder of the comment box: a musician reading the feedback they asked for is told to ask for
 * clarification; everyone else, and a musician reviewing a peer's track, gets feedback prompts.
 */
export function commentPlaceholder(userType: string, isAuthor: boolean): string {
  return userType === 'musician' && isAuthor
    ? 'Ask your mentor for clarification on any part of the feedback...'
    : 'What do you hear at this moment? What works, and what would you change?';
}

/** The reviewer's comment box once their feedback is submitted: for answering the musician. */
export const answerPlaceholder = (musicianName: string) => `Answer ${musicianName}'s questions, or add a note...`;

/** True when Ctrl+Enter (Cmd+Enter on a Mac) was pressed. */
export const isSubmitShortcut = (e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey'>) => e.key === 'Enter' && (e.ctrlKey || e.metaKey);

/**
 * The comment box. A new comment takes the playhead's time when the writer starts typing, shown as a
 * chip that can be edited or removed (general feedback); category toggles; Submit (or Ctrl/Cmd+Enter).
 * In edit mode it saves instead, and Esc cancels. AI Suggest rewrites the draft on request; 'Insert template'
 * adds one of the reviewer's templates.
 */
export function CommentComposer({
  mode,
  initial,
  getPlayhead,
  duration,
  placeholder,
  allowSuggest = false,
  allowTemplates = false,
  onSubmit,
  onCancel,
  onTextChange,
  range,
}: {
  /** A range chosen on the waveform: the comment takes it (a new one each time the range changes). */
  range?: { start: number; end: number } | null;
  mode: 'new' | 'edit';
  initial?: CommentDraft;
  /** The playhead's time (seconds), read when typing starts. */
  getPlayhead?: () => number;
  duration: number;
  placeholder: string;
  allowSuggest?: boolean;
  /** Offers 'Insert template' (the reviewer's own comment templates). */
  allowTemplates?: boolean;
  /** Saves the comment; a rejection keeps the draft and shows the error. */
  onSubmit: (draft: CommentDraft) => Promise<unknown>;
  onCancel?: () => void;
  /** Told of the text as it is typed (a draft kept elsewhere). */
  onTextChange?: (text: string) => void;
}) {
  const [text, setText] = useState(initial?.text ?? '');
  const [timestamp, setTimestamp] = useState<number | null>(initial?.timestamp ?? null);
  const [endTimestamp, setEndTimestamp] = useState<number | null>(initial?.endTimestamp ?? null);
  const [endDraft, setEndDraft] = useState<string | null>(null);
  // In edit mode the time is the comment's own: never taken from the playhead.
  const [touched, setTouched] = useState(mode === 'edit');
  const [tags, setTags] = useState<FeedbackCategoryKey[]>(() => keysOfTags(initial?.tags ?? []));
  const [timeDraft, setTimeDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const suggest = useSuggestComment();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  useEffect(() => onTextChange?.(text), [text, onTextChange]);
  // A range dragged on the waveform becomes the comment's place.
  useEffect(() => {
    if (!range) return;
    setTimestamp(wholeSecond(range.start));
    setEndTimestamp(Math.max(wholeSecond(range.start) + 1, Math.ceil(range.end)));
    setTouched(true);
  }, [range]);

  const blank = text.trim() === '';
  const playhead = () => wholeSecond(getPlayhead?.() ?? 0);

  const change = (next: string) => {
    setTimestamp((current) => captureTimestamp({ text, timestamp: current, touched }, next, getPlayhead?.() ?? 0));
    setText(next);
    setError(null);
  };

  const reset = () => {
    setText('');
    setTimestamp(null);
    setEndTimestamp(null);
    setEndDraft(null);
    setTouched(false);
    setTags([]);
    setTimeDraft(null);
    setSuggestion(null);
    suggest.reset();
  };

  const submit = async () => {
    const trimmed = text.trim();
    if (!trimmed || saving) return;
    setSaving(true);
    setError(null);
    try {
      const end = timestamp !== null && endTimestamp !== null && endTimestamp > timestamp ? endTimestamp : null;
      await onSubmit({
        text: trimmed,
        timestamp,
        ...(end !== null || mode === 'edit' ? { endTimestamp: end } : {}),
        tags: tags.map(tagOf),
      });
      if (mode === 'new') reset();
    } catch (err) {
      setError(errorMessage(err, mode === 'new' ? 'Failed to add the comment' : 'Failed to save the comment'));
    } finally {
      setSaving(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (isSubmitShortcut(e)) {
      e.preventDefault();
      void submit();
    } else if (e.key === 'Escape' && mode === 'edit') {
      e.preventDefault();
      e.stopPropagation();
      onCancel?.();
    }
  };

  const applyTime = () => {
    if (timeDraft === null) return;
    const parsed = parseTimestamp(timeDraft, duration);
    if (parsed !== null) {
      setTimestamp(parsed);
      setTouched(true);
    }
    setTimeDraft(null);
  };

  /** The range's end as typed: after the start, within the track; emptied, the comment is a moment again. */
  const applyEnd = () => {
    if (endDraft === null) return;
    const parsed = endDraft.trim() ? parseTimestamp(endDraft, duration) : null;
    if (!endDraft.trim()) setEndTimestamp(null);
    else if (parsed !== null && timestamp !== null && parsed > timestamp) setEndTimestamp(parsed);
    else setError('The end of a range must come after its start');
    setEndDraft(null);
  };

  const askSuggestion = () => {
    if (blank || suggest.isPending) return;
    setSuggestion(null);
    suggest.mutate({ text: text.trim(), timestamp, tags: tags.map(tagOf) }, { onSuccess: (s) => setSuggestion(s) });
  };

  /** A template fills an empty box, or follows what is typed on a new paragraph, so no draft is lost. */
  const insertTemplate = (template: string) => {
    change(blank ? template : `${text.trimEnd()}\n\n${template}`);
    inputRef.current?.focus();
  };

  const acceptSuggestion = () => {
    if (suggestion === null) return;
    change(suggestion);
    setSuggestion(null);
    inputRef.current?.focus();
  };

  return (
    <div className={`comment-composer is-${mode}`} data-testid={mode === 'new' ? 'comment-composer' : 'comment-editor'}>
      <div className="composer-time">
        {timeDraft !== null ? (
          <TimeInput
            value={timeDraft}
            onChange={setTimeDraft}
            onApply={applyTime}
            onCancel={() => setTimeDraft(null)}
            label="Comment time (m:ss)"
            testId="comment-time-input"
          />
        ) : timestamp !== null ? (
          <span className="ts-chip">
            <button
              type="button"
              className="ts-chip-time"
              onClick={() => setTimeDraft(formatTime(timestamp))}
              aria-label={`Comment time ${formatTime(timestamp)}, edit`}
              data-testid="comment-timestamp"
            >
              <ClockIcon width={14} height={14} />
              {formatTime(timestamp)}
            </button>
            <button
              type="button"
              className="ts-chip-remove"
              onClick={() => {
                setTimestamp(null);
                setEndTimestamp(null);
                setTouched(true);
              }}
              aria-label="Remove the time (general feedback)"
              data-testid="comment-time-remove"
            >
              <CloseIcon width={12} height={12} />
            </button>
            {endDraft !== null ? (
              <TimeInput
                value={endDraft}
                onChange={setEndDraft}
                onApply={applyEnd}
                onCancel={() => setEndDraft(null)}
                label="End of the range (m:ss; empty for a moment)"
                testId="comment-end-input"
              />
            ) : (
              <button
                type="button"
                className="link-button small composer-end"
                onClick={() => setEndDraft(endTimestamp !== null ? formatTime(endTimestamp) : '')}
                aria-label={endTimestamp !== null ? `Range ends at ${formatTime(endTimestamp)}, edit` : 'Make it a range: set its end'}
                data-testid="comment-end"
              >
                {endTimestamp !== null ? `to ${formatTime(endTimestamp)}` : 'to...'}
              </button>
            )}
          </span>
        ) : touched ? (
          <span className="composer-general">
            <span className="tag tag-general">General feedback</span>
            <button
              type="button"
              className="link-button small"
              onClick={() => {
                setTimestamp(playhead());
                setTouched(true);
              }}
              data-testid="comment-time-add"
            >
              Add the playhead's time
            </button>
          </span>
        ) : (
          <span className="muted small">The playhead's time is added when you start typing.</span>
        )}
      </div>

      <label className="visually-hidden" htmlFor={`${id}-text`}>
        {mode === 'new' ? 'Comment' : 'Edit comment'}
      </label>
      <textarea
        ref={inputRef}
        id={`${id}-text`}
        className="field-input comment-input"
        value={text}
        onChange={(e) => change(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        rows={3}
        maxLength={2000}
        autoFocus={mode === 'edit'}
        data-testid="comment-input"
      />

      <CategoryToggles value={tags} onChange={setTags} label={mode === 'new' ? 'Comment categories' : 'Edit comment categories'} />

      {allowSuggest && suggestion !== null && (
        <div className="suggestion" role="status" data-testid="ai-suggestion">
          <p className="suggestion-label">
            <SparkIcon width={16} height={16} /> Suggestion
          </p>
          <p className="suggestion-text" data-testid="ai-suggestion-text">
            {suggestion}
          </p>
          <div className="button-row">
            <Button className="btn-sm" onClick={acceptSuggestion} data-testid="ai-accept">
              Accept
            </Button>
            <Button variant="ghost" className="btn-sm" onClick={() => setSuggestion(null)} data-testid="ai-discard">
              Discard
            </Button>
          </div>
        </div>
      )}
      {allowSuggest && suggest.isError && (
        <p className="field-error" role="alert" data-testid="ai-error">
          {isPlanLimit(suggest.error) ? <PlanLimitNotice message={suggest.error.message} /> : SUGGESTION_ERROR}
        </p>
      )}
      <AlertIf message={error} testId="comment-error" />

      <div className="composer-actions">
        {allowSuggest && (
          <Button
            variant="secondary"
            className="btn-sm"
            onClick={askSuggestion}
            disabled={blank || suggest.isPending}
            data-testid="ai-suggest"
          >
            <SparkIcon width={16} height={16} />
            {suggest.isPending ? 'Thinking...' : 'AI Suggest'}
          </Button>
        )}
        {allowTemplates && <TemplatePicker onInsert={insertTemplate} />}
        <span className="muted small composer-hint">Ctrl+Enter to {mode === 'new' ? 'submit' : 'save'}</span>
        {mode === 'edit' && (
          <Button variant="ghost" className="btn-sm" onClick={onCancel} data-testid="comment-cancel">
            Cancel
          </Button>
        )}
        <Button
          className="btn-sm"
          onClick={() => void submit()}
          disabled={blank}
          busy={saving}
          data-testid={mode === 'new' ? 'comment-submit' : 'comment-save'}
        >
          {mode === 'new' ? 'Submit' : 'Save'}
        </Button>
      </div>
    </div>
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
