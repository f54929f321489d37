import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { TemplateIcon } from '@/components/icons-extra';
import { useTemplates } from '@/lib/comment-templates';
import '@/styles/forms.css';

/**
 * 'Insert template' under the comment box: a button opening the reviewer's templates as a list of
 * buttons (Tab or the arrow keys move through them, Enter inserts, Esc closes and returns to the button).
 * The templates are read when it is first opened, not with every comment box.
 */
export function TemplatePicker({ onInsert }: { onInsert: (text: string) => void }) {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const templates = useTemplates(asked);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const id = useId();

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  // Opened from the keyboard or the mouse alike, the first template takes the focus once the list is there.
  useEffect(() => {
    if (open) listRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [open, templates.data]);

  const onListKey = (e: KeyboardEvent) => {
    const buttons = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      buttons[(at + (e.key === 'ArrowDown' ? 1 : buttons.length - 1)) % buttons.length]?.focus();
    }
  };

  return (
    <div className="template-picker">
      <button
        ref={toggleRef}
        type="button"
        className="btn btn-secondary btn-sm"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        onClick={() => {
          setAsked(true);
          setOpen((o) => !o);
        }}
        data-testid="template-insert"
      >
        <TemplateIcon width={16} height={16} />
        Insert template
      </button>
      {open && (
        <div className="template-menu" id={`${id}-list`} data-testid="template-menu">
          {templates.isPending ? (
            <p className="muted small">Loading...</p>
          ) : templates.isError ? (
            <p className="field-error">Your templates could not be loaded.</p>
          ) : templates.data.length === 0 ? (
            <p className="muted small">No templates yet: add them in Feedback Templates on your dashboard.</p>
          ) : (
            <ul ref={listRef} aria-label="Your templates">
              {templates.data.map((t) => (
                <li key={t.id}>
                  <button
                    type="button"
                    className="template-option"
                    onKeyDown={onListKey}
                    onClick={() => {
                      onInsert(t.text);
                      setOpen(false);
                    }}
                    data-testid="template-option"
                  >
                    <span className="template-option-title">{t.title}</span>
                    <span className="template-option-text">{t.text}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
