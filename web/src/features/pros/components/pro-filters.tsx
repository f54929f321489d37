import { MAIN_GENRE_NAMES } from '@shared/schemas/directory';
import { PRICE_RANGES, PRO_SORTS, type PriceRange, type ProSort } from '@shared/reputation';
import { DIRECTORY_TIERS, type DirectoryTier } from '@shared/tiers';
import { Segmented } from '@/components/segmented';
import { SelectField } from '@/components/text-field';
import type { ProFilters } from '@/features/pros/api/pros';
import '@/styles/forms.css';

/** Choose Your Pro's filters: a genre, a tier, an order and a price range; each change asks the server again. */
export function ProFilterBar({ value, onChange }: { value: ProFilters; onChange: (next: ProFilters) => void }) {
  return (
    <div className="pro-filters" data-testid="pro-filters">
      <SelectField
        label="Genre"
        value={value.genre ?? ''}
        onChange={(genre) => onChange({ ...value, genre: genre || undefined })}
        data-testid="pro-filter-genre"
      >
        <option value="">All genres</option>
        {MAIN_GENRE_NAMES.map((g) => (
          <option key={g} value={g}>
            {g}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Tier"
        value={value.tier ?? 'any'}
        onChange={(tier) => onChange({ ...value, tier: tier as DirectoryTier })}
        data-testid="pro-filter-tier"
      >
        {DIRECTORY_TIERS.map((t) => (
          <option key={t.value} value={t.value}>
            {t.label}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Sort by"
        value={value.sort ?? 'name'}
        onChange={(sort) => onChange({ ...value, sort: sort as ProSort })}
        data-testid="pro-filter-sort"
      >
        {PRO_SORTS.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </SelectField>
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
