import { useQuery } from '@tanstack/react-query';
import { Panel } from '@/components/panel';
import { api } from '@/lib/api';
import { AdminEmpty, AdminStates } from './admin-list';
import { TableRegion } from './table-region';
import '@/features/admin/admin.css';

const within = (minutes: number | null) =>
  minutes === null ? '-' : minutes < 60 ? `within ${minutes} min` : `within ${Math.round(minutes / 60)} h`;

/**
 * The Snip Pro pool per genre: requests waiting for a pro, opened, claimed (and how fast, half of them within
 * the time shown), refunded because nobody took them (each also raises an alarm), ended otherwise. A genre with
 * refunds for want of a pro needs more pros taking pool work there.
 */
export function PoolHealthPanel() {
  const health = useQuery({ queryKey: ['admin-pool-health'], queryFn: () => api('getPoolHealth') });
  return (
    <Panel title="Snip Pro pool" className="admin-findings" testId="pool-health-panel">
      <p className="panel-text">Per genre: requests waiting for a pro, and what became of those that left the pool.</p>
      <AdminStates
        query={health}
        testIds={{ loading: 'pool-health-loading', error: 'pool-health-error' }}
        failed="Failed to load the pool. Please try again."
      >
        {({ genres }) =>
          genres.length === 0 ? (
            <AdminEmpty testId="pool-health-empty">No Snip Pro request yet.</AdminEmpty>
          ) : (
            <TableRegion label="Snip Pro requests by genre">
              <table className="books-table" data-testid="pool-health-table">
                <thead>
                  <tr>
                    <th scope="col">Genre</th>
                    <th scope="col">Waiting</th>
                    <th scope="col">Claimed</th>
                    <th scope="col">Median claim</th>
                    <th scope="col">Refunded, unclaimed</th>
                    <th scope="col">Ended otherwise</th>
                  </tr>
                </thead>
                <tbody>
                  {genres.map((g) => (
                    <tr key={g.genre} data-testid="pool-health-row" data-genre={g.genre} className={g.unclaimed ? 'is-warning' : undefined}>
                      <th scope="row">{g.genre}</th>
                      <td>{g.waiting}</td>
                      <td>{g.claimed}</td>
                      <td>{within(g.medianClaimWithin)}</td>
                      <td>{g.unclaimed}</td>
                      <td>{g.ended}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          )
        }
      </AdminStates>
    </Panel>
  );
}
