import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TrackStackView } from '@shared/schemas/tracks';
import { versionedTitle } from '@shared/track-version';
import { errorMessage } from '@/lib/errors';
import { deleteTracks, versionsOf } from '@/features/tracks/api/tracks';

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
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingDelete | null>(null);
  const [failures, setFailures] = useState<DeleteFailure[]>([]);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A second press before the first one's answer (before `deleting` is drawn) asks nothing more.
  const running = useRef(false);

  const confirm = async () => {
    if (!pending || running.current) return;
    running.current = true;
    // Taken now: a failed track may already be gone from the list by the time the answer comes.
    const titles = new Map(list.flatMap(versionsOf).map((t) => [t.id, versionedTitle(t)]));
    setDeleting(true);
    setError(null);
    try {
      const { deleted, failed } = await deleteTracks(queryClient, pending.ids);
      onDeleted(deleted);
      setFailures(failed.map((f) => ({ id: f.id, title: titles.get(f.id) ?? f.id, message: f.message })));
      setPending(null);
    } catch (err) {
      setError(errorMessage(err, 'Failed to delete tracks'));
    } finally {
      running.current = false;
      setDeleting(false);
    }
  };

  const ask = (p: PendingDelete) => {
    setError(null);
    setFailures([]);
    setPending(p);
  };

  return {
    pending,
    failures,
    deleting,
    error,
    ask,
    confirm: () => void confirm(),
    cancel: () => setPending(null),
    dismissFailures: () => setFailures([]),
  };
}
