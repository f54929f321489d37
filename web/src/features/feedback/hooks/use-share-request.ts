import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import type { UserCard } from '@shared/schemas/directory';
import type { ShareView } from '@shared/schemas/shares';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errors';
import { feedbackPrice } from '@/lib/money';
import { useCreateShare } from '@/features/feedback/api/share-actions';
import {
  checkShareDetails,
  displayName,
  emptyDetails,
  shareOptionsOf,
  type ShareableTrack,
  type ShareDetailErrors,
  type ShareDetails,
} from '@/features/feedback/utils/share-details';
import { findRequestDraft, forgetRequestDraft, keepRequestDraft } from '@/features/feedback/utils/request-draft';

type Step = 'details' | 'payment';

/** Said on the details step when it opens with what was written before a payment that did not go through. */
export const DRAFT_RESTORED = 'Your request is as you left it before paying.';

/**
 * The request the share dialog makes, step by step: the details (filled in afresh each time the dialog
 * opens), then payment when the chosen pro has a price, or the free request sent at once. The pro's price
 * may change meanwhile: the server's answer moves the request to payment, or back from it, and `notice`
 * says why on the step it lands on. What was written is not lost to a stray close: `requestClose` asks first;
 * nor to a payment cancelled or declined in PayPal: kept on the way to it, it fills the form again.
 */
export function useShareRequest({
  open,
  onClose,
  tracks,
  initialUser,
  initialTrackId,
  onShared,
}: {
  open: boolean;
  onClose: () => void;
  tracks: ShareableTrack[];
  initialUser: UserCard | null;
  initialTrackId: string | null;
  onShared?: (share: ShareView) => void;
}) {
  const create = useCreateShare();
  const [details, setDetails] = useState<ShareDetails>(() => emptyDetails(initialUser, initialTrackId ?? ''));
  const [errors, setErrors] = useState<ShareDetailErrors>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [step, setStep] = useState<Step>('details');
  /** Why the step changed on its own (the pro's price changed meanwhile): the server's words. */
  const [notice, setNotice] = useState<{ step: Step; text: string } | null>(null);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const cameBack = useRef(false);
  const { reset } = create;

  // Before the browser paints: a dialog opened for another pro never shows, even for a frame, the last one's details.
  useLayoutEffect(() => {
    if (!open) return;
    const draft = findRequestDraft({ userId: initialUser?.id, trackId: initialTrackId });
    // The pro as found now (their price may have changed since the draft).
    if (draft) setDetails({ ...draft, user: initialUser ?? draft.user });
    else setDetails(emptyDetails(initialUser, initialTrackId ?? (tracks.length === 1 ? tracks[0].id : '')));
    setErrors({});
    setSentTo(null);
    setStep('details');
    setNotice(draft ? { step: 'details', text: DRAFT_RESTORED } : null);
    setConfirmingDiscard(false);
    reset();
    // Only when the modal opens (or is opened for another pro or track): not when the track list refreshes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, initialUser, initialTrackId, reset]);

  // What the musician wrote is not thrown away by a stray Esc or click outside: closing asks first.
  const written = !sentTo && Boolean(details.feedbackNotes.trim() || details.referenceTrack.trim());
  const requestClose = () => (written ? setConfirmingDiscard(true) : onClose());

  // Back from payment, the focus returns to the button that led there.
  useEffect(() => {
    if (step !== 'details' || !cameBack.current) return;
    cameBack.current = false;
    formRef.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  }, [step]);

  const set = <K extends keyof ShareDetails>(key: K, value: ShareDetails[K]) => {
    setDetails((d) => ({ ...d, [key]: value }));
    setErrors((e) => (key in e ? { ...e, [key]: undefined } : e));
  };

  /** The chosen pro's price as the server now states it (null: free). */
  const setPrice = (feedbackPriceCents: number | null) =>
    setDetails((d) => (d.user ? { ...d, user: { ...d.user, feedbackPriceCents } } : d));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (create.isPending) return;
    const problems = checkShareDetails(details);
    setErrors(problems);
    if (Object.values(problems).some(Boolean) || !details.user) return;
    const user = details.user;
    setNotice(null);
    if (feedbackPrice(user.feedbackPriceCents)) {
      keepRequestDraft(details);
      setStep('payment');
      return;
    }
    create.mutate(
      { sharedWithId: user.id, trackId: details.trackId, shareOptions: shareOptionsOf(details, user) },
      {
        onSuccess: (share) => {
          forgetRequestDraft(details.trackId, user.id);
          setSentTo(displayName(user));
          onShared?.(share);
        },
        onError: (err) => {
          // The pro started charging since they were found: on to payment at their price.
          const cents = err instanceof ApiError && err.code === 'payment_required' ? err.details.feedbackPriceCents : null;
          if (typeof cents !== 'number' || cents <= 0) return;
          reset();
          keepRequestDraft({ ...details, user: { ...user, feedbackPriceCents: cents } });
          setPrice(cents);
          setNotice({ step: 'payment', text: err.message });
          setStep('payment');
        },
      },
    );
  };

  /** Back from payment to the details. */
  const backToDetails = () => {
    cameBack.current = true;
    setNotice(null);
    setStep('details');
  };

  /** The pro no longer charges: back to the details, saying so, to send the request without paying. */
  const becameFree = (text: string) => {
    setPrice(null);
    setNotice({ step: 'details', text });
    setStep('details');
  };

  const price = feedbackPrice(details.user?.feedbackPriceCents);
  return {
    details,
    errors,
    /** Who the request was sent to, once it was. */
    sentTo,
    /** The pro being paid, on the payment step. */
    paying: step === 'payment' && details.user && price ? details.user : null,
    price,
    notice,
    failure: create.isError ? errorMessage(create.error, 'Failed to send the request') : null,
    sending: create.isPending,
    confirmingDiscard,
    formRef,
    set,
    setPrice,
    submit,
    requestClose,
    backToDetails,
    becameFree,
    keepEditing: () => setConfirmingDiscard(false),
    discard: () => {
      if (details.user) forgetRequestDraft(details.trackId, details.user.id);
      setConfirmingDiscard(false);
      onClose();
    },
  };
}
