import { useState } from 'react';
import type { TrackStackView } from '@shared/schemas/tracks';
import { versionsOf } from '@/features/tracks/api/tracks';

/**
 * Which version a row shows: the newest, unless another was picked. A new version, once it arrives, is
 * shown (the pick is forgotten), and so is the newest when the picked one is deleted.
 */
export function useShownVersion(stack: TrackStackView) {
  const all = versionsOf(stack);
  const newest = all[all.length - 1];
  const [picked, setPicked] = useState<{ id: string; newest: string } | null>(null);
  const shown = (picked?.newest === newest.id && all.find((v) => v.id === picked.id)) || newest;
  return { all, shown, pick: (id: string) => setPicked({ id, newest: newest.id }) };
}
