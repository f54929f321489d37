import { MAIN_GENRE_NAMES } from '@shared/schemas/directory';
import { PRICE_RANGES, PRO_SORTS, type PriceRange, type ProSort } from '@shared/reputation';
import { DIRECTORY_TIERS, type DirectoryTier } from '@shared/tiers';
import { Segmented } from '@/components/segmented';
import { ChoiceField } from '@/components/text-field';
import type { ProFilters } from '@/features/pros/api/pros';
import '@/styles/forms.css';

const GENRE_CHOICES = MAIN_GENRE_NAMES.map((g) => ({ value: g, label: g }));

/** Choose Your Pro's filters: a genre, a tier, an order and a price range; each change asks the server again. */
export function ProFilterBar({ value, onChange }: { value: ProFilters; onChange: (next: ProFilters) => void }) {
  return (
    <div className="pro-filters" data-testid="pro-filters">
      <ChoiceField
        label="Genre"
        value={value.genre ?? ''}
        onChange={(genre) => onChange({ ...value, genre: genre || undefined })}
        placeholder="All genres"
        choices={GENRE_CHOICES}
        data-testid="pro-filter-genre"
      />
      <ChoiceField
        label="Tier"
        value={value.tier ?? 'any'}
        onChange={(tier) => onChange({ ...value, tier: tier as DirectoryTier })}
        choices={DIRECTORY_TIERS}
        data-testid="pro-filter-tier"
      />
      <ChoiceField
        label="Sort by"
        value={value.sort ?? 'name'}
        onChange={(sort) => onChange({ ...value, sort: sort as ProSort })}
        choices={PRO_SORTS}
        data-testid="pro-filter-sort"
      />
      <div className="pro-filter-price">
        <span className="field-label" aria-hidden="true">
          Price
        </span>
        <Segmented<PriceRange>
          label="Price"
          options={PRICE_RANGES}
          value={value.price ?? 'any'}
          onChange={(price) => onChange({ ...value, price })}
          testIdOf={(v) => `pro-filter-price-${v}`}
        />
      </div>
    </div>
  );
}
