import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { POPOVER_GAP, POPOVER_MEDIA, popoverPlacement } from '@/features/pros/utils/popover';

/**
 * A pro card's 'More about' panel: open or not, and, where it floats (medium screens up), which way it
 * opens and how tall it may be. `place` measures that as it is about to show (hover, focus or click).
 */
export function useMorePopover() {
  const [open, setOpen] = useState(false);
  const moreRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [placement, setPlacement] = useState<{ up: boolean; maxHeight: number; offset: number } | null>(null);

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

  const toggle = () => setOpen((o) => !o);

  return { open, toggle, moreRef, toggleRef, place, panelStyle };
}
