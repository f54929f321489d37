import { Panel } from '@/components/panel';
import { ComingSoonBadge } from './coming-soon';

const STATS = ['Tracks Uploaded', 'Feedback Received', 'Average Rating', 'Pro Readiness'];

/**
 * The Coming Soon 'Your Journey to Pro' panel with placeholder stats. Until the figures exist it shows
 * a dash for each and no progress bar: nothing claims progress the figures do not show.
 */
export function JourneyToPro() {
  return (
    <Panel
      title="Your Journey to Pro"
      titleId="journey-title"
      className="panel-journey"
      testId="journey-to-pro"
      actions={<ComingSoonBadge />}
    >
      <p className="panel-text">Track your progress from first upload to pro: feedback, ratings and milestones, all in one place.</p>
      <dl className="stats">
        {STATS.map((label) => (
          <div key={label} className="stat">
            <dt>{label}</dt>
            <dd data-testid="journey-stat">
              <span aria-hidden="true">—</span>
              <span className="visually-hidden">Not available yet</span>
            </dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}
