import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { TextField } from '@/components/text-field';
import { PlanLimitNotice } from '@/components/plan-limit-notice';
import { useTrackUpload } from '@/features/tracks/hooks/use-track-upload';
import { useUploadForm } from '@/features/tracks/hooks/use-upload-form';
import type { VersionTarget } from '@/features/tracks/api/tracks';
import { UploadFileField } from './upload-file-field';
import { UploadProgress } from './upload-progress';
import '@/features/tracks/upload.css';
import '@/styles/forms.css';

const FORMATS = 'MP3, WAV, FLAC, OGG, M4A, AAC or AIFF, up to 200 MB.';

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
  const form = useUploadForm({ open, initialFile, versionOf, upload, onClose });
  const { cancel } = upload;

  const close = () => {
    if (upload.phase === 'processing') return;
    cancel();
    onClose();
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
      <form className="form upload-form" onSubmit={form.submit} noValidate>
        <UploadFileField
          file={form.file}
          error={form.fileError}
          dragging={form.dragging}
          busy={upload.busy}
          onChoose={form.choose}
          onDrag={form.onDrag}
          onDrop={form.onDrop}
        />

        {!versionOf && (
          <>
            <TextField
              label="Track title"
              name="title"
              value={form.title}
              error={form.titleError}
              onChange={form.editTitle}
              disabled={upload.busy}
              maxLength={200}
              autoComplete="off"
              required
            />
            <TextField
              label="Artist (optional)"
              name="artist"
              value={form.artist}
              onChange={form.setArtist}
              disabled={upload.busy}
              maxLength={200}
              autoComplete="off"
            />
          </>
        )}

        <UploadProgress waiting={waiting} sending={sending} processing={processing} percent={upload.percent} retryAt={upload.retryAt} />

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
