import { useState } from 'react';
import type { UserCard } from '@shared/schemas/directory';
import { LoadingScreen } from '@/components/loading-screen';
import { LoadMore } from '@/components/load-more';
import { LoadingRow, QueryStates } from '@/components/query-states';
import { usePros, type ProFilters } from '@/features/pros/api/pros';
import { ProCard } from './pro-card';
import { ProFilterBar } from './pro-filters';
import '@/features/pros/pros.css';

export const NO_PROS_FOUND = 'No pros found';
export const NO_PROS_MATCH = 'No pros match these filters. Try another genre or price.';

/**
 * The grid of pros: 1 column on small screens, 2 on medium, 3 on large. 'Loading...' while it loads
 * (full screen on its own page), 'No pros found' when there are none. The pros' names are headings one
 * level below the grid's own (`headingLevel`: 2 under the page's h1, 3 under a section's h2).
 */
export function ChooseProGrid({
  onChoose,
  fullScreenLoading = true,
  headingLevel = 3,
}: {
  onChoose: (user: UserCard) => void;
  fullScreenLoading?: boolean;
  headingLevel?: 2 | 3;
}) {
  const [filters, setFilters] = useState<ProFilters>({});
  const pros = usePros(filters);
  // A pro whose price or figures changed between two pages can come in both: shown once, where first seen.
  const seen = new Set<string>();
  const list = (pros.data?.pages.flatMap((page) => page.users) ?? []).filter((u) => !seen.has(u.id) && Boolean(seen.add(u.id)));
  const filtered = Boolean(filters.genre || (filters.price && filters.price !== 'any'));
  return (
    <>
      <ProFilterBar value={filters} onChange={setFilters} />
      <QueryStates
        query={pros}
        // An error with pages already shown is a failed 'Load more': the grid stays, with its own alert.
        keepData
        loading={fullScreenLoading ? <LoadingScreen /> : <LoadingRow testId="loading" />}
        failed="Failed to fetch users. Please try again."
        errorTestId="pros-error"
        isEmpty={list.length === 0 && !pros.hasNextPage}
        empty={
          <p className="panel panel-empty muted" data-testid="pros-empty">
            {filtered ? NO_PROS_MATCH : NO_PROS_FOUND}
          </p>
        }
      >
        {() => (
          <>
            <ul className="pro-grid" aria-label="Pros" data-testid="pro-grid">
              {list.map((u) => (
                <ProCard key={u.id} user={u} onChoose={onChoose} headingLevel={headingLevel} />
              ))}
            </ul>
            <LoadMore
              pages={pros}
              label="Load more pros"
              failed="Could not load more pros. Please try again."
              className="pro-grid-more"
              testId="pros-load-more"
            />
          </>
        )}
      </QueryStates>
    </>
  );
}
