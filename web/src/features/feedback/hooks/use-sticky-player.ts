import { useEffect, useRef } from 'react';

/**
 * Keeps `--sticky-player` (share-body.css: how far below the top focus scrolls things) at the sticky player's
 * own height, which grows with what it shows ('Play as', the strips, an error), so that nothing scrolled into
 * view lands behind it. The stylesheet's figures stand until the first measure; `shown` says whether the
 * player is there (it is looked for again when that changes).
 */
export function useStickyPlayer<T extends HTMLElement>(shown = true) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const box = ref.current;
    const sticky = box?.querySelector<HTMLElement>(':scope > .player, :scope > .reviewer-deck');
    if (!box || !sticky || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => box.style.setProperty('--sticky-player', `calc(${sticky.offsetHeight}px + 0.5rem)`));
    observer.observe(sticky);
    return () => observer.disconnect();
  }, [shown]);
  return ref;
}
