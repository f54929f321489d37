import { Button } from '@/components/button';
import { CheckIcon } from '@/components/icons';

export const SHARE_SENT = 'Feedback Request Sent!';

/** The confirmation of a free request: who was notified, and where the feedback will show. */
export function ShareSent({ to, onDone }: { to: string; onDone: () => void }) {
  return (
    <div className="share-sent" data-testid="share-sent">
      <span className="share-sent-icon">
        <CheckIcon width={28} height={28} />
      </span>
      <h3 className="share-sent-title">{SHARE_SENT}</h3>
      <p className="muted">{to} has been notified. Their comments and ratings will show in your Feedback Hub.</p>
      <div className="dialog-actions">
        <Button onClick={onDone} data-testid="share-done">
          Done
        </Button>
      </div>
    </div>
  );
}
