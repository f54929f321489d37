import { useRef, type PointerEvent } from 'react';
import { moveHandle, moveRange, type Snippet } from '@/features/tracks/utils/snippet';

type Handle = 'start' | 'end';
type Drag = { kind: Handle } | { kind: 'range'; grabAt: number; from: Snippet };

/**
 * Pointer drags over the snippet's area (`areaRef`): a handle, the whole selection (keeping its length),
 * or a press on the waveform, which moves the nearer handle there and keeps dragging it.
 */
export function useSnippetDrag(draft: Snippet, duration: number, change: (next: Snippet) => void) {
  const areaRef = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);

  const timeAt = (clientX: number): number => {
    const rect = areaRef.current?.getBoundingClientRect();
    if (!rect || rect.width <= 0) return 0;
    const ratio = Math.min(1, Math.max(0, (clientX - rect.left) / rect.width));
    // Whole seconds under a pointer, except at the very end of the track.
    return ratio >= 1 ? duration : Math.round(ratio * duration);
  };

  const applyDrag = (d: Drag, clientX: number, base: Snippet) => {
    const t = timeAt(clientX);
    if (d.kind === 'range') return moveRange(d.from, d.from.start + (t - d.grabAt), duration);
    return moveHandle(base, d.kind, t, duration);
  };

  const beginDrag = (e: PointerEvent<HTMLElement>, d: Drag) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    drag.current = d;
    areaRef.current?.setPointerCapture?.(e.pointerId);
    if (d.kind !== 'range') (e.currentTarget as HTMLElement).focus();
  };

  const onAreaPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    const t = timeAt(e.clientX);
    const kind = Math.abs(t - draft.start) <= Math.abs(t - draft.end) ? 'start' : 'end';
    drag.current = { kind };
    areaRef.current?.setPointerCapture?.(e.pointerId);
    change(moveHandle(draft, kind, t, duration));
    areaRef.current?.querySelector<HTMLElement>(`[data-handle="${kind}"]`)?.focus();
  };

  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    change(applyDrag(d, e.clientX, draft));
  };

  const endDrag = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    drag.current = null;
    areaRef.current?.releasePointerCapture?.(e.pointerId);
  };

  return {
    areaRef,
    areaHandlers: { onPointerDown: onAreaPointerDown, onPointerMove, onPointerUp: endDrag, onPointerCancel: endDrag },
    grabRange: (e: PointerEvent<HTMLElement>) => beginDrag(e, { kind: 'range', grabAt: timeAt(e.clientX), from: draft }),
    grabHandle: (kind: Handle) => (e: PointerEvent<HTMLElement>) => beginDrag(e, { kind }),
  };
}
