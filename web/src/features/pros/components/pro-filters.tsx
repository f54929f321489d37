import { MAIN_GENRE_NAMES } from '@shared/schemas/directory';
import { PRICE_RANGES, PRO_SORTS, type PriceRange, type ProSort } from '@shared/reputation';
import { Segmented } from '@/components/segmented';
import { SelectField } from '@/components/text-field';
import type { ProFilters } from '@/features/pros/api/pros';
import '@/styles/forms.css';

/** Choose Your Pro's filters: a genre, a price range, an order; each change asks the server again. */
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
    </div>
  );
}
