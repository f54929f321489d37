import { CONTEXT_CHOICES } from '@shared/feedback';
import { ChoiceField } from '@/components/text-field';

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
    <ChoiceField
      label="Context"
      id={id}
      value={value}
      onChange={onChange}
      error={error}
      hint={choice?.description}
      errorTestId="share-context-error"
      described={false}
      required
      data-testid="share-context"
      placeholder="Where is the track at?"
      choices={CONTEXT_CHOICES}
    />
  );
}
