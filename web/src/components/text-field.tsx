import { useId, type InputHTMLAttributes, type ReactElement, type TextareaHTMLAttributes } from 'react';

interface FieldFrameProps {
  label: string;
  error?: string;
  hint?: string;
  id?: string;
  name?: string;
  /** The control, given the id and ARIA attributes that tie it to its label, hint and error. */
  children: (control: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactElement;
}

/** Label above, the control, then its hint or (in its place) its error: the one layout of every field. */
function FieldFrame({ label, error, hint, id, name, children }: FieldFrameProps) {
  const autoId = useId();
  const controlId = id ?? `${name ?? 'field'}-${autoId}`;
  const describedBy = [error ? `${controlId}-error` : '', hint ? `${controlId}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label className="field-label" htmlFor={controlId}>
        {label}
      </label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {hint && !error && (
        <p className="field-hint" id={`${controlId}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${controlId}-error`} data-testid={`${name ?? 'field'}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  error?: string;
  hint?: string;
  onChange: (value: string) => void;
}

/** A labelled input with its error shown underneath. */
export function TextField({ label, error, hint, onChange, id, name, ...rest }: TextFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id} name={name}>
      {(control) => <input {...control} name={name} className="field-input" onChange={(e) => onChange(e.target.value)} {...rest} />}
    </FieldFrame>
  );
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange'> {
  label: string;
  error?: string;
  hint?: string;
  onChange: (value: string) => void;
}

/** A labelled multi-line text box with its error shown underneath. */
export function TextAreaField({ label, error, hint, onChange, id, name, ...rest }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id} name={name}>
      {(control) => <textarea {...control} name={name} className="field-input" onChange={(e) => onChange(e.target.value)} {...rest} />}
    </FieldFrame>
  );
}
