import { describe, expect, it } from 'vitest';
import { popoverPlacement } from '../../../web/src/features/pros/utils/popover';

describe("the 'More about' popover on medium screens and up", () => {
  it('opens above the toggle when there is at least as much room there, as tall as that room', () => {
    expect(popoverPlacement({ top: 600, bottom: 640 }, 800)).toEqual({ up: true, maxHeight: 588, offset: 0 });
  });

  it('opens below a toggle near the top of the window, never past its bottom', () => {
    expect(popoverPlacement({ top: 320, bottom: 360 }, 800)).toEqual({ up: false, maxHeight: 800 - 360 - 8 - 12, offset: 0 });
  });

  it('opening below, clears the rest of the card (Choose Pro stays visible and clickable)', () => {
    // The card ends 60 px under the toggle: the popover starts under it, and its room is measured from there.
    expect(popoverPlacement({ top: 200, bottom: 240 }, 800, 300)).toEqual({ up: false, maxHeight: 800 - 300 - 8 - 12, offset: 60 });
  });

  it('keeps a usable height (scrolling inside) in a very short window', () => {
    expect(popoverPlacement({ top: 100, bottom: 140 }, 260).maxHeight).toBe(160);
  });
});
