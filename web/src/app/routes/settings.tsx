import '@/styles/app.css';
import { PageHeader } from '@/components/page-header';
import { BillingSection } from '@/features/billing/components/billing-section';

/** The user's settings: for now their plan and billing. */
export function SettingsRoute() {
  return (
    <div className="page" data-testid="page-settings">
      <PageHeader title="Settings" subtitle="Your plan and billing." />
      <BillingSection />
    </div>
  );
}
