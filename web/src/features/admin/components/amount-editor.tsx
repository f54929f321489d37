import { useId, useState, type FormEvent } from 'react';
import { TextField } from '@/components/text-field';
import { parseDollars } from '@/features/admin/utils/format';
import { AdminEditor } from './admin-editor';

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

  return (
    <AdminEditor onSubmit={submit} onCancel={onCancel} saving={saving} testId={testId}>
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
    </AdminEditor>
  );
}
