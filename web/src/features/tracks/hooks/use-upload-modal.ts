import { useState } from 'react';
import { onDemand, preload, useOnDemand } from '@/lib/on-demand';

// The upload modal (and the upload code) loads at the first sign of an upload: a pointer over or focus on
// an upload button, or a file dragged over the panel. Once loaded it stays mounted, as an upload outlives it.
export const uploadModal = onDemand(() => import('@/features/tracks/components/upload-track-modal').then((m) => m.UploadTrackModal));

/** Spread on an upload button: pointing at it or focusing it starts loading the modal. */
export const preloadUpload = { onPointerEnter: () => preload(uploadModal), onFocus: () => preload(uploadModal) };

/**
 * Whether the upload modal is open, and with which dropped file: `open` asks for its chunk the first
 * time, and `modal` says when it has arrived, or that it could not.
 */
export function useUploadModal() {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [wanted, setWanted] = useState(false);
  const modal = useOnDemand(uploadModal, wanted);

  const openUpload = (dropped: File | null) => {
    setFile(dropped);
    setOpen(true);
    setWanted(true);
  };

  const closeUpload = () => {
    setOpen(false);
    setFile(null);
  };

  return { open, file, modal, openUpload, closeUpload };
}
