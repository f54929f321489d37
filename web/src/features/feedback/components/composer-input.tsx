import { useId, type KeyboardEvent, type RefObject } from 'react';

/** True when Ctrl+Enter (Cmd+Enter on a Mac) was pressed. */
const isSubmitShortcut = (e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey'>) => e.key === 'Enter' && (e.ctrlKey || e.metaKey);

/** The comment's text. Ctrl+Enter (Cmd+Enter) submits; in edit mode the box takes the focus as it opens, and Esc cancels. */
export function ComposerInput({
  mode,
  value,
  onChange,
  onSubmit,
  onCancel,
  placeholder,
  inputRef,
  onPaste,
}: {
  mode: 'new' | 'edit';
  value: string;
  onChange: (text: string) => void;
  onSubmit: () => void;
  onCancel?: () => void;
  placeholder: string;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  /** Told when text is pasted in: the comment then says it was pasted. */
  onPaste?: () => void;
}) {
  const id = useId();

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (isSubmitShortcut(e)) {
      e.preventDefault();
      onSubmit();
    } else if (e.key === 'Escape' && mode === 'edit') {
      e.preventDefault();
      e.stopPropagation();
      onCancel?.();
    }
  };

  return (
    <>
      <label className="visually-hidden" htmlFor={`${id}-text`}>
        {mode === 'new' ? 'Comment' : 'Edit comment'}
      </label>
      <textarea
        ref={inputRef}
        id={`${id}-text`}
        className="field-input comment-input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        placeholder={placeholder}
        rows={3}
        maxLength={2000}
        autoFocus={mode === 'edit'}
        data-testid="comment-input"
      />
    </>
  );
}
