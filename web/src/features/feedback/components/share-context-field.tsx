import { CONTEXT_CHOICES } from '@shared/feedback';

/** Where the track is at (required), with what the chosen stage means under it. */
export function ShareContextField({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: string;
  error?: string;
  onChange: (context: string) => void;
}) {
  const choice = CONTEXT_CHOICES.find((c) => c.value === value);
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label className="field-label" htmlFor={id}>
        Context
      </label>
      <select
        id={id}
        className="field-input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        required
        data-testid="share-context"
      >
        <option value="">Where is the track at?</option>
        {CONTEXT_CHOICES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
      {choice && !error && <p className="field-hint">{choice.description}</p>}
      {error && (
        <p className="field-error" data-testid="share-context-error">
          {error}
        </p>
      )}
    </div>
  );
}
