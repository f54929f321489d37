import { useCallback, useLayoutEffect, useState, type DragEvent, type FormEvent } from 'react';
import { AUDIO_FILE_ERROR } from '@shared/constants';
import type { VersionTarget } from '@/features/tracks/api/tracks';
import type { useTrackUpload } from '@/features/tracks/hooks/use-track-upload';
import { checkAudioFile, titleFromFileName } from '@/lib/audio-file';
import { checkTitle, loadTitleField } from '@/features/tracks/utils/title';

/**
 * The upload form's fields (the file, dropped or chosen, its title and artist), their errors, and its
 * submit, which starts the upload. Everything is cleared each time the dialog opens.
 */
export function useUploadForm({
  open,
  initialFile,
  versionOf,
  upload,
  onClose,
}: {
  open: boolean;
  initialFile: File | null;
  versionOf: VersionTarget | null;
  upload: ReturnType<typeof useTrackUpload>;
  onClose: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [artist, setArtist] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [titleError, setTitleError] = useState<string | undefined>();
  const [dragging, setDragging] = useState(false);
  const { reset } = upload;

  // `currentTitle` is passed in so that opening with a file sees the title just cleared, not the last one.
  const takeFile = useCallback(
    (f: File, currentTitle: string) => {
      reset();
      const problem = checkAudioFile(f);
      if (problem) {
        setFile(null);
        setFileError(problem);
        return;
      }
      setFile(f);
      setFileError(null);
      if (!currentTitle.trim()) {
        setTitle(titleFromFileName(f.name));
        setTitleError(undefined);
      }
    },
    [reset],
  );

  // Before the browser paints, so a reopened dialog never shows the last file for a frame.
  useLayoutEffect(() => {
    if (!open) return;
    void loadTitleField().catch(() => {}); // loaded as the modal opens; a failure is told at submit
    setFile(null);
    setTitle('');
    setArtist('');
    setFileError(null);
    setTitleError(undefined);
    setDragging(false);
    reset();
    if (initialFile) takeFile(initialFile, '');
  }, [open, reset, initialFile, takeFile]);

  const choose = (f: File | null | undefined) => {
    if (f) takeFile(f, title);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (upload.busy) return;
    let ok = true;
    if (!file) {
      setFileError(AUDIO_FILE_ERROR);
      ok = false;
    }
    const problem = versionOf ? undefined : await checkTitle(title);
    if (problem) {
      setTitleError(problem);
      ok = false;
    }
    if (!ok || !file) return;
    const track = await upload.start(versionOf ? { file, title: versionOf.title, versionOf: versionOf.id } : { file, title, artist });
    if (track) onClose();
  };

  const onDrag = (e: DragEvent<HTMLDivElement>, over: boolean) => {
    e.preventDefault();
    e.stopPropagation();
    if (upload.busy) return;
    setDragging(over);
  };

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    e.stopPropagation();
    setDragging(false);
    if (upload.busy) return;
    choose(e.dataTransfer.files?.[0]);
  };

  const editTitle = (v: string) => {
    setTitle(v);
    setTitleError(undefined);
  };

  return { file, fileError, title, titleError, editTitle, artist, setArtist, dragging, choose, onDrag, onDrop, submit };
}
