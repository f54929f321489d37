import type { ComponentType, ReactNode } from 'react';
import type { ShareView } from '@shared/schemas/shares';
import type { UserCard } from '@shared/schemas/directory';
import { versionedTitle } from '@shared/track-version';
import { ConfirmDialog, Dialog } from '@/components/dialog';
import type { ApiInput } from '@/lib/api';
import { displayName, isSnipPro, shareOptionsOf, type ShareableTrack } from '@/features/feedback/utils/share-details';
import { ShareForm } from './share-form';
import { ShareSent } from './share-sent';
import { useShareRequest } from '@/features/feedback/hooks/use-share-request';
import '@/features/feedback/share-modal.css';

export { checkShareDetails, type ShareableTrack } from '@/features/feedback/utils/share-details';
export { SHARE_SENT } from './share-sent';

/**
 * The payment step between details and confirmation for a pro with a price. The app gives it (the
 * payments feature's), so that this feature does not import another.
 */
export interface PaymentStepProps {
  proName: string;
  trackTitle: string;
  /** The request with the price shown (feedbackPriceCents); for Snip Pro, with the genre it is matched by. */
  request: Omit<ApiInput<'createOrder'>, 'idempotencyKey'> & { genre?: string };
  /** A message to show on arrival (e.g. the pro started charging since the dialog opened). */
  notice?: string | null;
  onBack: () => void;
  onPriceChanged: (feedbackPriceCents: number) => void;
  /** The pro no longer charges: the request is sent without paying. */
  onFree: (message: string) => void;
}

/**
 * The share (request feedback) modal, in steps: details (who, from the user search; which track, from
 * the picker; feedback notes and context, required; a reference track, optional; the categories to
 * focus on and the track's purpose), then payment when the chosen pro has a price, then the
 * confirmation 'Feedback Request Sent!' (a paid request is confirmed on the payment's return page
 * instead). Submit stays disabled until a user is chosen.
 */
export function ShareModal({
  open,
  onClose,
  tracks,
  tracksLoading = false,
  moreTracks,
  initialUser = null,
  initialTrackId = null,
  onShared,
  paymentStep: PaymentStep,
}: {
  open: boolean;
  onClose: () => void;
  tracks: ShareableTrack[];
  tracksLoading?: boolean;
  /** Under the picker: the way to older tracks than those loaded (the app gives the track list's 'Load more'). */
  moreTracks?: ReactNode;
  initialUser?: UserCard | null;
  initialTrackId?: string | null;
  /** Called once the request is created (e.g. to reload the tracks, which are now shared). */
  onShared?: (share: ShareView) => void;
  /** The payment step for a pro with a price (the app gives the payments feature's). */
  paymentStep?: ComponentType<PaymentStepProps>;
}) {
  const request = useShareRequest({ open, onClose, tracks, initialUser, initialTrackId, onShared });
  const { details, sentTo, paying, notice } = request;

  return (
    <Dialog
      open={open}
      title="Request Feedback"
      description={sentTo || paying ? undefined : 'Share a track with a peer or a pro and tell them what to listen for.'}
      onClose={request.requestClose}
      dismissible={!request.sending}
      testId="share-modal"
    >
      {sentTo ? (
        <ShareSent to={sentTo} onDone={onClose} />
      ) : paying && PaymentStep ? (
        <PaymentStep
          proName={displayName(paying)}
          trackTitle={versionedTitle(tracks.find((t) => t.id === details.trackId) ?? { title: '' })}
          request={{
            proUserId: paying.id,
            trackId: details.trackId,
            shareOptions: shareOptionsOf(details, paying),
            feedbackPriceCents: paying.feedbackPriceCents!,
            ...(isSnipPro(paying) ? { genre: details.genre } : {}),
          }}
          notice={notice?.step === 'payment' ? notice.text : null}
          onBack={request.backToDetails}
          onPriceChanged={request.setPrice}
          onFree={request.becameFree}
        />
      ) : (
        <ShareForm
          formRef={request.formRef}
          details={details}
          errors={request.errors}
          price={request.price}
          notice={notice?.step === 'details' ? notice.text : null}
          failure={request.failure}
          sending={request.sending}
          tracks={tracks}
          tracksLoading={tracksLoading}
          moreTracks={moreTracks}
          onChange={request.set}
          onSubmit={request.submit}
          onCancel={request.requestClose}
        />
      )}
      <ConfirmDialog
        open={request.confirmingDiscard}
        title="Discard this request?"
        description="Your notes for this request will be lost."
        confirmLabel="Discard"
        cancelLabel="Keep editing"
        onConfirm={request.discard}
        onCancel={request.keepEditing}
        testId="discard-share-dialog"
      />
    </Dialog>
  );
}
