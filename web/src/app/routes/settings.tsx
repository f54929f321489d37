import '@/styles/app.css';
import { PageHeader } from '@/components/page-header';
import { BillingSection } from '@/features/billing/components/billing-section';
import { PaymentsPanel } from '@/features/billing/components/payments-panel';

export { ReceiptPage as ReceiptRoute } from '@/features/billing/components/receipt-page';

/** The user's settings: their plan and billing, and what they paid for feedback. */
export function SettingsRoute() {
  return (
    <div className="page" data-testid="page-settings">
      <PageHeader title="Settings" subtitle="Your plan and billing, and your payments for feedback." />
      <BillingSection />
      <PaymentsPanel />
    </div>
  );
}
