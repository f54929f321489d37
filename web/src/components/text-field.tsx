import { useId, type InputHTMLAttributes } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  error?: string;
  hint?: string;
  onChange: (value: string) => void;
}

/** A labelled input with its error shown underneath. */
export function TextField({ label, error, hint, onChange, id, name, ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? `${name ?? 'field'}-${autoId}`;
  const describedBy = [error ? `${inputId}-error` : '', hint ? `${inputId}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        name={name}
        className="field-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(e) => onChange(e.target.value)}
        {...rest}
      />
      {hint && !error && (
        <p className="field-hint" id={`${inputId}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${inputId}-error`} data-testid={`${name ?? 'field'}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
