import type { AdminUserView } from '@shared/schemas/admin';
import type { UserEdits } from '@/features/admin/hooks/use-user-edits';
import { dollarsOf } from '@/features/admin/utils/format';
import { AmountEditor } from './amount-editor';

/** The pro's price or balance editor that is open, if one is. */
export function UserAmountEditor({ user, edits }: { user: AdminUserView; edits: UserEdits }) {
  if (edits.editing === 'price')
    return (
      <AmountEditor
        key="price"
        label="Feedback price (USD)"
        initial={dollarsOf(user.feedbackPriceCents)}
        saving={edits.pricePending}
        onSave={(amount) => edits.savePrice(amount)}
        onCancel={edits.close}
        testId="price-editor"
      />
    );
  if (edits.editing === 'balance')
    return (
      <AmountEditor
        key="balance"
        label="Balance (USD)"
        initial={dollarsOf(user.balanceCents)}
        withReason
        saving={edits.balancePending}
        onSave={edits.saveBalance}
        onCancel={edits.close}
        testId="balance-editor"
      />
    );
  return null;
}
