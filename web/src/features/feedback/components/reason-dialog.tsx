import { useState, type ComponentProps } from 'react';
import { ConfirmDialog } from '@/components/dialog';
import { ChoiceField, TextAreaField } from '@/components/text-field';

type ConfirmProps = ComponentProps<typeof ConfirmDialog>;

/**
 * A confirmation that asks why, as a decline and a report both do: a reason from a fixed list, required,
 * and an optional word. What was chosen stays while the dialog is closed and opened again.
 */
export function ReasonDialog<R extends string>({
  reasons,
  reasonLabel,
  textLabel,
  textRows,
  textMaxLength,
  testIdPrefix,
  onSubmit,
  ...dialog
}: Omit<ConfirmProps, 'onConfirm' | 'children' | 'testId'> & {
  reasons: readonly { value: R; label: string }[];
  reasonLabel: string;
  textLabel: string;
  textRows: number;
  textMaxLength: number;
  /** Names the dialog's test ids: `<prefix>-dialog`, `-reason`, `-reason-error` and `-text`. */
  testIdPrefix: string;
  /** Called with a chosen reason and the word, trimmed. */
  onSubmit: (reason: R, text: string) => void;
}) {
  const [reason, setReason] = useState<R | ''>('');
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const confirm = () => (reason ? onSubmit(reason, text.trim()) : setMissing(true));
  return (
    <ConfirmDialog {...dialog} onConfirm={confirm} testId={`${testIdPrefix}-dialog`}>
      <ChoiceField
        label={reasonLabel}
        value={reason}
        onChange={(v) => {
          setReason(v as R | '');
          setMissing(false);
        }}
        error={missing ? 'Choose a reason' : undefined}
        errorTestId={`${testIdPrefix}-reason-error`}
        data-testid={`${testIdPrefix}-reason`}
        placeholder="Choose a reason"
        choices={reasons}
      />
      <TextAreaField
        label={textLabel}
        rows={textRows}
        maxLength={textMaxLength}
        value={text}
        onChange={setText}
        data-testid={`${testIdPrefix}-text`}
      />
    </ConfirmDialog>
  );
}
