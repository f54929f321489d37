import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from './button';
import { CloseIcon } from './icons';
import './dialog.css';
import '@/styles/forms.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The open dialogs, innermost last: only that one answers the keyboard. */
const openDialogs: object[] = [];

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hasAttribute('hidden') && el.tabIndex >= 0);
}

/**
 * A modal dialog: role=dialog, labelled by its title, focus moved in on open and kept inside (Tab
 * cycles), Esc and the backdrop close it (unless `dismissible` is false), focus returns on close.
 */
export function Dialog({
  open,
  title,
  description,
  onClose,
  children,
  footer,
  size = 'md',
  dismissible = true,
  initialFocus,
  testId,
  role = 'dialog',
}: {
  open: boolean;
  title: string;
  description?: ReactNode;
  onClose: () => void;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md';
  /** When false, Esc and the backdrop do nothing (e.g. while a request is running). */
  dismissible?: boolean;
  /** A selector of the element to focus on open; the first focusable one otherwise. */
  initialFocus?: string;
  testId?: string;
  role?: 'dialog' | 'alertdialog';
}) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  const dismissibleRef = useRef(dismissible);
  dismissibleRef.current = dismissible;

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    if (panel) {
      const target = (initialFocus && panel.querySelector<HTMLElement>(initialFocus)) || focusables(panel)[0] || panel;
      target.focus();
    }
    const token = {};
    openDialogs.push(token);
    // On the document, so that keys work even when focus fell out of the panel (e.g. a button that got
    // disabled while it had focus).
    const onKeyDown = (e: globalThis.KeyboardEvent) => {
      if (openDialogs[openDialogs.length - 1] !== token || !panelRef.current) return;
      const root = panelRef.current;
      if (e.key === 'Escape') {
        // An open list inside the dialog (a combobox) closes first.
        const target = e.target as HTMLElement | null;
        if (target?.getAttribute?.('role') === 'combobox' && target.getAttribute('aria-expanded') === 'true') return;
        e.preventDefault();
        e.stopPropagation();
        if (dismissibleRef.current) onCloseRef.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = focusables(root);
      const active = document.activeElement as HTMLElement | null;
      if (items.length === 0) {
        e.preventDefault();
        root.focus();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      const inside = !!active && root.contains(active);
      if (!inside) {
        e.preventDefault();
        (e.shiftKey ? last : first).focus();
      } else if (e.shiftKey && (active === first || active === root)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && active === last) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      openDialogs.splice(openDialogs.indexOf(token), 1);
      document.body.style.overflow = overflow;
      if (previous && document.contains(previous)) previous.focus();
    };
  }, [open, initialFocus]);

  if (!open) return null;

  return createPortal(
    // A press outside the dialog closes it, as Escape does from the keyboard.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      className="dialog-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && dismissible) onCloseRef.current();
      }}
    >
      <div
        ref={panelRef}
        className={`dialog dialog-${size}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descId : undefined}
        tabIndex={-1}
        data-testid={testId}
      >
        <div className="dialog-head">
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
          <button
            type="button"
            className="icon-button dialog-close"
            onClick={() => onCloseRef.current()}
            aria-label="Close"
            disabled={!dismissible}
          >
            <CloseIcon />
          </button>
        </div>
        {description && (
          <div id={descId} className="dialog-description">
            {description}
          </div>
        )}
        {children && <div className="dialog-body">{children}</div>}
        {footer && <div className="dialog-footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}

/** A yes/no question about something that cannot be undone. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  busyLabel,
  busy = false,
  error,
  onConfirm,
  onCancel,
  testId,
  tone = 'danger',
  children,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  /** Fields the confirmation asks for (a reason, say), above its error. */
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** 'danger' for destroying things; 'primary' for a final step that destroys nothing. */
  tone?: 'danger' | 'primary';
  busyLabel?: string;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
}) {
  return (
    <Dialog
      open={open}
      title={title}
      description={description}
      onClose={onCancel}
      size="sm"
      dismissible={!busy}
      role="alertdialog"
      initialFocus="[data-autofocus]"
      testId={testId}
      footer={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={busy} data-autofocus="">
            {cancelLabel}
          </Button>
          <Button variant={tone} onClick={onConfirm} busy={busy} busyText={busyLabel} data-testid="confirm-button">
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
