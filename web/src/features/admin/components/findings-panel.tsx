import { useQuery } from '@tanstack/react-query';
import { Panel } from '@/components/panel';
import { api } from '@/lib/api';
import { AdminEmpty, AdminStates } from './admin-list';
import { TableRegion } from './table-region';
import '@/features/admin/admin.css';

const rate = (r: number | null) => (r === null ? '-' : `${Math.round(r * 100)}%`);

/**
 * What reviewers did with each analysis detector's findings: a detector whose findings pros mostly dismiss
 * is one to tune or to stop suggesting.
 */
export function FindingsPanel() {
  const stats = useQuery({ queryKey: ['admin-finding-stats'], queryFn: () => api('getFindingStats') });
  return (
    <Panel title="Analysis findings in reviews" className="admin-findings" testId="findings-panel">
      <p className="panel-text">
        Per detector: the findings reviewers confirmed as comments, those they dismissed, and the share dismissed.
      </p>
      <AdminStates
        query={stats}
        testIds={{ loading: 'findings-loading', error: 'findings-error' }}
        failed="Failed to load the findings. Please try again."
      >
        {({ detectors }) =>
          detectors.every((d) => d.confirmed + d.dismissed === 0) ? (
            <AdminEmpty testId="findings-empty">No reviewer has confirmed or dismissed a finding yet.</AdminEmpty>
          ) : (
            <TableRegion label="Findings by detector">
              <table className="books-table" data-testid="findings-table">
                <thead>
                  <tr>
                    <th scope="col">Detector</th>
                    <th scope="col">Confirmed</th>
                    <th scope="col">Dismissed</th>
                    <th scope="col">Dismiss rate</th>
                  </tr>
                </thead>
                <tbody>
                  {detectors.map((d) => (
                    <tr key={d.kind} data-testid="findings-row" data-kind={d.kind}>
                      <th scope="row">{d.label}</th>
                      <td>{d.confirmed}</td>
                      <td>{d.dismissed}</td>
                      <td>{rate(d.dismissRate)}</td>
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
