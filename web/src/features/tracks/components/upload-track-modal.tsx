import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { AUDIO_FILE_ERROR } from '@shared/constants';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { UploadIcon } from '@/components/icons';
import { MusicIcon } from '@/components/icons-extra';
import { TextField } from '@/components/text-field';
import { PlanLimitNotice } from '@/components/plan-limit-notice';
import { useTrackUpload } from '@/features/tracks/hooks/use-track-upload';
import type { VersionTarget } from '@/features/tracks/api/tracks';
import { AUDIO_ACCEPT, checkAudioFile, formatBytes, titleFromFileName } from '@/features/tracks/utils/file-type';
import { checkTitle, loadTitleField } from '@/features/tracks/utils/title';
import '@/features/tracks/upload.css';
import '@/styles/forms.css';

const FORMATS = 'MP3, WAV, FLAC, OGG, M4A, AAC or AIFF, up to 200 MB.';

/** Whole seconds until `at`, kept current. */
function useSecondsUntil(at: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * Too many uploads were started in the last minute (the API's limit per user): this one waits and starts
 * by itself. Said once to a screen reader; the countdown is for the eyes.
 */
function RateLimitWait({ retryAt }: { retryAt: number }) {
  const seconds = useSecondsUntil(retryAt);
  return (
    <div className="upload-waiting" data-testid="upload-waiting">
      <p role="status">Too many uploads were started in the last minute. This one waits, then starts by itself.</p>
      <p className="muted small" aria-hidden="true" data-testid="upload-waiting-seconds">
        {seconds > 0 ? `Starting in ${seconds} s` : 'Starting...'}
      </p>
    </div>
  );
}

/**
 * The upload modal: choose or drop an audio file, give it a title, and watch it go straight to storage
 * with a progress bar (percent and Cancel). The server then checks the bytes before the track exists.
 */
export function UploadTrackModal({
  open,
  onClose,
  initialFile = null,
  versionOf = null,
}: {
  open: boolean;
  onClose: () => void;
  /** A file already chosen elsewhere (dropped on the track list): taken on open as if chosen here. */
  initialFile?: File | null;
  /** A new version of this track: it keeps the track's title and artist, so neither is asked. */
  versionOf?: VersionTarget | null;
}) {
  const upload = useTrackUpload();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [artist, setArtist] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [titleError, setTitleError] = useState<string | undefined>();
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const dropHintId = useId();
  const { reset, cancel } = upload;

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

  const close = () => {
    if (upload.phase === 'processing') return;
    cancel();
    onClose();
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

  const waiting = upload.phase === 'waiting';
  const sending = upload.phase === 'preparing' || upload.phase === 'uploading' || waiting;
  const processing = upload.phase === 'processing';

  return (
    <Dialog
      open={open}
      title={versionOf ? 'Upload a new version' : 'Upload Track'}
      description={`${versionOf ? `"${versionOf.title}" v${versionOf.next}: ` : ''}${FORMATS}`}
      onClose={close}
      dismissible={!upload.busy}
      initialFocus=".drop-zone-button"
      testId="upload-modal"
    >
      <form className="form upload-form" onSubmit={submit} noValidate>
        <div
          className={`drop-zone${dragging ? ' is-dragging' : ''}${fileError ? ' has-error' : ''}${file ? ' has-file' : ''}`}
          onDragEnter={(e) => onDrag(e, true)}
          onDragOver={(e) => onDrag(e, true)}
          onDragLeave={(e) => onDrag(e, false)}
          onDrop={onDrop}
          data-testid="drop-zone"
        >
          <input
            ref={inputRef}
            type="file"
            accept={AUDIO_ACCEPT}
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(e) => {
              choose(e.target.files?.[0]);
              e.target.value = '';
            }}
            data-testid="upload-file-input"
          />
          {file ? (
            <div className="drop-zone-file">
              <span className="drop-zone-icon">
                <MusicIcon />
              </span>
              <span className="drop-zone-file-text">
                <strong data-testid="upload-file-name">{file.name}</strong>
                <span className="muted small">{formatBytes(file.size)}</span>
              </span>
              <Button variant="ghost" onClick={() => inputRef.current?.click()} disabled={upload.busy}>
                Change
              </Button>
            </div>
          ) : (
            <button
              type="button"
              className="drop-zone-button"
              onClick={() => inputRef.current?.click()}
              aria-describedby={dropHintId}
              disabled={upload.busy}
            >
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
        {fileError && (
          <p className="field-error" role="alert" data-testid="upload-file-error">
            {fileError}
          </p>
        )}

        {!versionOf && (
          <>
            <TextField
              label="Track title"
              name="title"
              value={title}
              error={titleError}
              onChange={(v) => {
                setTitle(v);
                setTitleError(undefined);
              }}
              disabled={upload.busy}
              maxLength={200}
              autoComplete="off"
              required
            />
            <TextField
              label="Artist (optional)"
              name="artist"
              value={artist}
              onChange={setArtist}
              disabled={upload.busy}
              maxLength={200}
              autoComplete="off"
            />
          </>
        )}

        {waiting && upload.retryAt !== null && <RateLimitWait retryAt={upload.retryAt} />}

        {(sending || processing) && !waiting && (
          <div className="upload-progress" data-testid="upload-progress">
            <div className="upload-progress-head">
              <span>{processing ? 'Checking your audio...' : 'Uploading...'}</span>
              <span className="upload-percent" data-testid="upload-percent">
                {upload.percent}%
              </span>
            </div>
            <div
              className={`progress progress-upload${processing ? ' is-checking' : ''}`}
              role="progressbar"
              aria-label="Upload progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={upload.percent}
              aria-valuetext={processing ? 'Checking your audio' : `${upload.percent}%`}
            >
              <span style={{ width: `${upload.percent}%` }} />
            </div>
          </div>
        )}

        {upload.error && (
          <Alert tone="error" testId="upload-error">
            {upload.errorCode === 'plan_limit' ? <PlanLimitNotice message={upload.error} /> : upload.error}
          </Alert>
        )}

        <div className="dialog-actions">
          {sending ? (
            <Button variant="secondary" onClick={cancel} data-testid="upload-cancel">
              Cancel
            </Button>
          ) : (
            <Button variant="ghost" onClick={close} disabled={processing}>
              Cancel
            </Button>
          )}
          <Button
            type="submit"
            busy={upload.busy}
            busyText={processing ? 'Processing...' : waiting ? 'Waiting...' : 'Uploading...'}
            data-testid="upload-submit"
          >
            Upload
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
