import { useId, useRef, type DragEvent } from 'react';
import { Button } from '@/components/button';
import { UploadIcon } from '@/components/icons';
import { MusicIcon } from '@/components/icons-extra';
import { AudioFileInput } from '@/components/audio-file-input';
import { formatBytes } from '@/lib/audio-file';

/**
 * The upload's file: a drop zone whose button opens the file chooser (or, once a file is taken, its name
 * and size with Change), and why the file cannot be used, if it cannot.
 */
export function UploadFileField({
  file,
  error,
  dragging,
  busy,
  onChoose,
  onDrag,
  onDrop,
}: {
  file: File | null;
  error: string | null;
  dragging: boolean;
  busy: boolean;
  onChoose: (file: File | undefined) => void;
  onDrag: (e: DragEvent<HTMLDivElement>, over: boolean) => void;
  onDrop: (e: DragEvent<HTMLDivElement>) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const dropHintId = useId();
  const openChooser = () => inputRef.current?.click();

  return (
    <>
      <div
        className={`drop-zone${dragging ? ' is-dragging' : ''}${error ? ' has-error' : ''}${file ? ' has-file' : ''}`}
        onDragEnter={(e) => onDrag(e, true)}
        onDragOver={(e) => onDrag(e, true)}
        onDragLeave={(e) => onDrag(e, false)}
        onDrop={onDrop}
        data-testid="drop-zone"
      >
        <AudioFileInput inputRef={inputRef} onChoose={onChoose} testId="upload-file-input" />
        {file ? (
          <div className="drop-zone-file">
            <span className="drop-zone-icon">
              <MusicIcon />
            </span>
            <span className="drop-zone-file-text">
              <strong data-testid="upload-file-name">{file.name}</strong>
              <span className="muted small">{formatBytes(file.size)}</span>
            </span>
            <Button variant="ghost" onClick={openChooser} disabled={busy}>
              Change
            </Button>
          </div>
        ) : (
          <button type="button" className="drop-zone-button" onClick={openChooser} aria-describedby={dropHintId} disabled={busy}>
            <span className="drop-zone-icon">
              <UploadIcon />
            </span>
            <span className="drop-zone-title">Choose an audio file</span>
            <span className="muted small" id={dropHintId}>
              or drag and drop it here
            </span>
          </button>
        )}
      </div>
      {error && (
        <p className="field-error" role="alert" data-testid="upload-file-error">
          {error}
        </p>
      )}
    </>
  );
}
