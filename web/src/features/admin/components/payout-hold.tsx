import { useState } from 'react';
import type { AdminUserView } from '@shared/schemas/admin';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/dialog';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/errors';
import { useHoldPayouts } from '@/features/admin/api/admin';

/** An admin holds a pro's payouts (the reason is told to the pro and audited), or releases them. */
export function PayoutHold({ user, describedBy }: { user: AdminUserView; describedBy: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const hold = useHoldPayouts();
  const holding = !user.payoutsHeld;
  const close = () => {
    setOpen(false);
    setReason('');
    hold.reset();
  };
  return (
    <>
      <Button
        variant="secondary"
        className="btn-sm"
        aria-describedby={describedBy}
        onClick={() => setOpen(true)}
        data-testid={holding ? 'hold-payouts' : 'release-payouts'}
      >
        {holding ? 'Hold Payouts' : 'Release Payouts'}
      </Button>
      <ConfirmDialog
        open={open}
        title={holding ? `Hold ${user.fullName}'s payouts?` : `Release ${user.fullName}'s payouts?`}
        description={
          holding
            ? 'They keep earning, but cannot withdraw until you release them. They see your reason.'
            : `Held: ${user.payoutsHeld?.reason}. They may withdraw again.`
        }
        confirmLabel={holding ? 'Hold payouts' : 'Release payouts'}
        busy={hold.isPending}
        busyLabel="Saving..."
        tone={holding ? 'danger' : 'primary'}
        error={hold.isError ? errorMessage(hold.error, 'Failed to save. Please try again.') : null}
        onConfirm={() => hold.mutate({ id: user.id, held: holding, reason: reason.trim() }, { onSuccess: close })}
        onCancel={close}
        testId="payout-hold-dialog"
      >
        {holding && (
          <TextField
            id={`hold-reason-${user.id}`}
            name="hold-reason"
            label="Reason"
            value={reason}
            onChange={setReason}
            data-testid="hold-reason"
          />
        )}
      </ConfirmDialog>
    </>
  );
}
