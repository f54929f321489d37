import type { AdminUserView } from '@shared/schemas/admin';
import { useSetWorldClass } from '@/features/admin/api/admin';
import { ReasonToggle } from './reason-toggle';

/**
 * An admin vets a pro as World-Class, the tier Snip vouches for (the reason, such as their credits, shows on
 * their profile; only then may they ask the World-Class price), or withdraws it; either way audited.
 */
export function WorldClassVetting({ user, describedBy }: { user: AdminUserView; describedBy: string }) {
  const vet = useSetWorldClass();
  const vetting = !user.worldClass;
  return (
    <ReasonToggle
      id={user.id}
      describedBy={describedBy}
      button={vetting ? 'Make World-Class' : 'Withdraw World-Class'}
      buttonTestId={vetting ? 'vet-world-class' : 'withdraw-world-class'}
      title={vetting ? `Vet ${user.fullName} as World-Class?` : `Withdraw ${user.fullName}'s World-Class vetting?`}
      description={
        vetting
          ? 'Snip vouches for them: they may ask the World-Class price, and your reason shows on their profile.'
          : `Vetted: ${user.worldClass?.reason}. They can no longer ask the World-Class price.`
      }
      confirm={vetting ? 'Make World-Class' : 'Withdraw'}
      tone={vetting ? 'primary' : 'danger'}
      reasonLabel={vetting ? 'Why (their credits, say)' : 'Why'}
      reasonTestId="world-class-reason"
      saving={vet}
      onConfirm={(reason, done) => vet.mutate({ id: user.id, vetted: vetting, reason }, { onSuccess: done })}
      testId="world-class-dialog"
    />
  );
}
