import {
  createElement,
  useId,
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactElement,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import '@/styles/forms.css';

/** What a field gives its control: the id its label points at, and the ARIA attributes tying it to its hint and error. */
export interface FieldControl {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface FieldProps {
  label: string;
  error?: string;
  hint?: string;
  id?: string;
  name?: string;
  /** Classes beside 'field'. */
  className?: string;
  /** The error's test id: `${name}-error` by default. */
  errorTestId?: string;
  /**
   * Whether the control is described by its hint and error (their ids in aria-describedby). Off for a
   * field whose hint and error are read out by other means.
   */
  described?: boolean;
  /** The control, given its id and ARIA attributes. */
  children: (control: FieldControl) => ReactElement;
  /** Under the control, before its hint (e.g. a way to more choices). */
  after?: ReactNode;
  /** Marks the label as required (the control carries its own required attribute). */
  required?: boolean;
}

/** Label above, the control, then its hint or (in its place) its error: the one layout of every field. */
export function Field({ label, error, hint, id, name, className, errorTestId, described = true, children, after, required }: FieldProps) {
  const autoId = useId();
  const controlId = id ?? `${name ?? 'field'}-${autoId}`;
  const ids = (suffix: string) => (described ? `${controlId}-${suffix}` : undefined);
  const describedBy = [error ? ids('error') : '', hint ? ids('hint') : ''].filter(Boolean).join(' ');
  return (
    <div className={`field${className ? ` ${className}` : ''}${error ? ' has-error' : ''}`}>
      <label className={`field-label${required ? ' is-required' : ''}`} htmlFor={controlId}>
        {label}
      </label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {after}
      {hint && !error && (
        <p className="field-hint" id={ids('hint')}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={ids('error')} data-testid={errorTestId ?? `${name ?? 'field'}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A field's props: its control's own attributes, the field's label, hint and error, and the value as it changes. */
type ControlProps<A> = Omit<A, 'onChange'> &
  Pick<FieldProps, 'label' | 'error' | 'hint' | 'errorTestId' | 'described'> & {
    onChange: (value: string) => void;
  };

export type SelectFieldProps = ControlProps<SelectHTMLAttributes<HTMLSelectElement>>;

/** A labelled field of one control (input, textarea or select), with its class 'field-input' beside any of its own. */
function fieldOf<A extends { className?: string; children?: ReactNode; required?: boolean }>(tag: 'input' | 'textarea' | 'select') {
  return function ControlField({
    label,
    error,
    hint,
    errorTestId,
    described,
    onChange,
    id,
    name,
    className,
    ...rest
  }: ControlProps<A> & { id?: string; name?: string }) {
    return (
      <Field
        label={label}
        error={error}
        hint={hint}
        id={id}
        name={name}
        errorTestId={errorTestId}
        described={described}
        required={Boolean(rest.required)}
      >
        {(control) =>
          createElement(tag, {
            ...control,
            name,
            className: className ? `field-input ${className}` : 'field-input',
            onChange: (e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value),
            ...rest,
          })
        }
      </Field>
    );
  };
}

/** A labelled input with its error shown underneath. */
export const TextField = fieldOf<InputHTMLAttributes<HTMLInputElement>>('input');

/** A labelled multi-line text box with its error shown underneath. */
export const TextAreaField = fieldOf<TextareaHTMLAttributes<HTMLTextAreaElement>>('textarea');

/** A labelled choice (its options as children) with its error shown underneath. */
export const SelectField = fieldOf<SelectHTMLAttributes<HTMLSelectElement>>('select');

/**
 * A select of `choices`; with a `placeholder`, first that (the empty value): what a required choice from a
 * list is, or a filter's 'all'.
 */
export function ChoiceField({
  placeholder,
  choices,
  ...select
}: Omit<SelectFieldProps, 'children'> & { placeholder?: string; choices: readonly { value: string; label: string }[] }) {
  return (
    <SelectField {...select}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {choices.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      ))}
    </SelectField>
  );
}
