import { ComingSoonBadge } from './coming-soon';

const STATS = [
  { label: 'Tracks Uploaded', value: '—' },
  { label: 'Feedback Received', value: '—' },
  { label: 'Average Rating', value: '—' },
  { label: 'Pro Readiness', value: '—' },
];

/** The Coming Soon 'Your Journey to Pro' panel with placeholder stats. */
export function JourneyToPro() {
  return (
    <section className="panel panel-journey" aria-labelledby="journey-title" data-testid="journey-to-pro">
      <div className="panel-head">
        <h2 id="journey-title" className="panel-title">
          Your Journey to Pro
        </h2>
        <ComingSoonBadge />
      </div>
      <p className="panel-text">
        Track your progress from first upload to pro: feedback, ratings and milestones, all in one place.
      </p>
      <dl className="stats">
        {STATS.map((s) => (
          <div key={s.label} className="stat">
            <dt>{s.label}</dt>
            <dd>{s.value}</dd>
          </div>
        ))}
      </dl>
      <div className="progress" aria-hidden="true">
        <span style={{ width: '12%' }} />
      </div>
    </section>
  );
}
