import { useId } from 'react';
import type { UserCard } from '@shared/schemas/directory';
import { ChevronDownIcon } from '@/components/icons';
import { SocialIcon } from '@/components/social-icons';
import { useMorePopover } from '@/features/pros/hooks/use-more-popover';
import { featuredLinks, linkText, proDetails, proLinks } from '@/features/pros/utils/pro';

/** 'More about {name}': a hover popover on medium screens and up, a tap-to-toggle panel on small ones. */
export function ProMore({ user, name }: { user: UserCard; name: string }) {
  const { open, toggle, moreRef, toggleRef, place, panelStyle } = useMorePopover();
  const panelId = useId();

  return (
    <div className={`pro-more${open ? ' is-open' : ''}`} ref={moreRef} onPointerEnter={place} onFocus={place}>
      <button
        ref={toggleRef}
        type="button"
        className="link-button pro-more-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
        data-testid="pro-more"
      >
        More about {name}
        <ChevronDownIcon width={16} height={16} />
      </button>
      <div
        className="pro-more-panel"
        id={panelId}
        role="region"
        aria-label={`More about ${name}`}
        style={panelStyle}
        data-testid="pro-more-panel"
      >
        <ProMoreContent user={user} />
      </div>
    </div>
  );
}

/** What the panel tells: the pro's details, featured track and links. */
function ProMoreContent({ user }: { user: UserCard }) {
  const details = proDetails(user);
  const featured = featuredLinks(user.featuredTrack);
  const links = proLinks(user);
  return (
    <>
      {details.length > 0 && (
        <dl className="pro-details">
          {details.map((d) => (
            <div key={d.label}>
              <dt>{d.label}</dt>
              {/* Key credits may run over several lines, as written. */}
              <dd style={{ whiteSpace: 'pre-line' }}>{d.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {featured.length > 0 && (
        <div className="pro-featured">
          <p className="pro-details-title">Featured Track</p>
          <ul>
            {featured.map((url) => (
              <li key={url}>
                <a href={url} target="_blank" rel="noreferrer noopener">
                  {linkText(url)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="pro-links">
        <p className="pro-details-title">Links</p>
        {links.length > 0 ? (
          <ul>
            {links.map((l) => (
              <li key={l.url}>
                <a href={l.url} target="_blank" rel="noreferrer noopener" aria-label={l.label} title={l.label}>
                  <SocialIcon platform={l.platform} width={18} height={18} />
                  <span>{l.label}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted small">No links yet.</p>
        )}
      </div>
    </>
  );
}
