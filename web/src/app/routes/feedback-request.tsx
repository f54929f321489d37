import '@/styles/app.css';
import { Link, useParams } from 'react-router-dom';
import { paths } from '@shared/paths';
import { LoadingScreen } from '@/components/loading-screen';
import { PageHeader } from '@/components/page-header';
import { QueryStates } from '@/components/query-states';
import { useShareDetail } from '@/features/feedback/api/shares';
import { ShareItem } from '@/features/feedback/components/share-item';
import { PaymentStepSlot } from '@/features/feedback/hooks/payment-step-slot';
import type { Viewer } from '@/features/feedback/utils/share';
import { ApiError } from '@/lib/api-client';
import { useMe } from '@/lib/auth';
import { AccessDenied } from '../gate';
import { PaymentStepOnDemand } from './payment-step-on-demand';

/**
 * A request's own page (`/feedback/{shareId}`), where its e-mails and the Feedback Hub's rows lead: the
 * request opened, for its two participants. Anyone else (the API answers 403 or 404) gets 'Access Denied'
 * and then the dashboard, never its content. Reloading or coming back keeps the place: it is the address.
 */
export function FeedbackRequestRoute() {
  const { shareId = '' } = useParams();
  const { data: me } = useMe();
  const detail = useShareDetail(shareId);
  if (!me) return <LoadingScreen />;
  const refused = detail.error instanceof ApiError && (detail.error.status === 403 || detail.error.status === 404);
  if (refused) return <AccessDenied to={paths.dashboard} />;
  const viewer: Viewer = { id: me.id, type: me.type };
  return (
    <PaymentStepSlot.Provider value={PaymentStepOnDemand}>
      <div className="page" data-testid="feedback-request">
        <PageHeader
          title="Feedback request"
          subtitle={
            <Link to={paths.dashboard} className="link-button">
              Back to the dashboard
            </Link>
          }
        />
        <QueryStates query={detail} failed="Failed to load this request. Please try again.">
          {(data) => (
            <ul className="share-list">
              <ShareItem share={data.share} viewer={viewer} defaultOpen linked={false} />
            </ul>
          )}
        </QueryStates>
      </div>
    </PaymentStepSlot.Provider>
  );
}
