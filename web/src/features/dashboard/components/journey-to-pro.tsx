import { Link } from 'react-router-dom';
import { COST_RANGE, EXPERIENCE_YEARS, MIN_GENRES } from '@shared/constants';
import { CRITERIA } from '@shared/feedback';
import type { ProgressView } from '@shared/schemas/progress';
import type { UserView } from '@shared/schemas/users';
import { OnDemandStatus } from '@/components/on-demand-status';
import { Panel } from '@/components/panel';
import { QueryStates } from '@/components/query-states';
import { onDemand, useOnDemand } from '@/lib/on-demand';
import { paths } from '@/lib/paths';
import { useProgress } from '@/features/dashboard/api/progress';
import '@/features/dashboard/dashboard.css';

// The chart's code (and its style) loads only for a musician whose reviewers have scored something.
const criteriaChart = onDemand(() => import('./criteria-chart').then((m) => m.CriteriaChart));

/** What the application to become a pro asks for (shared/schemas/profile.ts proApplicationInput). */
export const APPLICATION_ASKS = [
  `The genres you work with (at least ${MIN_GENRES})`,
  `Your cost range for a review, from $${COST_RANGE.min} to $${COST_RANGE.max}`,
  `Your years of experience (${EXPERIENCE_YEARS.min} to ${EXPERIENCE_YEARS.max})`,
  'Your credits: releases, artists, labels, awards (optional)',
  'Links to up to 5 tracks that show your work (optional)',
];

/** The mean of the criteria that have been scored, one decimal; null when none has. */
export function overallAverage(averages: ProgressView['averages']): number | null {
  const scored = Object.values(averages).filter((a): a is number => a != null);
  return scored.length ? Math.round((scored.reduce((s, a) => s + a, 0) / scored.length) * 10) / 10 : null;
}

function Stat({ label, value, none, word = false }: { label: string; value: string | number | null; none: string; word?: boolean }) {
  return (
    <div className="stat">
      <dt>{label}</dt>
      <dd data-testid="journey-stat" className={word ? 'stat-word' : undefined}>
        {value ?? (
          <>
            <span aria-hidden="true">—</span>
            <span className="visually-hidden">{none}</span>
          </>
        )}
      </dd>
    </div>
  );
}

function Figures({ progress }: { progress: ProgressView }) {
  const average = overallAverage(progress.averages);
  const top = progress.categories[0];
  const most = top?.count ?? 0;
  const chart = useOnDemand(criteriaChart, progress.reviews > 0 && progress.months.length > 0);
  return (
    <>
      <dl className="stats">
        <Stat label="Tracks Uploaded" value={progress.tracks} none="" />
        <Stat label="Feedback Received" value={progress.reviews} none="" />
        <Stat label="Average Score" value={average === null ? null : `${average} / 5`} none="No scores yet" />
        <Stat label="Most Commented" value={top ? top.tag.replace(/^#/, '') : null} none="No tagged comments yet" word />
      </dl>
      {progress.reviews === 0 ? (
        <p className="journey-empty" data-testid="journey-empty">
          No reviews yet. Ask a peer or a pro for feedback on a track: your scores for {CRITERIA.map((c) => c.label).join(', ')} and the
          categories reviewers comment on will show here.
        </p>
      ) : (
        <div className="journey-grid">
          {progress.months.length > 0 ? (
            chart.value ? (
              <chart.value months={progress.months} />
            ) : (
              <OnDemandStatus {...chart} />
            )
          ) : (
            <p className="muted small">Your reviewers have not scored the criteria yet.</p>
          )}
          <div>
            <h3 className="journey-subtitle">What reviewers comment on most</h3>
            {progress.categories.length ? (
              <ol className="journey-categories" data-testid="journey-categories">
                {progress.categories.map((c) => (
                  <li key={c.tag}>
                    <span className="journey-category-name">{c.tag.replace(/^#/, '')}</span>
                    <span className="journey-bar" aria-hidden="true">
                      <span style={{ width: `${(c.count / most) * 100}%` }} />
                    </span>
                    <span className="journey-category-count">
                      {c.count} {c.count === 1 ? 'comment' : 'comments'}
                    </span>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="muted small">No comment has carried a category yet.</p>
            )}
          </div>
        </div>
      )}
    </>
  );
}

/**
 * 'Your Journey to Pro': the musician's own figures (tracks, reviews received, each criterion's average by
 * month, the categories reviewers comment on most), read after the page shows, and what the application
 * to become a pro asks for, with the way to it.
 */
export function JourneyToPro({ application }: { application?: UserView['proApplication'] }) {
  const progress = useProgress();
  return (
    <Panel title="Your Journey to Pro" titleId="journey-title" className="panel-journey" testId="journey-to-pro">
      <p className="panel-text">Your progress from first upload to pro: the feedback you receive and how your scores move.</p>
      <QueryStates query={progress} failed="Your progress could not be loaded." errorTestId="journey-error">
        {(p) => <Figures progress={p} />}
      </QueryStates>
      <div className="journey-apply" data-testid="journey-apply">
        <h3 className="journey-subtitle">What the pro application asks for</h3>
        <ul>
          {APPLICATION_ASKS.map((ask) => (
            <li key={ask}>{ask}</li>
          ))}
        </ul>
        {application === 'pending' ? (
          <p className="muted small">Your application is with our team.</p>
        ) : (
          <p>
            <Link to={paths.profile} className="btn btn-secondary btn-sm" data-testid="journey-apply-link">
              {application === 'declined' ? 'Apply again on your profile' : 'Apply on your profile'}
            </Link>
          </p>
        )}
      </div>
    </Panel>
  );
}
