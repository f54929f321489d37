import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Panel } from '@/components/panel';
import { errorMessage } from '@/lib/errors';
import { feedbackPrice, formatCents } from '@/lib/money';
import { recheckPriceOf } from '@shared/recheck';
import { useSetOwnPrice } from '@/features/profile/api/profile';
import { PRICE_TIERS, tierLabel, tierOfPrice } from '@/features/profile/utils/price';
import { WORLD_CLASS_CENTS } from '@shared/constants';

const WORLD_CLASS_DOLLARS = WORLD_CLASS_CENTS / 100;

/**
 * A pro's own price: the tiers (Free, $15, $30, $90) as a radio group, the current one selected, the World-Class
 * one only for a pro an admin has vetted as World-Class; and their re-checks of a later version: half the price,
 * or free.
 */
export function PriceCard({
  feedbackPriceCents,
  freeRechecks = false,
  worldClass = false,
}: {
  feedbackPriceCents: number | null;
  freeRechecks?: boolean;
  worldClass?: boolean;
}) {
  const current = tierOfPrice(feedbackPriceCents);
  const [chosen, setChosen] = useState<number | null>(current);
  const [rechecksFree, setRechecksFree] = useState(freeRechecks);
  const [saved, setSaved] = useState(false);
  const save = useSetOwnPrice();
  const name = useId();
  const changed = chosen !== null && (chosen !== current || rechecksFree !== freeRechecks);
  const currentText = feedbackPrice(feedbackPriceCents);
  const recheck = chosen ? recheckPriceOf({ feedbackPriceCents: chosen * 100, freeRechecks: rechecksFree }) : 0;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!changed || chosen === null) return;
    setSaved(false);
    save.mutate(
      { price: chosen, freeRechecks: rechecksFree },
      {
        onSuccess: () => setSaved(true),
        onError: (err) => console.error('Saving the price failed', err),
      },
    );
  };

  return (
    <Panel title="Your price" titleId="price-title" className="profile-side-panel" testId="price-card">
      <p className="muted small" data-testid="price-current">
        {currentText ? `Musicians pay ${currentText} per feedback.` : 'Your feedback is free.'}
        {current === null && ' An admin set this price; choosing a tier replaces it.'}
      </p>
      <form className="price-form" onSubmit={submit}>
        <fieldset className="price-tiers">
          <legend className="visually-hidden">Price per feedback</legend>
          {PRICE_TIERS.map((dollars) => (
            <label key={dollars} className={`price-tier${chosen === dollars ? ' is-checked' : ''}`}>
              <input
                type="radio"
                name={name}
                value={dollars}
                checked={chosen === dollars}
                disabled={dollars === WORLD_CLASS_DOLLARS && !worldClass && current !== dollars}
                aria-describedby={dollars === WORLD_CLASS_DOLLARS && !worldClass ? `${name}-world-class` : undefined}
                onChange={() => {
                  setChosen(dollars);
                  setSaved(false);
                }}
                data-testid={`price-tier-${dollars}`}
              />
              <span className="price-tier-amount">{tierLabel(dollars)}</span>
              <span className="price-tier-unit muted">{dollars === 0 ? 'no charge' : 'per feedback'}</span>
            </label>
          ))}
        </fieldset>
        {!worldClass && (
          <p className="muted small" id={`${name}-world-class`} data-testid="price-world-class">
            {tierLabel(WORLD_CLASS_DOLLARS)} is the World-Class price, for pros Snip has vetted as World-Class.
          </p>
        )}
        <label className="checkbox-label small price-rechecks">
          <input
            type="checkbox"
            checked={rechecksFree}
            onChange={(e) => {
              setRechecksFree(e.target.checked);
              setSaved(false);
            }}
            data-testid="price-free-rechecks"
          />
          Re-check a later version for free
        </label>
        <p className="muted small" data-testid="price-recheck">
          {recheck
            ? `A re-check of a later version costs ${formatCents(recheck)}: half your price.`
            : 'Re-checks of a later version are free.'}
        </p>
        <p className="muted small">
          A new price applies to requests made after you save it; requests already made keep the price they were made at.
        </p>
        {save.isError && <Alert tone="error">{errorMessage(save.error, 'Failed to save the price. Please try again.')}</Alert>}
        {saved && !changed && (
          <Alert tone="success" testId="price-saved">
            Price saved.
          </Alert>
        )}
        <div className="price-actions">
          <Button type="submit" variant="secondary" disabled={!changed} busy={save.isPending} busyText="Saving..." data-testid="price-save">
            Save price
          </Button>
        </div>
      </form>
    </Panel>
  );
}
