import type { ProApplicationView } from '@shared/schemas/profile';
import { EmailAddress } from '@/components/email-address';
import { Facts } from '@/components/facts';
import { formatDate } from '@/lib/dates';
import { costRangeLine, featuredLinks, yearsLine } from '@/features/admin/utils/format';

/** What an applicant sent: who they are and when they applied, then their genres, prices, experience, credits and tracks. */
export function ApplicationDetails({ app, name, nameId }: { app: ProApplicationView; name: string; nameId: string }) {
  return (
    <>
      <div className="admin-application-head">
        <div className="admin-application-who">
          <h3 className="admin-application-name" id={nameId} data-testid="application-name">
            {name}
          </h3>
          <EmailAddress email={app.email} className="admin-user-email muted small" testId="application-email" />
        </div>
        <p className="muted small" data-testid="application-submitted">
          Submitted <time dateTime={app.submittedAt}>{formatDate(app.submittedAt)}</time>
        </p>
      </div>

      <Facts
        className="admin-application-facts"
        facts={[
          { label: 'Genres', value: app.genres.join(', ') || 'None', testId: 'application-genres' },
          { label: 'Cost range', value: costRangeLine(app.costRange), testId: 'application-cost' },
          { label: 'Experience', value: yearsLine(app.experience), testId: 'application-experience' },
          {
            label: 'Credits',
            value: app.credits.trim() || <span className="muted">None given</span>,
            testId: 'application-credits',
            className: 'is-wide',
            valueClassName: 'admin-application-credits',
          },
          {
            label: 'Featured tracks',
            value: <FeaturedLinks links={featuredLinks(app.featuredTrack)} />,
            testId: 'application-tracks',
            className: 'is-wide',
          },
        ]}
      />
    </>
  );
}

/** The applicant's featured tracks as links (each opening in a new tab), or 'None given'. */
function FeaturedLinks({ links }: { links: string[] }) {
  if (links.length === 0) return <span className="muted">None given</span>;
  return (
    <ul className="admin-application-links">
      {links.map((href) => (
        <li key={href}>
          <a href={href} target="_blank" rel="noopener noreferrer">
            {href}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
