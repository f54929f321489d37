import { useRef, useState, type DragEvent } from 'react';

/** Only file drags count: text or links dragged over the panel are none of its business. */
function isFileDrag(e: DragEvent<HTMLElement>): boolean {
  // React bubbles events from portals (the dialogs) up here; those are not over the panel itself.
  if (!(e.target instanceof Node) || !e.currentTarget.contains(e.target)) return false;
  return Array.from(e.dataTransfer?.types ?? []).includes('Files');
}

/**
 * A drop target for a file: `handlers` go on the element, `dropping` is true while a file is dragged
 * over it. `onEnter` hears a file coming (to get ready for it), `onFile` gets the one dropped.
 */
export function useFileDrop({ onEnter, onFile }: { onEnter: () => void; onFile: (file: File) => void }) {
  const [dropping, setDropping] = useState(false);
  // dragenter/dragleave also fire for every child crossed; counting them keeps the overlay from flickering.
  const dragDepth = useRef(0);

  const endDrag = () => {
    dragDepth.current = 0;
    setDropping(false);
  };

  const handlers = {
    onDragEnter: (e: DragEvent<HTMLElement>) => {
      if (!isFileDrag(e)) return;
      e.preventDefault();
      onEnter();
      dragDepth.current += 1;
      setDropping(true);
    },
    onDragOver: (e: DragEvent<HTMLElement>) => {
      if (!isFileDrag(e)) return;
      // Without this the browser refuses the drop (and would open the file itself).
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
      setDropping(true);
    },
    onDragLeave: (e: DragEvent<HTMLElement>) => {
      if (!isFileDrag(e)) return;
      dragDepth.current = Math.max(0, dragDepth.current - 1);
      if (dragDepth.current === 0) setDropping(false);
    },
    onDrop: (e: DragEvent<HTMLElement>) => {
      if (!isFileDrag(e)) return;
      e.preventDefault();
      endDrag();
      const file = e.dataTransfer.files?.[0];
      if (file) onFile(file);
    },
  };

  return { dropping, handlers };
}
