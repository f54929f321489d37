import { tracksQuery } from '@/features/tracks/api/tracks';
import { paths } from '@/lib/paths';
import { queryClient } from '@/lib/query-client';

/**
 * The data a route shows whatever the account says, asked for as soon as the session is known: beside the
 * account request rather than after it (the gate waits for the account before it renders a route). Both
 * dashboards, the musician's and the pro's, list the user's tracks.
 */
export function prefetchRouteData(path: string): void {
  if (path === paths.dashboard) void queryClient.prefetchInfiniteQuery(tracksQuery);
}
