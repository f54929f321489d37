import { describe, expect, it } from 'vitest';
import { popoverPlacement } from '../../../web/src/features/pros/components/pro-card';

describe("the 'More about' popover on medium screens and up", () => {
  it('opens above the toggle when there is at least as much room there, as tall as that room', () => {
    expect(popoverPlacement({ top: 600, bottom: 640 }, 800)).toEqual({ up: true, maxHeight: 588 });
  });

  it('opens below a toggle near the top of the window, never past its bottom', () => {
    expect(popoverPlacement({ top: 320, bottom: 360 }, 800)).toEqual({ up: false, maxHeight: 800 - 360 - 8 - 12 });
  });

  it('keeps a usable height (scrolling inside) in a very short window', () => {
    expect(popoverPlacement({ top: 100, bottom: 140 }, 260).maxHeight).toBe(160);
  });
});
