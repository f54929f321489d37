import { useState, type FormEvent } from 'react';
import { TextAreaField } from '@/components/text-field';
import { REASON_MIN, REASON_REQUIRED } from '@/features/admin/utils/format';
import { AdminEditor } from './admin-editor';

/** Declining an application: the reason the applicant is e-mailed, checked before it is sent. */
export function ApplicationDeclineForm({
  name,
  busy,
  saving,
  decided,
  onDecline,
  onCancel,
}: {
  name: string;
  /** A decision is being sent or was made: nothing more is sent, and Cancel is off. */
  busy: boolean;
  saving: boolean;
  decided: boolean;
  onDecline: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const text = reason.trim();
    if (text.length < REASON_MIN) {
      setReasonError(REASON_REQUIRED);
      (e.currentTarget as HTMLFormElement).querySelector('textarea')?.focus();
      return;
    }
    onDecline(text);
  };

  return (
    <AdminEditor
      className="admin-editor admin-decline"
      label={`Decline ${name}`}
      testId="decline-form"
      onSubmit={submit}
      onCancel={onCancel}
      saving={saving}
      cancelDisabled={busy}
      submitLabel="Decline"
      submitVariant="danger"
      submitDisabled={decided}
    >
      <div className="admin-decline-field">
        <TextAreaField
          name="decline-reason"
          label="Reason for declining"
          hint="The applicant receives it by e-mail."
          value={reason}
          rows={3}
          maxLength={1000}
          required
          autoFocus
          onChange={(v) => {
            setReason(v);
            setReasonError(undefined);
          }}
          error={reasonError}
        />
      </div>
    </AdminEditor>
  );
}
