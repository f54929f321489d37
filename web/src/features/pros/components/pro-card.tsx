import type { UserCard } from '@shared/schemas/directory';
import { chosenTierOf, tierLabel } from '@shared/tiers';
import { Avatar } from '@/components/avatar';
import { Button } from '@/components/button';
import { ReputationLine } from '@/components/reputation-line';
import { WorldClassBadge } from '@/components/world-class-badge';
import { feedbackPrice } from '@/lib/money';
import { proName } from '@/features/pros/utils/pro';
import { ProMore } from './pro-more';

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
  const name = proName(user);
  const price = feedbackPrice(user.feedbackPriceCents);
  const tier = tierLabel(chosenTierOf(user));

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
          <p className="pro-tier muted small" data-testid="pro-tier">
            {tier}
          </p>
        </div>
      </div>
      {user.worldClass && (
        <p className="pro-world-class small" data-testid="pro-world-class">
          <WorldClassBadge /> Vetted by Snip: {user.worldClass.reason}
        </p>
      )}
      {user.reputation && <ReputationLine reputation={user.reputation} className="pro-reputation" />}
      {user.bio && (
        <p className="pro-bio" data-testid="pro-bio">
          {user.bio}
        </p>
      )}
      <ProMore user={user} name={name} />
      <Button className="pro-choose" onClick={() => onChoose(user)} data-testid="pro-choose">
        Choose Pro
      </Button>
    </li>
  );
}
