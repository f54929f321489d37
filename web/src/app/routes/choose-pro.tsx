import '@/styles/app.css';
import { useState, type ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { UserCard } from '@shared/schemas/directory';
import { LoadingScreen } from '@/components/loading-screen';
import { PageHeader } from '@/components/page-header';
import { PaymentCancelled, PaymentSuccess } from '@/features/payments/components/payment-result';
import { usePros } from '@/features/pros/api/pros';
import { ChooseProGrid } from '@/features/pros/components/choose-pro-grid';
import { ShareDialogOnDemand } from './share-dialog-on-demand';

/** The pros grid; choosing one opens the share dialog with that pro, for one of the user's tracks. */
function ChoosePro({ fullScreenLoading, headingLevel }: { fullScreenLoading: boolean; headingLevel: 2 | 3 }) {
  const [pro, setPro] = useState<UserCard | null>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <ChooseProGrid
        fullScreenLoading={fullScreenLoading}
        headingLevel={headingLevel}
        onChoose={(user) => {
          setPro(user);
          setOpen(true);
        }}
      />
      <ShareDialogOnDemand open={open} onClose={() => setOpen(false)} initialUser={pro} />
    </>
  );
}

export function ChooseProRoute() {
  // The whole page waits for the pros: a full-screen 'Loading...'.
  const pros = usePros();
  if (pros.isPending) return <LoadingScreen />;
  return (
    <div className="page" data-testid="page-choose-pro">
      <PageHeader title="Choose Your Pro" subtitle="Pick the pro you want feedback from." />
      <ChoosePro fullScreenLoading headingLevel={2} />
    </div>
  );
}

/** Choose Your Pro shown again after a payment returns (spec: on feedback success and cancel). */
function ChooseProSection() {
  return (
    <section className="choose-pro-section" aria-labelledby="choose-pro-title">
      <div className="section-head">
        <h2 id="choose-pro-title" className="panel-title">
          Choose Your Pro
        </h2>
        <p className="muted">Pick the pro you want feedback from next.</p>
      </div>
      <ChoosePro fullScreenLoading={false} headingLevel={3} />
    </section>
  );
}

/** A page PayPal returns to (?token={order id}): what came of the payment, then Choose Your Pro again. */
function PaymentReturn({ testId, outcome: Outcome }: { testId: string; outcome: ComponentType<{ orderId: string | null }> }) {
  const [params] = useSearchParams();
  return (
    <div className="page" data-testid={testId}>
      <Outcome orderId={params.get('token') || null} />
      <ChooseProSection />
    </div>
  );
}

/** Where PayPal returns after approval: the payment is confirmed here. */
export const FeedbackSuccessRoute = () => <PaymentReturn testId="page-feedback-success" outcome={PaymentSuccess} />;

export const FeedbackCancelRoute = () => <PaymentReturn testId="page-feedback-cancel" outcome={PaymentCancelled} />;
