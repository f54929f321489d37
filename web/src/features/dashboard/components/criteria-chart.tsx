import { CRITERIA } from '@shared/feedback';
import type { ProgressView } from '@shared/schemas/progress';
import '@/features/dashboard/criteria-chart.css';

/** Each criterion's line colour (the legend and the table name them too: colour is never the only cue). */
export const CRITERION_COLOURS = ['#8b7bff', '#ff6fae', '#3ecf8e', '#f5c451'] as const;
const DASHES = ['', '6 3', '2 3', '8 3 2 3'] as const;

const W = 320;
const H = 150;
const PAD = { left: 26, right: 10, top: 10, bottom: 22 };

/** 'Mar 2025' from '2025-03'. */
export const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * The average of each criterion by month, as a small line chart (drawn here: no chart library for four
 * lines). Screen readers get the same figures as a table; the picture itself is hidden from them.
 */
export function CriteriaChart({ months }: { months: ProgressView['months'] }) {
  const x = (i: number) =>
    PAD.left + (months.length === 1 ? (W - PAD.left - PAD.right) / 2 : (i * (W - PAD.left - PAD.right)) / (months.length - 1));
  const y = (score: number) => PAD.top + ((5 - score) * (H - PAD.top - PAD.bottom)) / 4;
  return (
    <figure className="criteria-chart" data-testid="journey-chart">
      <figcaption className="journey-subtitle">Average scores by month</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} aria-hidden="true" focusable="false" className="criteria-chart-svg">
        {[1, 2, 3, 4, 5].map((s) => (
          <g key={s}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(s)} y2={y(s)} className="chart-grid" />
            <text x={PAD.left - 8} y={y(s) + 4} className="chart-axis" textAnchor="end">
              {s}
            </text>
          </g>
        ))}
        {months.map((m, i) => (
          <text key={m.month} x={x(i)} y={H - 6} className="chart-axis" textAnchor="middle">
            {monthLabel(m.month).split(' ')[0]}
          </text>
        ))}
        {CRITERIA.map((c, ci) => {
          const points = months.flatMap((m, i) => (m.averages[c.key] == null ? [] : [{ x: x(i), y: y(m.averages[c.key]!) }]));
          return (
            <g key={c.key} stroke={CRITERION_COLOURS[ci]} fill={CRITERION_COLOURS[ci]}>
              {points.length > 1 && (
                <polyline points={points.map((p) => `${p.x},${p.y}`).join(' ')} fill="none" strokeWidth={2} strokeDasharray={DASHES[ci]} />
              )}
              {points.map((p) => (
                <circle key={`${p.x}`} cx={p.x} cy={p.y} r={3} />
              ))}
            </g>
          );
        })}
      </svg>
      <ul className="chart-legend" aria-hidden="true">
        {CRITERIA.map((c, ci) => (
          <li key={c.key}>
            <span className="chart-swatch" style={{ background: CRITERION_COLOURS[ci] }} />
            {c.label}
          </li>
        ))}
      </ul>
      {/* Hidden by its wrapper: a table keeps its content's width whatever width it is given. */}
      <div className="visually-hidden">
        <table data-testid="journey-chart-table">
          <caption>Average score out of 5 for each criterion, by month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              {CRITERIA.map((c) => (
                <th key={c.key} scope="col">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthLabel(m.month)}</th>
                {CRITERIA.map((c) => (
                  <td key={c.key}>{m.averages[c.key] ?? 'Not scored'}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
