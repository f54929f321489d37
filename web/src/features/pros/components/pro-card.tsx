import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import type { UserCard } from '@shared/schemas/directory';
import { Avatar } from '@/components/avatar';
import { Button } from '@/components/button';
import { ReputationLine } from '@/components/reputation-line';
import { ChevronDownIcon } from '@/components/icons';
import { SocialIcon } from '@/components/social-icons';
import { feedbackPrice, feedbackTierName } from '@/lib/money';
import { featuredLinks, linkText, proDetails, proLinks, proName } from '@/features/pros/utils/pro';

/** Where 'More about' floats as a popover (the CSS's breakpoint); below it, it is a panel in the card. */
const POPOVER_MEDIA = '(min-width: 768px)';
/** Room kept between the popover and the edge of the window, the gap under the toggle when it opens below, and its least height. */
const POPOVER_MARGIN = 12;
const POPOVER_GAP = 8;
const POPOVER_MIN_HEIGHT = 160;

/**
 * Where the popover fits: above the toggle (over the bio, clear of Choose Pro) when there is at least as
 * much room there as below, else below the card (so Choose Pro stays clear and clickable: `clearBottom`
 * is where the card ends); never taller than that room (it scrolls instead), so a pro with every detail
 * filled in is never cut off by the top or the bottom of the window.
 */
export function popoverPlacement(
  toggle: { top: number; bottom: number },
  windowHeight: number,
  clearBottom: number = toggle.bottom,
): { up: boolean; maxHeight: number; offset: number } {
  const above = toggle.top - POPOVER_MARGIN;
  const below = windowHeight - clearBottom - POPOVER_GAP - POPOVER_MARGIN;
  const up = above >= below;
  return {
    up,
    maxHeight: Math.max(POPOVER_MIN_HEIGHT, Math.floor(up ? above : below)),
    offset: up ? 0 : Math.max(0, clearBottom - toggle.bottom),
  };
}

/**
 * A pro on Choose Your Pro: picture (or the default), name, bio (3 lines on medium screens until
 * hovered), the price line when set ('Free' otherwise) and the feedback tier it puts them in, 'More about
 * {name}' (a hover popover on medium screens and up, a tap-to-toggle panel on small ones) and 'Choose Pro'.
 */
export function ProCard({
  user,
  onChoose,
  headingLevel = 3,
}: {
  user: UserCard;
  onChoose: (user: UserCard) => void;
  /** The level of the pro's name among the page's headings: one below the heading of the grid. */
  headingLevel?: 2 | 3;
}) {
  const Name = headingLevel === 2 ? 'h2' : 'h3';
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const moreRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [placement, setPlacement] = useState<{ up: boolean; maxHeight: number; offset: number } | null>(null);

  /** Measures, as the popover is about to show (hover, focus or click), which way it opens. */
  const place = () => {
    if (!moreRef.current || !window.matchMedia?.(POPOVER_MEDIA).matches) return setPlacement(null);
    const card = moreRef.current.closest('[data-testid="pro-card"]');
    const toggle = moreRef.current.getBoundingClientRect();
    setPlacement(popoverPlacement(toggle, window.innerHeight, card?.getBoundingClientRect().bottom ?? toggle.bottom));
  };
  const panelStyle: CSSProperties | undefined = placement
    ? {
        maxHeight: placement.maxHeight,
        overflowY: 'auto',
        ...(placement.up ? {} : { top: '100%', bottom: 'auto', marginTop: placement.offset + POPOVER_GAP }),
      }
    : undefined;

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
  const tier = feedbackTierName(user.feedbackPriceCents);
  const details = proDetails(user);
  const featured = featuredLinks(user.featuredTrack);
  const links = proLinks(user);

  return (
    <li className="pro-card" data-testid="pro-card" data-user-id={user.id}>
      <div className="pro-card-top">
        <Avatar src={user.profileImage} size={72} className="pro-avatar" />
        <div className="pro-card-id">
          <Name className="pro-name" data-testid="pro-name">
            {name}
          </Name>
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
          {tier && (
            <p className="pro-tier muted small" data-testid="pro-tier">
              {tier}
            </p>
          )}
        </div>
      </div>
      {user.reputation && <ReputationLine reputation={user.reputation} className="pro-reputation" />}
      {user.bio && (
        <p className="pro-bio" data-testid="pro-bio">
          {user.bio}
        </p>
      )}
      <div className={`pro-more${open ? ' is-open' : ''}`} ref={moreRef} onPointerEnter={place} onFocus={place}>
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
        <div
          className="pro-more-panel"
          id={panelId}
          role="region"
          aria-label={`More about ${name}`}
          style={panelStyle}
          data-testid="pro-more-panel"
        >
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
        </div>
      </div>
      <Button className="pro-choose" onClick={() => onChoose(user)} data-testid="pro-choose">
        Choose Pro
      </Button>
    </li>
  );
}
