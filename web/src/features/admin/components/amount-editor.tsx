import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { parseDollars } from '@/features/admin/utils/format';

export interface AmountEditorProps {
  /** The field's label, e.g. 'Feedback price (USD)'. */
  label: string;
  initial: string;
  /** Ask for a reason as well (a balance edit is a ledger adjustment and records why). */
  withReason?: boolean;
  saving: boolean;
  onSave: (amount: number, reason: string) => void;
  onCancel: () => void;
  testId: string;
}

/** A dollar amount (min 0, step 0.01) with Save ('...' while saving) and Cancel; Escape cancels too. */
export function AmountEditor({ label, initial, withReason = false, saving, onSave, onCancel, testId }: AmountEditorProps) {
  const id = useId();
  const [value, setValue] = useState(initial);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const amount = parseDollars(value);
    const next = {
      amount: amount === null ? 'Enter an amount of $0.00 or more' : undefined,
      reason: withReason && !reason.trim() ? 'Reason is required' : undefined,
    };
    setErrors(next);
    if (amount === null || next.reason) return;
    onSave(amount, reason.trim());
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && !saving) {
      e.preventDefault();
      onCancel();
    }
  };

  return (
    // Checked here, not by the browser, so that the messages read the same everywhere.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape cancels the editor from any of its fields.
    <form className="admin-editor" onSubmit={submit} onKeyDown={onKeyDown} noValidate data-testid={testId}>
      <div className="admin-editor-fields">
        <TextField
          id={`${id}-amount`}
          name={`${testId}-amount`}
          label={label}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          value={value}
          onChange={(v) => {
            setValue(v);
            setErrors((e) => ({ ...e, amount: undefined }));
          }}
          error={errors.amount}
          autoFocus
        />
        {withReason && (
          <TextField
            id={`${id}-reason`}
            name={`${testId}-reason`}
            label="Reason"
            value={reason}
            maxLength={300}
            required
            placeholder="Why the balance changes"
            onChange={(v) => {
              setReason(v);
              setErrors((e) => ({ ...e, reason: undefined }));
            }}
            error={errors.reason}
          />
        )}
      </div>
      <div className="admin-editor-actions">
        <Button type="submit" busy={saving} busyText="..." className="btn-sm">
          Save
        </Button>
        <Button variant="secondary" className="btn-sm" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
