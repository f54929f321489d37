import type { ComponentProps, ReactNode } from 'react';
import { LoadMore } from '@/components/load-more';
import { LoadingRow, QueryStates, type QueryState } from '@/components/query-states';

/** A paged list as TanStack's infinite query gives it: the states read it, and so does 'Load more'. */
type PagedQuery<T> = QueryState<T> & Parameters<typeof LoadMore>[0]['pages'];

/** The test ids of a list's loading row, its failure, and its 'Load more' (whose own failure adds '-error'). */
export interface AdminListTestIds {
  loading: string;
  error: string;
  more: string;
}

/**
 * What tells one list from another: the test ids, what it holds for the failures' texts ('Failed to load
 * the audit.', 'Could not load more entries.'), and what it says when it holds nothing.
 */
export interface AdminListTexts {
  testIds: AdminListTestIds;
  what: readonly [all: string, more: string];
  empty: ReactNode;
}

/** The texts of a list named `name`: its test ids `${name}-loading`, `-error`, `-more` and `-empty`. */
export const listTexts = (name: string, what: AdminListTexts['what'], empty: string): AdminListTexts => ({
  testIds: { loading: `${name}-loading`, error: `${name}-error`, more: `${name}-more` },
  what,
  empty: <AdminEmpty testId={`${name}-empty`}>{empty}</AdminEmpty>,
});

/**
 * One of the admin's paged lists: loading, a failure with 'Try again' (a failed next page keeps what was
 * read), empty (none of `items` yet), then the list, and under it 'Load more'.
 */
export function AdminList<T>({
  pages,
  items,
  testIds,
  what: [all, more],
  empty,
  children,
}: AdminListTexts & {
  pages: PagedQuery<T>;
  /** What the pages read so far hold. */
  items: unknown[];
  children: () => ReactNode;
}) {
  return (
    <>
      <AdminStates
        query={pages}
        keepData
        testIds={testIds}
        failed={`Failed to load ${all}. Please try again.`}
        isEmpty={items.length === 0}
        empty={empty}
      >
        {children}
      </AdminStates>
      <LoadMore pages={pages} failed={`Could not load more ${more}. Please try again.`} className="admin-more" testId={testIds.more} />
    </>
  );
}

/**
 * A query's states as the admin's panels show them: their loading row, then a failure with 'Try again'
 * in the alert's own style; then what QueryStates shows.
 */
export function AdminStates<T>({
  testIds,
  ...states
}: Omit<ComponentProps<typeof QueryStates<T>>, 'loading' | 'errorTestId' | 'retryClassName'> & {
  testIds: Pick<AdminListTestIds, 'loading' | 'error'>;
}) {
  return (
    <QueryStates
      loading={<LoadingRow className="admin-loading" testId={testIds.loading} />}
      errorTestId={testIds.error}
      retryClassName="link-button alert-action"
      {...states}
    />
  );
}

/** What an admin list says when it holds nothing (`status`: announced, for a state that passes). */
export function AdminEmpty({ testId, status = false, children }: { testId: string; status?: boolean; children: ReactNode }) {
  return (
    <p className="admin-empty muted" role={status ? 'status' : undefined} data-testid={testId}>
      {children}
    </p>
  );
}
