import type { ButtonHTMLAttributes, ReactNode } from 'react';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  /**
   * While busy the button takes no click and shows `busyText` instead of its label. It stays focusable
   * (aria-disabled, not disabled): a keyboard user who pressed it keeps their place when it is done, unless the
   * screen then disables or removes it (a form saved with nothing left to save, the last page loaded).
   */
  busy?: boolean;
  busyText?: string;
  block?: boolean;
  children: ReactNode;
}

export function Button({
  variant = 'primary',
  busy = false,
  busyText,
  block = false,
  className,
  disabled,
  children,
  type = 'button',
  onClick,
  ...rest
}: ButtonProps) {
  const classes = ['btn', `btn-${variant}`, block ? 'btn-block' : '', busy ? 'is-busy' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button
      type={type}
      className={classes}
      // The busy one is the button that was pressed: it keeps the focus even where others are disabled meanwhile.
      disabled={disabled && !busy}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      // A busy submit button's click is cancelled, and with it the form's submission (Enter in a field too).
      onClick={busy ? (event) => event.preventDefault() : onClick}
      {...rest}
    >
      {busy && <span className="btn-spinner" aria-hidden="true" />}
      {busy && busyText ? busyText : children}
    </button>
  );
}
