import type { AdminUserView } from '@shared/schemas/admin';
import { useHoldPayouts } from '@/features/admin/api/admin';
import { ReasonToggle } from './reason-toggle';

/** An admin holds a pro's payouts (the reason is told to the pro and audited), or releases them. */
export function PayoutHold({ user, describedBy }: { user: AdminUserView; describedBy: string }) {
  const hold = useHoldPayouts();
  const holding = !user.payoutsHeld;
  return (
    <ReasonToggle
      id={user.id}
      describedBy={describedBy}
      button={holding ? 'Hold Payouts' : 'Release Payouts'}
      buttonTestId={holding ? 'hold-payouts' : 'release-payouts'}
      title={holding ? `Hold ${user.fullName}'s payouts?` : `Release ${user.fullName}'s payouts?`}
      description={
        holding
          ? 'They keep earning, but cannot withdraw until you release them. They see your reason.'
          : `Held: ${user.payoutsHeld?.reason}. They may withdraw again.`
      }
      confirm={holding ? 'Hold payouts' : 'Release payouts'}
      tone={holding ? 'danger' : 'primary'}
      reasonLabel={holding ? 'Reason' : undefined}
      reasonTestId="hold-reason"
      saving={hold}
      onConfirm={(reason, done) => hold.mutate({ id: user.id, held: holding, reason }, { onSuccess: done })}
      testId="payout-hold-dialog"
    />
  );
}
