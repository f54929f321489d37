import { Link, useNavigate } from 'react-router-dom';
import type { PoolOfferView } from '@shared/schemas/pool';
import { feedbackPath, paths } from '@shared/paths';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Panel } from '@/components/panel';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errors';
import { formatCents } from '@/lib/money';
import { usePoolOffers, useClaimPoolRequest } from '@/features/pool/api/pool';
import '@/features/pool/pool.css';

const WHEN = new Intl.DateTimeFormat('en-US', { weekday: 'short', hour: 'numeric', minute: '2-digit' });

export const REQUESTS_FOR_YOU = 'Requests for you';
export const NO_REQUESTS = 'No Snip Pro requests for you right now. New ones in your genres show here.';

/** Why a claim was refused, in the pro's terms. */
function refusal(err: unknown): string {
  if (err instanceof ApiError && err.code === 'pool_taken') return 'Another pro took this request first.';
  return errorMessage(err, 'The request could not be taken. Please try again.');
}

function Offer({ offer }: { offer: PoolOfferView }) {
  const claim = useClaimPoolRequest();
  const navigate = useNavigate();
  // Taken (now, or already in another tab): on to the request, to accept it and start.
  const take = () => claim.mutate(offer.orderId, { onSuccess: ({ shareId }) => navigate(feedbackPath(shareId)) });
  return (
    <li className="pool-offer" data-testid="pool-offer">
      <div className="pool-offer-text">
        <span className="pool-offer-title">{offer.trackTitle}</span>
        <span className="muted small">
          {offer.genre} · from {offer.payerName}
          {offer.focusAreas.length > 0 && ` · focus: ${offer.focusAreas.join(', ')}`}
        </span>
        <span className="small">
          You earn <strong>{formatCents(offer.earningCents)}</strong> · open until {WHEN.format(new Date(offer.claimUntil))}
        </span>
      </div>
      <Button
        onClick={take}
        busy={claim.isPending}
        busyText="Taking..."
        disabled={claim.isError || claim.isSuccess}
        aria-label={`Take the request for "${offer.trackTitle}"`}
        data-testid="pool-offer-take"
      >
        Take it
      </Button>
      {claim.isError && (
        <Alert tone="info" testId="pool-offer-refused">
          {refusal(claim.error)}
        </Alert>
      )}
    </li>
  );
}

/**
 * 'Requests for you': the Snip Pro requests offered to the pro by now, the soonest to close first, each to
 * take with one click; the first pro to take one reviews it. A pro who takes no pool work is told where to
 * start.
 */
export function RequestsForYou({ takesPoolWork }: { takesPoolWork: boolean }) {
  const offers = usePoolOffers(takesPoolWork);
  return (
    <Panel title={REQUESTS_FOR_YOU} testId="requests-for-you">
      {!takesPoolWork ? (
        <p className="muted small" data-testid="pool-opt-in-hint">
          Musicians can ask Snip to find their reviewer. To be offered their requests in your genres, turn on Snip Pro requests on{' '}
          <Link to={paths.profile}>your profile</Link>.
        </p>
      ) : offers.isError ? (
        <Alert tone="error">{errorMessage(offers.error, 'Failed to load your requests.')}</Alert>
      ) : !offers.data ? (
        <p className="muted small" role="status">
          Loading...
        </p>
      ) : offers.data.length === 0 ? (
        <p className="muted small" data-testid="pool-offers-empty">
          {NO_REQUESTS}
        </p>
      ) : (
        <ul className="pool-offers">
          {offers.data.map((o) => (
            <Offer key={o.orderId} offer={o} />
          ))}
        </ul>
      )}
    </Panel>
  );
}
