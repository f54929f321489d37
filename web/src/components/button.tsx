import type { ButtonHTMLAttributes, ReactNode } from 'react';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  /** While busy the button is disabled and shows `busyText` instead of its label. */
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
  ...rest
}: ButtonProps) {
  const classes = ['btn', `btn-${variant}`, block ? 'btn-block' : '', busy ? 'is-busy' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button type={type} className={classes} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy && <span className="btn-spinner" aria-hidden="true" />}
      {busy && busyText ? busyText : children}
    </button>
  );
}
