import { useEffect, useRef, useState } from 'react';
import { keysOfTags, tagOf, type FeedbackCategoryKey } from '@shared/feedback';
import { AlertIf } from '@/components/alert';
import { errorMessage } from '@/lib/errors';
import { useCommentSuggestion } from '@/features/feedback/hooks/use-comment-suggestion';
import { useCommentTime } from '@/features/feedback/hooks/use-comment-time';
import { CategoryToggles } from '@/components/category-toggles';
import { ComposerActions } from './composer-actions';
import { ComposerInput } from './composer-input';
import { ComposerSuggestion } from './composer-suggestion';
import { ComposerTime } from './composer-time';
import '@/styles/forms.css';

/** A comment as the API takes it: its tags are the spec's category tags ('#Mixing'). */
export interface CommentDraft {
  text: string;
  timestamp: number | null;
  /** A range's end (null: a moment, or general feedback). */
  endTimestamp?: number | null;
  tags: string[];
  /** The editor saw text pasted in (the server decides the rest of how it was made). */
  pasted?: boolean;
}

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

/** What a comment box is for, and what it is told. */
export interface CommentComposerProps {
  /** A range chosen on the waveform: the comment takes it (a new one each time the range changes). */
  range?: { start: number; end: number } | null;
  mode: 'new' | 'edit';
  initial?: CommentDraft;
  /** The playhead's time (seconds), read when typing starts. */
  getPlayhead?: () => number;
  duration: number;
  placeholder: string;
  /**
   * Offers AI Suggest, for this request (its id): the suggestions are kept there, so a comment made from
   * one says so. A suggestion is never given for no request.
   */
  suggestFor?: string;
  /** Offers 'Insert template' (the reviewer's own comment templates). */
  allowTemplates?: boolean;
  /** Saves the comment; a rejection keeps the draft and shows the error. */
  onSubmit: (draft: CommentDraft) => Promise<unknown>;
  onCancel?: () => void;
  /** Told of what is in the box as it changes, its text, place and tags (a draft kept elsewhere). */
  onDraftChange?: (draft: CommentDraft) => void;
}

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
  suggestFor,
  allowTemplates = false,
  onSubmit,
  onCancel,
  onDraftChange,
  range,
}: CommentComposerProps) {
  const [text, setText] = useState(initial?.text ?? '');
  const [tags, setTags] = useState<FeedbackCategoryKey[]>(() => keysOfTags(initial?.tags ?? []));
  const [saving, setSaving] = useState(false);
  const [pasted, setPasted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ai = useCommentSuggestion();
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const time = useCommentTime({ initial, mode, range, duration, getPlayhead, onError: setError });
  const end = time.place.endTimestamp;
  useEffect(
    () => onDraftChange?.({ text, timestamp: time.timestamp, ...(end != null ? { endTimestamp: end } : {}), tags: tags.map(tagOf) }),
    [text, time.timestamp, end, tags, onDraftChange],
  );

  const blank = text.trim() === '';

  const change = (next: string) => {
    time.capture(text, next);
    setText(next);
    setError(null);
  };

  const reset = () => {
    setText('');
    time.reset();
    setTags([]);
    setPasted(false);
    ai.reset();
  };

  const submit = async () => {
    const trimmed = text.trim();
    if (!trimmed || saving) return;
    setSaving(true);
    setError(null);
    try {
      await onSubmit({ text: trimmed, ...time.place, tags: tags.map(tagOf), ...(pasted ? { pasted } : {}) });
      if (mode === 'new') reset();
    } catch (err) {
      setError(errorMessage(err, mode === 'new' ? 'Failed to add the comment' : 'Failed to save the comment'));
    } finally {
      setSaving(false);
    }
  };

  const save = () => void submit();

  const askSuggestion = () => {
    if (blank || !suggestFor) return;
    ai.ask({ text: text.trim(), timestamp: time.timestamp, tags: tags.map(tagOf), shareId: suggestFor });
  };

  /** A template fills an empty box, or follows what is typed on a new paragraph, so no draft is lost. */
  const insertTemplate = (template: string) => {
    change(blank ? template : `${text.trimEnd()}\n\n${template}`);
    inputRef.current?.focus();
  };

  const acceptSuggestion = () => {
    if (ai.suggestion === null) return;
    change(ai.suggestion);
    ai.discard();
    inputRef.current?.focus();
  };

  return (
    <div className={`comment-composer is-${mode}`} data-testid={mode === 'new' ? 'comment-composer' : 'comment-editor'}>
      <ComposerTime time={time} />

      <ComposerInput
        mode={mode}
        value={text}
        onChange={change}
        onSubmit={save}
        onCancel={onCancel}
        placeholder={placeholder}
        inputRef={inputRef}
        onPaste={() => setPasted(true)}
      />

      <CategoryToggles value={tags} onChange={setTags} label={mode === 'new' ? 'Comment categories' : 'Edit comment categories'} />

      {suggestFor && <ComposerSuggestion suggestion={ai.suggestion} error={ai.error} onAccept={acceptSuggestion} onDiscard={ai.discard} />}
      <AlertIf message={error} testId="comment-error" />

      <ComposerActions
        mode={mode}
        blank={blank}
        saving={saving}
        onSubmit={save}
        onCancel={onCancel}
        suggest={suggestFor ? { pending: ai.pending, onAsk: askSuggestion } : undefined}
        onInsertTemplate={allowTemplates ? insertTemplate : undefined}
      />
    </div>
  );
}
