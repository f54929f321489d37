import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { feedbackPath } from '@shared/paths';
import type { ShareView } from '@shared/schemas/shares';
import { ChevronDownIcon } from '@/components/icons';
import { StarScore } from '@/components/star-score';
import { WorldClassBadge } from '@/components/world-class-badge';
import { formatDate, formatWeekdayTime, timeLeft } from '@/lib/dates';
import { onDemand, preload, useOnDemand } from '@/lib/on-demand';
import { formatCents } from '@shared/money';
import { outcomeText } from '@shared/recheck';
import { useShareDetail } from '@/features/feedback/api/shares';
import type { Viewer } from '@/features/feedback/utils/share';
import { onOpenShareRequest, shareAnchor, shareIdInHash } from '@/features/feedback/utils/share-anchor';
import { OnDemandStatus } from '@/components/on-demand-status';
import { StatusBadge } from './status-badge';
import '@/features/feedback/shares.css';
import { BlockLevel } from './block-title';

// The opened part's code: asked for at the first sign of opening (a pointer over Open, or focus), so it
// is usually there by the click; its data is asked for by the item as it opens, beside the code.
const shareBody = onDemand(() => import('./share-body').then((m) => m.ShareBody));

/**
 * One share in the feedback hub: the track title, who it was shared with (for the author) or by (for the
 * reviewer), the status badge, and an expandable area with the player and the feedback.
 */
export function ShareItem({
  share,
  viewer,
  defaultOpen = false,
  linked = true,
}: {
  share: ShareView;
  viewer: Viewer;
  defaultOpen?: boolean;
  /** Whether the title links to the request's own page: not on that page, where it heads the page's content (h2). */
  linked?: boolean;
}) {
  const Title = linked ? 'h3' : 'h2';
  const [open, setOpen] = useState(() => defaultOpen || shareIdInHash(window.location.hash) === share.id);
  const bodyId = useId();
  const itemRef = useRef<HTMLLIElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const isAuthor = viewer.id === share.sharedByUserId;
  const detail = useShareDetail(share.id, open);
  const body = useOnDemand(shareBody, open);

  // A link to this share elsewhere on the page (under its track) opens it here and brings it into view.
  useEffect(
    () =>
      onOpenShareRequest((id) => {
        if (id !== share.id) return;
        setOpen(true);
        itemRef.current?.scrollIntoView?.({ block: 'start' });
        toggleRef.current?.focus({ preventScroll: true });
      }),
    [share.id],
  );

  return (
    <li
      ref={itemRef}
      id={shareAnchor(share.id)}
      className={`share-item${open ? ' is-open' : ''}`}
      data-testid="share-item"
      data-share-id={share.id}
      data-status={share.status}
    >
      <div className="share-head">
        <div className="share-info">
          <Title className="share-title" data-testid="share-title">
            {linked ? (
              <Link to={feedbackPath(share.id)} className="share-title-link">
                {share.trackTitle}
              </Link>
            ) : (
              share.trackTitle
            )}
          </Title>
          <p className="share-meta">
            <span data-testid="share-who">{isAuthor ? `Shared with ${share.sharedWithName}` : `Shared by ${share.sharedByName}`}</span>
            {isAuthor && share.reviewerWorldClass && <WorldClassBadge />}
            <span>{formatDate(share.createdAt)}</span>
            {share.paid && <span data-testid="share-paid">Paid {formatCents(share.paid.amountCents)}</span>}
            {share.paid?.respondBy && (
              <span data-testid="share-respond-by" title={new Date(share.paid.respondBy).toLocaleString()}>
                {share.status === 'pending'
                  ? `Accept by ${formatWeekdayTime(share.paid.respondBy)}`
                  : `Due ${timeLeft(share.paid.respondBy)}`}
              </span>
            )}
            {share.paid &&
              (share.paid.refundedAt || share.status === 'expired' || share.status === 'declined' || share.status === 'cancelled') && (
                <span data-testid="share-refunded">Refunded</span>
              )}
            {share.recheckOf && (
              <span data-testid="share-recheck">
                {share.recheckOutcome ? `Re-check: ${outcomeText(share.recheckOutcome)}` : 'Re-check'}
              </span>
            )}
          </p>
        </div>
        <StatusBadge status={share.status} />
        {share.status === 'completed' &&
          (share.rating ? (
            <StarScore value={share.rating} label={`Rated ${share.rating} out of 5`} />
          ) : (
            isAuthor &&
            viewer.type === 'musician' && (
              <button
                type="button"
                className="rate-cue"
                aria-label={`Rate the feedback on ${share.trackTitle}`}
                onClick={() => setOpen(true)}
                data-testid="rate-cue"
              >
                Rate it
              </button>
            )
          ))}
        <button
          ref={toggleRef}
          type="button"
          className={`chip-button share-toggle${open ? ' is-active' : ''}`}
          aria-expanded={open}
          aria-controls={bodyId}
          aria-label={`${open ? 'Hide' : 'Open'} ${share.trackTitle}`}
          onClick={() => setOpen((o) => !o)}
          onPointerEnter={() => preload(shareBody)}
          onFocus={() => preload(shareBody)}
          data-testid="share-toggle"
        >
          {open ? 'Hide' : 'Open'}
          <ChevronDownIcon width={16} height={16} className="share-toggle-icon" />
        </button>
      </div>
      {open && (
        <div className="share-body" id={bodyId} data-testid="share-body">
          <BlockLevel.Provider value={linked ? 'h4' : 'h3'}>
            {body.value ? <body.value detail={detail} viewer={viewer} /> : <OnDemandStatus {...body} testId="share-error" />}
          </BlockLevel.Provider>
        </div>
      )}
    </li>
  );
}
