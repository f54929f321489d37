import { useState } from 'react';
import type { TrackStackView } from '@shared/schemas/tracks';
import { versionedTitle } from '@shared/track-version';
import { errorMessage } from '@/lib/errors';
import { useDeleteTracks, versionsOf } from '@/features/tracks/api/tracks';

/** What a delete confirmation is about: one row's track, or the selected ones. */
export interface PendingDelete {
  ids: string[];
  title?: string;
  /** One track: how many versions it has (they all go with it). */
  versions?: number;
  /** One later version of the track, alone: its number. */
  version?: number;
}

/** A track the API could not fully delete, named by the title it had when the delete was asked for. */
export interface DeleteFailure {
  id: string;
  title: string;
  message: string;
}

/**
 * Deleting tracks: `ask` opens the confirmation for one track or the selected ones, `confirm` deletes
 * them. Tracks the API could not fully delete are listed in `failures` (and stay selected, so deleting
 * them again is one click away); the deleted ones are handed to `onDeleted`.
 */
export function useTrackDeletion(list: TrackStackView[], onDeleted: (ids: string[]) => void) {
  const remove = useDeleteTracks();
  const [pending, setPending] = useState<PendingDelete | null>(null);
  const [failures, setFailures] = useState<DeleteFailure[]>([]);

  const confirm = () => {
    if (!pending) return;
    // Taken now: a failed track may already be gone from the list by the time the answer comes.
    const titles = new Map(list.flatMap(versionsOf).map((t) => [t.id, versionedTitle(t)]));
    remove.mutate(pending.ids, {
      onSuccess: ({ deleted, failed }) => {
        onDeleted(deleted);
        setFailures(failed.map((f) => ({ id: f.id, title: titles.get(f.id) ?? f.id, message: f.message })));
        setPending(null);
      },
    });
  };

  const ask = (p: PendingDelete) => {
    remove.reset();
    setFailures([]);
    setPending(p);
  };

  return {
    pending,
    failures,
    deleting: remove.isPending,
    error: remove.isError ? errorMessage(remove.error, 'Failed to delete tracks') : null,
    ask,
    confirm,
    cancel: () => setPending(null),
    dismissFailures: () => setFailures([]),
  };
}
