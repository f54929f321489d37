import '@/styles/app.css';
import { useState, type ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { UserCard } from '@shared/schemas/directory';
import { Button } from '@/components/button';
import { LoadingScreen } from '@/components/loading-screen';
import { PageHeader } from '@/components/page-header';
import { PaymentCancelled, PaymentSuccess } from '@/features/payments/components/payment-result';
import { usePros } from '@/features/pros/api/pros';
import { ChooseProGrid } from '@/features/pros/components/choose-pro-grid';
import { findRequestDraft, forgetRequestDraft } from '@/features/feedback/utils/request-draft';
import { SNIP_PRO } from '@/features/feedback/utils/share-details';
import { FEEDBACK_TIERS } from '@shared/constants';
import { formatPrice } from '@shared/money';
import { TIER_TERMS } from '@shared/tiers';
import { ShareDialogOnDemand } from './share-dialog-on-demand';

/**
 * The pros grid; choosing one opens the share dialog with that pro, for one of the user's tracks. With
 * `resumable`, a request left unpaid in this tab (its draft) can be opened again as it was written.
 */
function ChoosePro({
  fullScreenLoading,
  headingLevel,
  resumable = false,
}: {
  fullScreenLoading: boolean;
  headingLevel: 2 | 3;
  resumable?: boolean;
}) {
  const [pro, setPro] = useState<UserCard | null>(null);
  const [trackId, setTrackId] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [draft] = useState(() => (resumable ? findRequestDraft({}) : null));
  return (
    <>
      {draft?.user && (
        <p className="choose-pro-resume">
          <Button
            variant="secondary"
            onClick={() => {
              setPro(draft.user);
              setTrackId(draft.trackId);
              setOpen(true);
            }}
            data-testid="resume-request"
          >
            Back to your request
          </Button>
        </p>
      )}
      <section className="choose-pro-tiers" aria-label="What each tier buys">
        <ul className="choose-pro-tier-list">
          {FEEDBACK_TIERS.filter((t) => t.price > 0).map((t) => (
            <li key={t.key} className="choose-pro-tier" data-testid={`tier-${t.key}`}>
              <span className="choose-pro-tier-name">
                {t.label} · {formatPrice(t.price * 100)}
              </span>
              <span className="muted small">{TIER_TERMS[t.key]}</span>
              {t.key === 'pro' && (
                <Button
                  variant="secondary"
                  onClick={() => {
                    setPro(SNIP_PRO);
                    setTrackId(null);
                    setOpen(true);
                  }}
                  data-testid="ask-snip-pro"
                >
                  Let Snip choose
                </Button>
              )}
            </li>
          ))}
        </ul>
      </section>
      <ChooseProGrid
        fullScreenLoading={fullScreenLoading}
        headingLevel={headingLevel}
        onChoose={(user) => {
          setPro(user);
          setTrackId(null);
          setOpen(true);
        }}
      />
      <ShareDialogOnDemand open={open} onClose={() => setOpen(false)} initialUser={pro} initialTrackId={trackId} />
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
function ChooseProSection({ resumable }: { resumable: boolean }) {
  return (
    <section className="choose-pro-section" aria-labelledby="choose-pro-title">
      <div className="section-head">
        <h2 id="choose-pro-title" className="panel-title">
          Choose Your Pro
        </h2>
        <p className="muted">Pick the pro you want feedback from next.</p>
      </div>
      <ChoosePro fullScreenLoading={false} headingLevel={3} resumable={resumable} />
    </section>
  );
}

/** A page PayPal returns to (?token={order id}): what came of the payment, then Choose Your Pro again. */
function PaymentReturn({
  testId,
  outcome: Outcome,
  resumable = false,
}: {
  testId: string;
  outcome: ComponentType<{ orderId: string | null }>;
  resumable?: boolean;
}) {
  const [params] = useSearchParams();
  return (
    <div className="page" data-testid={testId}>
      <Outcome orderId={params.get('token') || null} />
      <ChooseProSection resumable={resumable} />
    </div>
  );
}

/** A captured payment sent its request: what was written for it is not offered again. */
const PaymentSent = ({ orderId }: { orderId: string | null }) => (
  <PaymentSuccess orderId={orderId} onSent={(p) => forgetRequestDraft(p.trackId, p.proUserId)} />
);

/**
 * Where PayPal returns after approval: the payment is confirmed here. A declined payment keeps the
 * request's draft: choosing the same pro, or the track's Get feedback, opens the form as it was written.
 */
export const FeedbackSuccessRoute = () => <PaymentReturn testId="page-feedback-success" outcome={PaymentSent} />;

/** Where PayPal's Cancel returns: the request just left can be opened again, as written. */
export const FeedbackCancelRoute = () => <PaymentReturn testId="page-feedback-cancel" outcome={PaymentCancelled} resumable />;
