import { useEffect, useId, useRef, useState } from 'react';
import type { UserCard } from '../../../../../shared/schemas/shares';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { ChevronDownIcon, GlobeIcon, LinkIcon } from '../../../components/icons';
import { feedbackPrice } from '../../../lib/money';
import { featuredLinks, linkText, proDetails, proLinks, proName } from '../utils/pro';

/** Where 'More about' floats as a popover (the CSS's breakpoint); below it, it is a panel in the card. */
const POPOVER_MEDIA = '(min-width: 768px)';

/**
 * A pro on Choose Your Pro: picture (or the default), name, bio (3 lines on medium screens until
 * hovered), the price line when set ('Free' otherwise), 'More about {name}' (a hover popover on medium
 * screens and up, a tap-to-toggle panel on small ones) and 'Choose Pro'.
 */
export function ProCard({ user, onChoose }: { user: UserCard; onChoose: (user: UserCard) => void }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const moreRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // An opened panel closes as popovers do: Esc (focus back on its toggle) or, where it floats (medium
  // screens up), a click anywhere else. On small screens it sits in the card's flow: closing it on a tap
  // elsewhere would move what was tapped, Choose Pro included, from under the finger.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!window.matchMedia?.(POPOVER_MEDIA).matches) return;
      if (!moreRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);
  const name = proName(user);
  const price = feedbackPrice(user.feedbackPriceCents);
  const details = proDetails(user);
  const featured = featuredLinks(user.featuredTrack);
  const links = proLinks(user);

  return (
    <li className="pro-card" data-testid="pro-card" data-user-id={user.id}>
      <div className="pro-card-top">
        <Avatar src={user.profileImage} size={72} className="pro-avatar" />
        <div className="pro-card-id">
          <h3 className="pro-name" data-testid="pro-name">
            {name}
          </h3>
          <p className="muted small">@{user.username}</p>
          {price ? (
            <p className="pro-price" data-testid="pro-price">
              {price} per feedback
            </p>
          ) : (
            <p className="pro-price is-free" data-testid="pro-free">
              Free
            </p>
          )}
        </div>
      </div>
      {user.bio && (
        <p className="pro-bio" data-testid="pro-bio">
          {user.bio}
        </p>
      )}
      <div className={`pro-more${open ? ' is-open' : ''}`} ref={moreRef}>
        <button
          ref={toggleRef}
          type="button"
          className="link-button pro-more-toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          data-testid="pro-more"
        >
          More about {name}
          <ChevronDownIcon width={16} height={16} />
        </button>
        <div className="pro-more-panel" id={panelId} role="region" aria-label={`More about ${name}`} data-testid="pro-more-panel">
          {details.length > 0 && (
            <dl className="pro-details">
              {details.map((d) => (
                <div key={d.label}>
                  <dt>{d.label}</dt>
                  <dd>{d.value}</dd>
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
                      {l.platform === 'website' ? <GlobeIcon width={18} height={18} /> : <LinkIcon width={18} height={18} />}
                      <span>{l.label}</span>
                    </a>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted small">No links yet.</p>
            )}
          </div>
        </div>
      </div>
      <Button className="pro-choose" onClick={() => onChoose(user)} data-testid="pro-choose">
        Choose Pro
      </Button>
    </li>
  );
}
