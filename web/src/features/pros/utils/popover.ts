/** Where 'More about' floats as a popover (the CSS's breakpoint); below it, it is a panel in the card. */
export const POPOVER_MEDIA = '(min-width: 768px)';
/** Room kept between the popover and the edge of the window, the gap under the toggle when it opens below, and its least height. */
const POPOVER_MARGIN = 12;
export const POPOVER_GAP = 8;
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
