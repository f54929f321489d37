import { useEffect, useRef, useState } from 'react';
import type { TrackView } from '@shared/schemas/tracks';

/**
 * Which of the loaded tracks are selected, for a bulk delete: one by one or all at once, the select-all
 * box half checked (`selectAllRef`) while only some are. Tracks that are gone (deleted here or elsewhere)
 * leave the selection.
 */
export function useTrackSelection(list: TrackView[]) {
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const selectAllRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setSelected((prev) => {
      const ids = new Set(list.map((t) => t.id));
      const next = new Set([...prev].filter((id) => ids.has(id)));
      return next.size === prev.size ? prev : next;
    });
  }, [list]);

  const allSelected = list.length > 0 && selected.size === list.length;
  const someSelected = selected.size > 0 && !allSelected;
  useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = someSelected;
  }, [someSelected]);

  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const selectAll = (on: boolean) => setSelected(on ? new Set(list.map((t) => t.id)) : new Set());

  /** Drops tracks from the selection (deleted ones). */
  const deselect = (ids: Iterable<string>) => {
    const gone = new Set(ids);
    setSelected((prev) => new Set([...prev].filter((id) => !gone.has(id))));
  };

  return { selected, allSelected, selectAllRef, toggle, selectAll, deselect };
}
