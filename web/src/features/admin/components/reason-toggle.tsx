import { useState } from 'react';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/dialog';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/errors';

/** What a mutation the toggle runs tells it. */
interface Saving {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  reset: () => void;
}

/**
 * An admin's yes or no about one user, asked in a dialog with the reason (told to the user where it says so,
 * and audited): a button, then the dialog; `onConfirm` saves, calling `done` once saved.
 */
export function ReasonToggle(props: {
  /** Ties the reason field to the user. */
  id: string;
  describedBy: string;
  button: string;
  buttonTestId: string;
  title: string;
  description: string;
  confirm: string;
  tone: 'danger' | 'primary';
  /** The reason field's label, when this way asks for one. */
  reasonLabel?: string;
  reasonTestId: string;
  /** What the reason field holds when the dialog opens (the applicant's credits, say). */
  initialReason?: string;
  /** The button is off (a decision already being sent). */
  disabled?: boolean;
  saving: Saving;
  onConfirm: (reason: string, done: () => void) => void;
  testId: string;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState(props.initialReason ?? '');
  const close = () => {
    setOpen(false);
    setReason(props.initialReason ?? '');
    props.saving.reset();
  };
  return (
    <>
      <Button
        variant="secondary"
        className="btn-sm"
        aria-describedby={props.describedBy}
        onClick={() => setOpen(true)}
        disabled={props.disabled}
        data-testid={props.buttonTestId}
      >
        {props.button}
      </Button>
      <ConfirmDialog
        open={open}
        title={props.title}
        description={props.description}
        confirmLabel={props.confirm}
        busy={props.saving.isPending}
        busyLabel="Saving..."
        tone={props.tone}
        error={props.saving.isError ? errorMessage(props.saving.error, 'Failed to save. Please try again.') : null}
        onConfirm={() => props.onConfirm(reason.trim(), close)}
        onCancel={close}
        testId={props.testId}
      >
        {props.reasonLabel && (
          <TextField
            id={`${props.reasonTestId}-${props.id}`}
            name={props.reasonTestId}
            label={props.reasonLabel}
            value={reason}
            onChange={setReason}
            data-testid={props.reasonTestId}
          />
        )}
      </ConfirmDialog>
    </>
  );
}
