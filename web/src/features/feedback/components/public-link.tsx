import { useState } from 'react';
import { PUBLIC_LINK_DAYS } from '@shared/schemas/public-review';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { errorMessage } from '@/lib/errors';
import { useMakePublicLink, usePublicLink, useRevokePublicLink } from '@/features/feedback/api/public-link';
import '@/features/feedback/public-link.css';
import '@/styles/forms.css';

const DATE = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/**
 * The musician's read-only link to a completed review, for someone without an account (a co-producer, a
 * label): made, copied and turned off here. It shows the review, never the audio, and stops after
 * PUBLIC_LINK_DAYS days.
 */
export function PublicLink({ shareId }: { shareId: string }) {
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const link = usePublicLink(shareId, open);
  const make = useMakePublicLink(shareId);
  const revoke = useRevokePublicLink(shareId);
  const url = link.data ? `${window.location.origin}${link.data.path}` : null;
  const failed = make.error ?? revoke.error ?? link.error;
  const copy = async () => {
    if (!url) return;
    await navigator.clipboard?.writeText(url).catch(() => {});
    setCopied(true);
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} data-testid="public-link-open">
        Share read-only link
      </Button>
      <Dialog
        open={open}
        title="Share this review"
        description={`Anyone with the link can read this review (the scores and comments, not the audio) for ${PUBLIC_LINK_DAYS} days, without an account.`}
        onClose={() => {
          setOpen(false);
          setCopied(false);
        }}
        testId="public-link-dialog"
      >
        {failed && <Alert tone="error">{errorMessage(failed, 'Something went wrong. Please try again.')}</Alert>}
        {link.isPending && <p className="muted small">Looking for a link…</p>}
        {!link.isPending && !url && (
          <Button busy={make.isPending} busyText="Making the link..." onClick={() => make.mutate()} data-testid="public-link-make">
            Make a link
          </Button>
        )}
        {url && link.data && (
          <div className="public-link">
            <label className="field-label" htmlFor="public-link-url">
              The review&apos;s link
            </label>
            <div className="public-link-row">
              <input
                id="public-link-url"
                className="field-input"
                readOnly
                value={url}
                onFocus={(e) => e.target.select()}
                data-testid="public-link-url"
              />
              <Button variant="secondary" onClick={() => void copy()}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            </div>
            <p className="muted small">Works until {DATE.format(new Date(link.data.expiresAt))}.</p>
            <Button
              variant="ghost"
              busy={revoke.isPending}
              busyText="Turning off..."
              onClick={() => revoke.mutate()}
              data-testid="public-link-revoke"
            >
              Turn off the link
            </Button>
          </div>
        )}
      </Dialog>
    </>
  );
}
