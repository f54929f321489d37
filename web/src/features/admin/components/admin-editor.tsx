import type { FormEvent, KeyboardEvent, ReactNode } from 'react';
import { Button } from '@/components/button';

/**
 * An admin's inline editor: its fields, then the submit button ('...' while saving) and Cancel. Escape
 * cancels from any of its fields, unless Cancel is off. The fields are checked here, not by the browser,
 * so that the messages read the same everywhere.
 */
export function AdminEditor({
  className = 'admin-editor',
  label,
  testId,
  onSubmit,
  onCancel,
  saving,
  cancelDisabled = saving,
  submitLabel = 'Save',
  submitVariant,
  submitDisabled,
  children,
}: {
  className?: string;
  /** The form's accessible name. */
  label?: string;
  testId: string;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  saving: boolean;
  /** Cancel (and Escape) off: by default while saving. */
  cancelDisabled?: boolean;
  submitLabel?: string;
  submitVariant?: 'danger';
  submitDisabled?: boolean;
  children: ReactNode;
}) {
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && !cancelDisabled) {
      e.preventDefault();
      onCancel();
    }
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape cancels the editor from any of its fields.
    <form className={className} onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate aria-label={label} data-testid={testId}>
      {children}
      <div className="admin-editor-actions">
        <Button type="submit" variant={submitVariant} className="btn-sm" busy={saving} busyText="..." disabled={submitDisabled}>
          {submitLabel}
        </Button>
        <Button variant="secondary" className="btn-sm" onClick={onCancel} disabled={cancelDisabled}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
