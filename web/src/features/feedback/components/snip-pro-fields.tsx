import { MAIN_GENRES } from '@shared/genres';
import { SNIP_PRO_POOL } from '@shared/pool';
import { ChoiceField } from '@/components/text-field';
import { formatPrice } from '@/lib/money';

/** What Snip Pro buys, said where it is chosen. */
export const SNIP_PRO_HOW = `Snip offers your request to the pros who take Snip Pro work in this genre: first those whose focus areas are what you ask about, then the least busy. The first to take it reviews it, on the terms of any paid review. If nobody takes it within ${SNIP_PRO_POOL.claimHours} hours, you are refunded in full.`;

const GENRES = MAIN_GENRES.map((g) => ({ value: g.name, label: g.name }));

/** 'Let Snip choose': Snip Pro as the reviewer, offered in the share dialog before anyone is searched for. */
export function SnipProChoice({ onChoose }: { onChoose: () => void }) {
  return (
    <button type="button" className="snip-pro-choice" onClick={onChoose} data-testid="choose-snip-pro">
      <span className="snip-pro-choice-title">Let Snip choose: Snip Pro, {formatPrice(SNIP_PRO_POOL.priceCents)}</span>
      <span className="muted small">A pro who works in your genre takes it, or you are refunded in full.</span>
    </button>
  );
}

/** With Snip Pro chosen: the genre its reviewer is matched by (required), and what Snip does with the request. */
export function SnipProGenre({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: string;
  error?: string;
  onChange: (genre: string) => void;
}) {
  return (
    <>
      <ChoiceField
        label="Genre of the track"
        id={id}
        value={value}
        onChange={onChange}
        error={error}
        required
        data-testid="share-genre"
        placeholder="Choose a genre"
        choices={GENRES}
      />
      <p className="muted small" data-testid="snip-pro-how">
        {SNIP_PRO_HOW}
      </p>
    </>
  );
}
