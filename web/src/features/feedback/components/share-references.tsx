import { useId, useRef, useState } from 'react';
import { REFERENCES } from '@shared/constants';
import type { ReferenceView } from '@shared/schemas/references';
import type { ShareView } from '@shared/schemas/shares';
import { Alert } from '@/components/alert';
import { formatTime } from '@/components/audio-player';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/dialog';
import { AudioFileInput } from '@/components/audio-file-input';
import { errorMessage } from '@/lib/errors';
import type { UploadProgress } from '@/lib/storage-upload';
import { getShareAudioUrl, useAddComment } from '@/features/feedback/api/share-actions';
import { referenceAudioUrl, useAddReference, useReferences, useRemoveReference } from '@/features/feedback/api/references';
import { BlockTitle } from './block-title';
import { ComparisonTable, ReferenceListen } from './reference-compare';
import '@/features/feedback/share-references.css';

const STATUS_TEXT: Record<ReferenceView['status'], string> = {
  uploading: 'Uploading…',
  processing: 'Being measured…',
  ready: '',
  failed: 'Could not be used',
};

/** One reference: its name and loudness, then (opened) the A/B and the comparison. */
function ReferenceItem({
  share,
  reference,
  mixIntegratedLufs,
  canEdit,
  onRemove,
  onCite,
}: {
  share: ShareView;
  reference: ReferenceView;
  mixIntegratedLufs: number | null;
  canEdit: boolean;
  onRemove: () => void;
  onCite?: (citation: string) => Promise<unknown>;
}) {
  const ready = reference.status === 'ready';
  const [open, setOpen] = useState(false);
  const facts = [
    reference.duration !== undefined && formatTime(reference.duration),
    reference.integratedLufs != null && `${reference.integratedLufs.toFixed(1)} LUFS`,
  ].filter(Boolean);
  return (
    <li className="reference-item" data-testid="reference-item" data-status={reference.status}>
      <div className="reference-head">
        <span className="reference-name">
          <strong>{reference.number}.</strong> {reference.name}
        </span>
        <span className="muted small">{ready ? facts.join(' · ') : STATUS_TEXT[reference.status]}</span>
        {canEdit && (
          <Button
            variant="ghost"
            className="btn-sm"
            onClick={onRemove}
            aria-label={`Remove ${reference.name}`}
            data-testid="reference-remove"
          >
            Remove
          </Button>
        )}
      </div>
      {reference.status === 'failed' && <p className="field-error">{reference.failureReason}</p>}
      {ready && (
        <details className="reference-details" onToggle={(e) => setOpen(e.currentTarget.open)}>
          <summary>Compare with the mix</summary>
          {/* Made when opened, gone when closed: closing it stops what it plays. */}
          {open && (
            <>
              <ReferenceListen
                reference={reference}
                mix={{ integratedLufs: mixIntegratedLufs, peaks: share.trackPeaks, duration: share.trackDuration }}
                mixUrl={() => getShareAudioUrl(share.trackId)}
                referenceUrl={() => referenceAudioUrl(share.id, reference.id)}
              />
              {reference.comparison && <ComparisonTable reference={reference} onCite={onCite} />}
            </>
          )}
        </details>
      )}
    </li>
  );
}

/** The musician's control to attach one more reference, with the upload's progress. */
function AddReference({ shareId }: { shareId: string }) {
  const input = useRef<HTMLInputElement>(null);
  const hint = useId();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const add = useAddReference(shareId, setProgress);
  return (
    <div className="reference-add">
      <AudioFileInput inputRef={input} onChoose={(file) => file && add.mutate(file)} testId="reference-file" />
      <Button
        variant="secondary"
        onClick={() => input.current?.click()}
        busy={add.isPending}
        aria-describedby={hint}
        data-testid="reference-add"
      >
        Add a reference track
      </Button>
      <p id={hint} className="muted small">
        Up to {REFERENCES.perRequest}, each up to 100 MB and 10 minutes. Only you and your reviewer can hear them; they are deleted when the
        request closes.
      </p>
      {progress && (
        <progress max={100} value={progress.percent} aria-label="Uploading the reference track" data-testid="reference-progress">
          {progress.percent}%
        </progress>
      )}
      {add.isError && (
        <Alert tone="error" testId="reference-add-error">
          {errorMessage(add.error, 'The reference track could not be added')}
        </Alert>
      )}
    </div>
  );
}

/**
 * A request's reference tracks, for its two people while it is open: the musician attaches and removes them;
 * both hear each against the mix at the same loudness and read the differences; the reviewer can make one a
 * comment.
 */
export function ShareReferences({ share, isReviewer }: { share: ShareView; isReviewer: boolean }) {
  const heading = useId();
  const list = useReferences(share.id);
  const remove = useRemoveReference(share.id);
  const addComment = useAddComment(share.id);
  const [removing, setRemoving] = useState<ReferenceView | null>(null);
  const view = list.data;
  if (!view || (!view.canEdit && view.references.length === 0)) return null;
  const onCite =
    isReviewer && share.status === 'accepted'
      ? (citation: string) => addComment.mutateAsync({ timestamp: null, text: citation, tags: ['#Mixing'] })
      : undefined;
  return (
    <section className="share-references" aria-labelledby={heading} data-testid="share-references">
      <BlockTitle id={heading}>Reference tracks</BlockTitle>
      {view.references.length === 0 ? (
        <p className="muted small">Attach the tracks your mix is aiming at: your reviewer hears them beside it, matched in loudness.</p>
      ) : (
        <ol className="reference-list">
          {view.references.map((r) => (
            <ReferenceItem
              key={r.id}
              share={share}
              reference={r}
              mixIntegratedLufs={view.mixIntegratedLufs}
              canEdit={view.canEdit}
              onRemove={() => setRemoving(r)}
              onCite={onCite}
            />
          ))}
        </ol>
      )}
      {view.canEdit && view.references.length < REFERENCES.perRequest && <AddReference shareId={share.id} />}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this reference track?"
        description={`"${removing?.name ?? ''}" and its audio will be deleted; your reviewer will no longer hear it.`}
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, 'The reference track could not be removed') : null}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
        onCancel={() => setRemoving(null)}
        testId="remove-reference-dialog"
      />
    </section>
  );
}
