import { useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import type { ShareView } from '@shared/schemas/shares';
import { LoadMore } from '@/components/load-more';
import { QueryStates, type QueryState } from '@/components/query-states';
import type { Viewer } from '@/features/feedback/utils/share';
import { requestOpenShare, shareIdInHash } from '@/features/feedback/utils/share-anchor';
import { ShareItem } from './share-item';

type Pages = ComponentProps<typeof LoadMore>['pages'];

/** Pages a link to a share loads on its own looking for it. */
const LINKED_SHARE_PAGES = 8;

/**
 * The address may name a share (`#share-{id}`: an e-mail's link) older than the pages loaded: load on, a
 * few pages at most, until it shows, then open it and bring it into view.
 */
function useLinkedShare(shares: ShareView[] | undefined, pages: Pages) {
  const [wanted] = useState(() => shareIdInHash(window.location.hash));
  const loaded = useRef(0);
  const found = Boolean(wanted && shares?.some((s) => s.id === wanted));
  useEffect(() => {
    if (!wanted || !shares) return;
    if (found) {
      if (loaded.current > 0) requestOpenShare(wanted);
      loaded.current = -1;
      return;
    }
    if (loaded.current < 0 || loaded.current >= LINKED_SHARE_PAGES) return;
    if (!pages.hasNextPage || pages.isFetchingNextPage || pages.isFetchNextPageError) return;
    loaded.current += 1;
    void pages.fetchNextPage();
  });
}

/** A list of shares with its loading, error and empty states, and 'Load more' while it has more pages. */
export function ShareList({
  query,
  pages,
  viewer,
  empty,
  label,
  testId,
}: {
  query: QueryState<ShareView[]>;
  pages: Pages;
  viewer: Viewer;
  empty: ReactNode;
  label: string;
  testId: string;
}) {
  useLinkedShare(query.data, pages);
  return (
    <QueryStates
      query={query}
      failed="Failed to load the feedback requests"
      errorTestId="shares-error"
      isEmpty={(query.data ?? []).length === 0 && !pages.hasNextPage}
      empty={
        <div className="shares-empty" data-testid="shares-empty">
          {empty}
        </div>
      }
    >
      {(shares = []) => (
        <>
          <ul className="share-list" aria-label={label} data-testid={testId}>
            {shares.map((s) => (
              <ShareItem key={s.id} share={s} viewer={viewer} />
            ))}
          </ul>
          <LoadMore
            pages={pages}
            label="Load more requests"
            failed="Could not load more requests. Please try again."
            className="share-list-more"
            testId={`${testId}-more`}
          />
        </>
      )}
    </QueryStates>
  );
}
