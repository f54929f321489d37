import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { errorMessage } from '@/lib/errors';

/** What a paged list (TanStack's infinite query) tells its 'Load more' button. */
interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * 'Load more' under a paged list: shown while there is a next page, 'Loading...' while it comes, and an
 * alert (the list stays) when it could not be loaded.
 */
export function LoadMore({
  pages,
  label = 'Load more',
  failed,
  className,
  testId,
}: {
  pages: Pages;
  label?: string;
  /** The alert's text when the next page could not be loaded and the error says nothing of its own. */
  failed: string;
  className: string;
  testId: string;
}) {
  return (
    <>
      {pages.hasNextPage && (
        <Button
          variant="secondary"
          className={className}
          busy={pages.isFetchingNextPage}
          busyText="Loading..."
          onClick={() => void pages.fetchNextPage()}
          data-testid={testId}
        >
          {label}
        </Button>
      )}
      {pages.isFetchNextPageError && (
        <Alert tone="error" testId={`${testId}-error`}>
          {errorMessage(pages.error, failed)}
        </Alert>
      )}
    </>
  );
}
