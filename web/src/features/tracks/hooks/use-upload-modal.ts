import { useState } from 'react';
import type { TrackStackView } from '@shared/schemas/tracks';
import { loadDialogs } from '@/components/dialog';
import { onDemand, preload, useOnDemand } from '@/lib/on-demand';
import { versionsOf, type VersionTarget } from '@/features/tracks/api/tracks';

// The upload modal (and the upload code) loads at the first sign of an upload: a pointer over or focus on
// an upload button, or a file dragged over the panel. Once loaded it stays mounted, as an upload outlives it.
export const uploadModal = onDemand(() =>
  Promise.all([import('@/features/tracks/components/upload-track-modal'), loadDialogs()]).then(([m]) => m.UploadTrackModal),
);

/** Spread on an upload button: pointing at it or focusing it starts loading the modal. */
export const preloadUpload = { onPointerEnter: () => preload(uploadModal), onFocus: () => preload(uploadModal) };

/**
 * Whether the upload modal is open, and with which dropped file: `open` asks for its chunk the first
 * time, and `modal` says when it has arrived, or that it could not.
 */
export function useUploadModal() {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [versionOf, setVersionOf] = useState<VersionTarget | null>(null);
  const [wanted, setWanted] = useState(false);
  const modal = useOnDemand(uploadModal, wanted);

  /** Opens the dialog, with a file dropped (or none), for a new track or a new version of `stack`. */
  const openUpload = (dropped: File | null, stack: TrackStackView | null = null) => {
    setFile(dropped);
    setVersionOf(stack && { id: stack.id, title: stack.title, next: Math.max(...versionsOf(stack).map((v) => v.version)) + 1 });
    setOpen(true);
    setWanted(true);
  };

  const closeUpload = () => {
    setOpen(false);
    setFile(null);
  };

  return { open, file, versionOf, modal, openUpload, closeUpload };
}
