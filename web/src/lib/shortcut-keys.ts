import type { KeyboardEvent } from 'react';

/**
 * The letter a panel's one-key shortcut reads (lower case), or null where the letter is someone else's: a field
 * that takes typing (a slider takes none), a composition under way, or a modifier held (the browser's own keys).
 */
export function shortcutLetter(e: KeyboardEvent): string | null {
  const t = e.target;
  const typing =
    (t instanceof HTMLInputElement && t.type !== 'range') ||
    t instanceof HTMLTextAreaElement ||
    t instanceof HTMLSelectElement ||
    (t instanceof HTMLElement && t.isContentEditable);
  if (typing || e.nativeEvent.isComposing || e.ctrlKey || e.metaKey || e.altKey) return null;
  return e.key.length === 1 ? e.key.toLowerCase() : null;
}
