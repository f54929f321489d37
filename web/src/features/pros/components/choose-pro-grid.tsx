import type { UserCard } from '@shared/schemas/directory';
import { Alert } from '@/components/alert';
import { LoadingScreen } from '@/components/loading-screen';
import { LoadMore } from '@/components/load-more';
import { errorMessage } from '@/lib/errors';
import { usePros } from '@/features/pros/api/pros';
import { ProCard } from './pro-card';

export const NO_PROS_FOUND = 'No pros found';

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
  const pros = usePros();
  if (pros.isPending) {
    return fullScreenLoading ? (
      <LoadingScreen />
    ) : (
      <div className="tracks-loading" role="status" aria-live="polite" data-testid="loading">
        <span className="spinner" aria-hidden="true" />
        <span>Loading...</span>
      </div>
    );
  }
  // An error with pages already shown is a failed 'Load more': the grid stays, with its own alert.
  if (!pros.data) {
    return (
      <Alert tone="error" testId="pros-error">
        {errorMessage(pros.error, 'Failed to fetch users. Please try again.')}{' '}
        <button type="button" className="link-button" onClick={() => void pros.refetch()}>
          Try again
        </button>
      </Alert>
    );
  }
  const list = pros.data.pages.flatMap((page) => page.users);
  if (list.length === 0 && !pros.hasNextPage) {
    return (
      <p className="panel panel-empty muted" data-testid="pros-empty">
        {NO_PROS_FOUND}
      </p>
    );
  }
  return (
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
  );
}
