import { useState } from 'react';
import { receiptSummary } from '@shared/receipt';
import type { ReceiptView } from '@shared/schemas/receipt';
import './receipt-card.css';

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A paid review's signed receipt: whether its signature holds (the server checked it), what it records, and
 * the exact text signed, to copy and check anywhere (`onCheck`: the public check, where the page has the API).
 */
export function ReceiptCard({ receipt, onCheck }: { receipt: ReceiptView; onCheck?: () => Promise<boolean> }) {
  const [checked, setChecked] = useState<'checking' | 'valid' | 'invalid' | 'failed' | null>(null);
  const check = async () => {
    if (!onCheck) return;
    setChecked('checking');
    try {
      setChecked((await onCheck()) ? 'valid' : 'invalid');
    } catch {
      setChecked('failed');
    }
  };
  const p = receipt.payload;
  return (
    <section
      className={`receipt-card${receipt.verified ? ' is-verified' : ''}`}
      aria-label={`Review receipt for ${p.trackTitle}, delivered ${WHEN.format(new Date(p.deliveredAt))}`}
      data-testid="review-receipt"
    >
      <p className="receipt-card-mark" data-testid="receipt-mark">
        {receipt.verified ? '✓ Verified receipt' : 'This receipt does not check'}
      </p>
      <p className="small" data-testid="receipt-summary">
        {receiptSummary(p)}
      </p>
      <p className="muted small">
        Signed by Snip at delivery, {WHEN.format(new Date(p.deliveredAt))}: the version heard, the listening, each comment's time and how it
        was made, and a hash of the review's words. A changed byte fails the check.
      </p>
      <details className="receipt-card-text">
        <summary>The signed receipt</summary>
        <pre data-testid="receipt-signed">{receipt.signed}</pre>
        <p className="muted small receipt-card-signature">
          Signature ({receipt.algorithm}, key {receipt.keyId}): <code>{receipt.signature}</code>
        </p>
      </details>
      {onCheck && (
        <p className="small">
          <button
            type="button"
            className="link-button"
            onClick={() => void check()}
            disabled={checked === 'checking'}
            data-testid="receipt-check"
          >
            Check it again
          </button>{' '}
          <span role="status" data-testid="receipt-check-result">
            {checked === 'checking'
              ? 'Checking...'
              : checked === 'valid'
                ? 'The signature holds.'
                : checked === 'invalid'
                  ? 'The signature does not hold.'
                  : checked === 'failed'
                    ? 'The check could not be made. Try again.'
                    : ''}
          </span>
        </p>
      )}
    </section>
  );
}
