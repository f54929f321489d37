import { useEffect, useId, useRef, useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { CONTEXT_CHOICES, TRACK_PURPOSES, type FeedbackCategoryKey } from '@shared/feedback';
import type { ShareView } from '@shared/schemas/shares';
import type { UserCard } from '@shared/schemas/directory';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { ConfirmDialog, Dialog } from '@/components/dialog';
import { CheckIcon } from '@/components/icons';
import { TextAreaField, TextField } from '@/components/text-field';
import { ApiError, type ApiInput } from '@/lib/api';
import { errorMessage } from '@/lib/errors';
import { feedbackPrice } from '@/lib/money';
import { useCreateShare } from '@/features/feedback/api/shares';
import { CategoryToggles } from './category-toggles';
import { UserSearch } from './user-search';
import '@/features/feedback/share-modal.css';

export const SHARE_SENT = 'Feedback Request Sent!';

/**
 * The payment step between details and confirmation for a pro with a price. The app gives it (the
 * payments feature's), so that this feature does not import another.
 */
export interface PaymentStepProps {
  proName: string;
  trackTitle: string;
  /** The request with the price shown (feedbackPriceCents). */
  request: Omit<ApiInput<'createOrder'>, 'idempotencyKey'>;
  /** A message to show on arrival (e.g. the pro started charging since the dialog opened). */
  notice?: string | null;
  onBack: () => void;
  onPriceChanged: (feedbackPriceCents: number) => void;
  /** The pro no longer charges: the request is sent without paying. */
  onFree: (message: string) => void;
}

export interface ShareableTrack {
  id: string;
  title: string;
}

interface Details {
  user: UserCard | null;
  trackId: string;
  feedbackNotes: string;
  context: string;
  referenceTrack: string;
  categories: FeedbackCategoryKey[];
  trackPurpose: string;
}

type Errors = Partial<Record<'user' | 'trackId' | 'feedbackNotes' | 'context', string>>;

/** The checks of spec section 5: a user, a track, feedback notes and context are required. */
export function checkShareDetails(d: Pick<Details, 'user' | 'trackId' | 'feedbackNotes' | 'context'>): Errors {
  const errors: Errors = {};
  if (!d.user) errors.user = 'Choose who to share with';
  if (!d.trackId) errors.trackId = 'Choose a track';
  if (!d.feedbackNotes.trim()) errors.feedbackNotes = 'Feedback notes are required';
  if (!d.context) errors.context = 'Context is required';
  return errors;
}

const emptyDetails = (user: UserCard | null, trackId: string): Details => ({
  user,
  trackId,
  feedbackNotes: '',
  context: '',
  referenceTrack: '',
  categories: [],
  trackPurpose: '',
});

/** What the request asks of the reviewer, as both the free request and the paid order carry it. */
function shareOptionsOf(d: Details, user: UserCard): ApiInput<'createShare'>['shareOptions'] {
  const reference = d.referenceTrack.trim();
  return {
    feedbackNotes: d.feedbackNotes.trim(),
    context: d.context,
    ...(reference ? { referenceTrack: reference } : {}),
    ...(d.categories.length ? { categories: d.categories } : {}),
    ...(d.trackPurpose ? { trackPurpose: d.trackPurpose } : {}),
    peerUsername: user.username,
  };
}

const displayName = (u: UserCard) => u.fullName.trim() || u.username;

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
  const create = useCreateShare();
  const [details, setDetails] = useState<Details>(() => emptyDetails(initialUser, initialTrackId ?? ''));
  const [errors, setErrors] = useState<Errors>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [step, setStep] = useState<'details' | 'payment'>('details');
  /** Why the step changed on its own (the pro's price changed meanwhile): the server's words. */
  const [notice, setNotice] = useState<{ step: 'details' | 'payment'; text: string } | null>(null);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const cameBack = useRef(false);
  const id = useId();
  const { reset } = create;

  useEffect(() => {
    if (!open) return;
    setDetails(emptyDetails(initialUser, initialTrackId ?? (tracks.length === 1 ? tracks[0].id : '')));
    setErrors({});
    setSentTo(null);
    setStep('details');
    setNotice(null);
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

  const set = <K extends keyof Details>(key: K, value: Details[K]) => {
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
      setStep('payment');
      return;
    }
    create.mutate(
      { sharedWithId: user.id, trackId: details.trackId, shareOptions: shareOptionsOf(details, user) },
      {
        onSuccess: (share) => {
          setSentTo(displayName(user));
          onShared?.(share);
        },
        onError: (err) => {
          // The pro started charging since they were found: on to payment at their price.
          const cents = err instanceof ApiError && err.code === 'payment_required' ? err.details.feedbackPriceCents : null;
          if (typeof cents !== 'number' || cents <= 0) return;
          reset();
          setPrice(cents);
          setNotice({ step: 'payment', text: err.message });
          setStep('payment');
        },
      },
    );
  };

  const price = feedbackPrice(details.user?.feedbackPriceCents);
  const contextChoice = CONTEXT_CHOICES.find((c) => c.value === details.context);
  const failure = create.isError ? errorMessage(create.error, 'Failed to send the request') : null;
  const paying = step === 'payment' && details.user && price ? details.user : null;

  return (
    <Dialog
      open={open}
      title="Request Feedback"
      description={sentTo || paying ? undefined : 'Share a track with a peer or a pro and tell them what to listen for.'}
      onClose={requestClose}
      dismissible={!create.isPending}
      testId="share-modal"
    >
      {sentTo ? (
        <div className="share-sent" data-testid="share-sent">
          <span className="share-sent-icon">
            <CheckIcon width={28} height={28} />
          </span>
          <h3 className="share-sent-title">{SHARE_SENT}</h3>
          <p className="muted">{sentTo} has been notified. Their comments and ratings will show in your Feedback Hub.</p>
          <div className="dialog-actions">
            <Button onClick={onClose} data-testid="share-done">
              Done
            </Button>
          </div>
        </div>
      ) : paying && PaymentStep ? (
        <PaymentStep
          proName={displayName(paying)}
          trackTitle={tracks.find((t) => t.id === details.trackId)?.title ?? ''}
          request={{
            proUserId: paying.id,
            trackId: details.trackId,
            shareOptions: shareOptionsOf(details, paying),
            feedbackPriceCents: paying.feedbackPriceCents!,
          }}
          notice={notice?.step === 'payment' ? notice.text : null}
          onBack={() => {
            cameBack.current = true;
            setNotice(null);
            setStep('details');
          }}
          onPriceChanged={setPrice}
          onFree={(text) => {
            setPrice(null);
            setNotice({ step: 'details', text });
            setStep('details');
          }}
        />
      ) : (
        <form ref={formRef} className="form share-form" onSubmit={submit} noValidate>
          <UserSearch value={details.user} onChange={(u) => set('user', u)} error={errors.user} />
          {price && (
            <div className="share-paid" data-testid="share-paid">
              <p className="share-price" data-testid="share-price">
                {price} per feedback
              </p>
              <p className="muted small">You pay on the next step, with PayPal.</p>
            </div>
          )}

          <div className={`field${errors.trackId ? ' has-error' : ''}`}>
            <label className="field-label" htmlFor={`${id}-track`}>
              Track
            </label>
            {tracks.length === 0 && !tracksLoading ? (
              <p className="muted small" data-testid="share-no-tracks">
                Upload a track first to request feedback on it.
              </p>
            ) : (
              <select
                id={`${id}-track`}
                className="field-input"
                value={details.trackId}
                onChange={(e) => set('trackId', e.target.value)}
                aria-invalid={errors.trackId ? true : undefined}
                data-testid="share-track"
              >
                <option value="">{tracksLoading ? 'Loading your tracks...' : 'Choose a track'}</option>
                {tracks.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.title}
                  </option>
                ))}
              </select>
            )}
            {moreTracks}
            {errors.trackId && (
              <p className="field-error" data-testid="share-track-error">
                {errors.trackId}
              </p>
            )}
          </div>

          <TextAreaField
            label="Feedback notes"
            name="share-notes"
            error={errors.feedbackNotes}
            rows={3}
            maxLength={2000}
            value={details.feedbackNotes}
            onChange={(v) => set('feedbackNotes', v)}
            placeholder="What should they listen for? E.g. does the chorus hit hard enough?"
            required
            data-testid="share-notes"
          />

          <div className={`field${errors.context ? ' has-error' : ''}`}>
            <label className="field-label" htmlFor={`${id}-context`}>
              Context
            </label>
            <select
              id={`${id}-context`}
              className="field-input"
              value={details.context}
              onChange={(e) => set('context', e.target.value)}
              aria-invalid={errors.context ? true : undefined}
              required
              data-testid="share-context"
            >
              <option value="">Where is the track at?</option>
              {CONTEXT_CHOICES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
            {contextChoice && !errors.context && <p className="field-hint">{contextChoice.description}</p>}
            {errors.context && (
              <p className="field-error" data-testid="share-context-error">
                {errors.context}
              </p>
            )}
          </div>

          <TextField
            label="Reference track (optional)"
            name="referenceTrack"
            value={details.referenceTrack}
            onChange={(v) => set('referenceTrack', v)}
            placeholder="A link, or Artist - Title"
            maxLength={500}
            autoComplete="off"
          />

          <div className="field">
            <span className="field-label" id={`${id}-categories`}>
              Feedback categories
            </span>
            <CategoryToggles
              value={details.categories}
              onChange={(c) => set('categories', c)}
              label="Feedback categories"
              showStatus={false}
            />
          </div>

          <div className="field">
            <label className="field-label" htmlFor={`${id}-purpose`}>
              Track purpose
            </label>
            <select
              id={`${id}-purpose`}
              className="field-input"
              value={details.trackPurpose}
              onChange={(e) => set('trackPurpose', e.target.value)}
              data-testid="share-purpose"
            >
              <option value="">Not specified</option>
              {TRACK_PURPOSES.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
                </option>
              ))}
            </select>
          </div>

          {notice?.step === 'details' && (
            <Alert tone="info" testId="share-notice">
              {notice.text}
            </Alert>
          )}
          {failure && (
            <Alert tone="error" testId="share-error">
              {failure}
            </Alert>
          )}

          <div className="dialog-actions">
            <Button variant="ghost" onClick={requestClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={!details.user} busy={create.isPending} busyText="Sending..." data-testid="share-submit">
              {price ? 'Continue to Payment' : 'Send Request'}
            </Button>
          </div>
        </form>
      )}
      <ConfirmDialog
        open={confirmingDiscard}
        title="Discard this request?"
        description="Your notes for this request will be lost."
        confirmLabel="Discard"
        cancelLabel="Keep editing"
        onConfirm={() => {
          setConfirmingDiscard(false);
          onClose();
        }}
        onCancel={() => setConfirmingDiscard(false)}
        testId="discard-share-dialog"
      />
    </Dialog>
  );
}
