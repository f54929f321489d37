import { Suspense, useContext, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ShareView } from '@shared/schemas/shares';
import { versionedTitle } from '@shared/track-version';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { LoadingRow } from '@/components/query-states';
import { SelectField, TextAreaField } from '@/components/text-field';
import { api, ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errors';
import { formatCents } from '@shared/money';
import { useCreateShare } from '@/features/feedback/api/share-actions';
import { PaymentStepSlot } from '@/features/feedback/hooks/payment-step-slot';
import { ShareSent } from './share-sent';
import '@/styles/forms.css';

/** 'Request re-check' on a completed review: the same reviewer checks a later version against it. */
export function RequestRecheck({ share }: { share: ShareView }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} data-testid="recheck-open">
        Request re-check
      </Button>
      {open && <RecheckDialog share={share} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * The re-check request: which later version (the newest by default), what changed, then for a pro who
 * charges, the payment step at their re-check price; a free one is sent at once.
 */
function RecheckDialog({ share, onClose }: { share: ShareView; onClose: () => void }) {
  const PaymentStep = useContext(PaymentStepSlot);
  // Asked of the track itself (v1), which lists its versions in one read.
  const stackId = share.trackStackId ?? share.trackId;
  const versions = useQuery({
    queryKey: ['track-versions', stackId],
    queryFn: () => api('listTrackVersions', { trackId: stackId }),
  });
  // Its price before the button, by the rule the request is held to (the payment step follows a paid one).
  const quote = useQuery({
    queryKey: ['recheck-quote', share.id],
    queryFn: () => api('getRecheckQuote', { id: share.id }),
  });
  const all = versions.data?.versions ?? [];
  const reviewed = all.find((v) => v.id === share.trackId);
  const later = all.filter((v) => reviewed && v.version > reviewed.version && v.status === 'ready').reverse();
  const [picked, setPicked] = useState('');
  const trackId = picked || later[0]?.id || '';
  const [notes, setNotes] = useState('');
  const [notesError, setNotesError] = useState<string | undefined>();
  const [price, setPrice] = useState<number | null>(null);
  const [sent, setSent] = useState(false);
  const create = useCreateShare();
  const reviewer = share.sharedWithName;
  const shareOptions = { ...share.shareOptions, feedbackNotes: notes.trim() };
  const request = { sharedWithId: share.sharedWithUserId, trackId, shareOptions, recheckOf: share.id };

  const send = () =>
    create.mutate(request, {
      onSuccess: () => setSent(true),
      onError: (err) => {
        const cents = err instanceof ApiError && err.code === 'payment_required' ? err.details.feedbackPriceCents : null;
        if (typeof cents === 'number') setPrice(cents);
      },
    });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!notes.trim()) return setNotesError('Say what you changed, so the check starts there');
    if (trackId) send();
  };
  const refused = create.error instanceof ApiError && create.error.code === 'payment_required' ? null : create.error;
  const chosen = later.find((v) => v.id === trackId);

  return (
    <Dialog open title="Request a re-check" onClose={onClose} dismissible={!create.isPending} testId="recheck-dialog">
      {sent ? (
        <ShareSent to={reviewer} onDone={onClose} />
      ) : price !== null ? (
        PaymentStep ? (
          <Suspense fallback={<LoadingRow text="Loading the payment..." />}>
            <PaymentStep
              proName={reviewer}
              trackTitle={chosen ? versionedTitle(chosen) : share.trackTitle}
              request={{ proUserId: share.sharedWithUserId, trackId, shareOptions, feedbackPriceCents: price, recheckOf: share.id }}
              onBack={() => setPrice(null)}
              onPriceChanged={setPrice}
              onFree={() => {
                setPrice(null);
                send();
              }}
            />
          </Suspense>
        ) : (
          <Alert tone="error">{`${reviewer} charges ${formatCents(price)} for a re-check: pay for it from your dashboard.`}</Alert>
        )
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          <p className="muted small">
            {reviewer} listens to the new version and checks each point of their review: fixed, not fixed or not applicable. You see how
            many were fixed, and both reviews side by side.
          </p>
          {quote.data && (
            <p className="small" data-testid="recheck-price">
              {quote.data.feedbackPriceCents > 0
                ? `A re-check by ${reviewer} costs ${formatCents(quote.data.feedbackPriceCents)}, paid on the next step.`
                : `A re-check by ${reviewer} is free.`}
            </p>
          )}
          {versions.isPending ? (
            <LoadingRow text="Loading the versions..." />
          ) : versions.isError ? (
            <Alert tone="error">{errorMessage(versions.error, 'Failed to load the versions of this track')}</Alert>
          ) : later.length === 0 ? (
            <p className="muted" data-testid="recheck-no-version">
              There is no later version of this track yet. Upload one with 'New version' on the track, then ask for a re-check.
            </p>
          ) : (
            <>
              <SelectField label="Version to check" value={trackId} onChange={setPicked} data-testid="recheck-version">
                {later.map((v) => (
                  <option key={v.id} value={v.id}>
                    {versionedTitle(v)}
                  </option>
                ))}
              </SelectField>
              <TextAreaField
                label="What did you change?"
                rows={3}
                maxLength={2000}
                value={notes}
                error={notesError}
                required
                onChange={(v) => {
                  setNotes(v);
                  setNotesError(undefined);
                }}
                placeholder="Lowered the vocal in the chorus, tamed the hi-hats..."
                data-testid="recheck-notes"
              />
            </>
          )}
          {refused && <Alert tone="error">{errorMessage(refused, 'The re-check could not be requested')}</Alert>}
          <div className="dialog-actions">
            <Button variant="ghost" onClick={onClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" busy={create.isPending} busyText="Requesting..." disabled={!trackId} data-testid="recheck-submit">
              Request re-check
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
