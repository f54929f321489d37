/**
 * A share is shown in one place on a page (the musician's Feedback Hub); other places link to it. The
 * link is a real fragment link (`#share-{id}`), and clicking it asks the share's item to open, scroll into
 * view and take the focus, which a fragment alone does not do for a closed item.
 */
const OPEN_EVENT = 'snip:open-share';

export const shareAnchor = (shareId: string) => `share-${shareId}`;

/** Asks the item of that share, wherever it is on the page, to open and take the focus. */
export function requestOpenShare(shareId: string): void {
  window.dispatchEvent(new CustomEvent<string>(OPEN_EVENT, { detail: shareId }));
}

/** Calls `handler` whenever a share is asked to open; returns the unsubscribe. */
export function onOpenShareRequest(handler: (shareId: string) => void): () => void {
  const listener = (e: Event) => handler((e as CustomEvent<string>).detail);
  window.addEventListener(OPEN_EVENT, listener);
  return () => window.removeEventListener(OPEN_EVENT, listener);
}

/** The share the page's address names (`#share-{id}`), if any: an e-mailed or copied link opens it. */
export function shareIdInHash(hash: string): string | null {
  const m = /^#share-(.+)$/.exec(hash);
  return m ? decodeURIComponent(m[1]) : null;
}
