import { useId } from 'react';
import { SNIPPET } from '@shared/constants';
import type { TrackView } from '@shared/schemas/tracks';
import { Facts } from '@/components/facts';
import { Alert } from '@/components/alert';
import { formatTime } from '@/components/audio-player';
import { Button } from '@/components/button';
import { errorMessage } from '@/lib/errors';
import { useSnippetDraft } from '@/features/tracks/hooks/use-snippet-draft';
import type { Snippet } from '@/features/tracks/utils/snippet';
import { SnippetArea } from './snippet-area';
import '@/features/tracks/snippet-editor.css';

/**
 * The snippet editor under a track row: two handles over the waveform choose the part pros hear first
 * (30 s from the start by default). The handles keep at least 1 s apart and stay within the track; they
 * drag with a pointer and move with the keyboard. Audition plays the range; Save stores it.
 */
export function SnippetEditor({
  track,
  onDraftChange,
  onAudition,
  auditioning,
  id,
}: {
  track: TrackView;
  onDraftChange?: (draft: Snippet) => void;
  /** Plays the range (or stops it when it is playing). */
  onAudition: (draft: Snippet) => void;
  auditioning: boolean;
  id?: string;
}) {
  const { saved, draft, dirty, valid, justSaved, update, change, save } = useSnippetDraft(track, onDraftChange);
  const headingId = useId();
  const tooShort = track.duration < SNIPPET.minGap;

  return (
    <section className="snippet-editor" aria-labelledby={headingId} id={id} data-testid="snippet-editor">
      <div className="snippet-head">
        <h4 id={headingId} className="snippet-title">
          Snippet<span className="visually-hidden"> of {track.title}</span>
        </h4>
        <p className="muted small">Drag the handles to pick the part reviewers hear first.</p>
      </div>

      <SnippetArea peaks={track.peaks} duration={track.duration} draft={draft} disabled={tooShort} onChange={change} />

      <Facts
        className="snippet-readout"
        facts={[
          { label: 'Start', value: formatTime(draft.start), testId: 'snippet-start' },
          { label: 'End', value: formatTime(draft.end), testId: 'snippet-end' },
          { label: 'Length', value: formatTime(draft.end - draft.start), testId: 'snippet-length' },
        ]}
      />

      {update.isError && (
        <Alert tone="error" testId="snippet-error">
          {errorMessage(update.error, 'Failed to save the snippet')}
        </Alert>
      )}
      {justSaved && !dirty && (
        <p className="snippet-saved" role="status" data-testid="snippet-saved">
          Snippet saved
        </p>
      )}

      <div className="snippet-actions">
        <Button variant="secondary" onClick={() => onAudition(draft)} disabled={tooShort} data-testid="snippet-audition">
          {auditioning ? 'Stop' : 'Audition'}
        </Button>
        <Button variant="ghost" onClick={() => change(saved)} disabled={!dirty || update.isPending}>
          Reset
        </Button>
        <Button onClick={save} disabled={!dirty || !valid} busy={update.isPending} busyText="Saving..." data-testid="snippet-save">
          Save snippet
        </Button>
      </div>
    </section>
  );
}
