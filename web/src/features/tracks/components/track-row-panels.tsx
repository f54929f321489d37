import type { ReactNode } from 'react';
import type { TrackView } from '@shared/schemas/tracks';
import { MessageIcon } from '@/components/icons';
import { OnDemandStatus } from '@/components/on-demand-status';
import type { RowPanels } from '@/features/tracks/hooks/use-track-row-panels';
import type { SnippetAudition } from '@/features/tracks/hooks/use-snippet-audition';
import { versionedTitle } from '@shared/track-version';

/** A panel whose code loads when it first opens: until then, or if it could not load, its status under its id. */
function OnDemandPanel<T>({
  id,
  code,
  children,
}: {
  id: string;
  code: { value: T | undefined; failed: boolean; retry: () => void };
  children: (loaded: T) => ReactNode;
}) {
  return code.value ? (
    children(code.value)
  ) : (
    <div id={id}>
      <OnDemandStatus {...code} />
    </div>
  );
}

/** What the page gives for the version (its requests and their feedback), or how to get some. */
function FeedbackView({ id, track, feedback }: { id: string; track: TrackView; feedback: ReactNode }) {
  return (
    <section
      className={feedback ? 'feedback-view feedback-view-list' : 'feedback-view'}
      id={id}
      aria-label={`Feedback on ${versionedTitle(track)}`}
      data-testid="feedback-view"
    >
      {feedback || (
        <>
          <MessageIcon />
          <div>
            <p className="feedback-view-title">No feedback yet</p>
            <p className="muted small">Ask a peer or a pro with Get feedback; their ratings and timestamped comments will show here.</p>
          </div>
        </>
      )}
    </section>
  );
}

/** The row's open panels under its actions, each about the version shown (A/B about them all). */
export function TrackRowPanels({
  panels,
  track,
  all,
  comparable,
  feedback,
  snippet,
}: {
  panels: RowPanels;
  track: TrackView;
  all: TrackView[];
  comparable: boolean;
  feedback: ReactNode;
  snippet: Pick<SnippetAudition, 'setDraft' | 'audition' | 'auditioning'>;
}) {
  const { snippet: snippetPanel, report, compare } = panels;
  return (
    <>
      {snippetPanel.open && (
        <OnDemandPanel id={snippetPanel.id} code={snippetPanel.code}>
          {(Editor) => (
            <Editor
              key={track.id}
              id={snippetPanel.id}
              track={track}
              onDraftChange={snippet.setDraft}
              onAudition={snippet.audition}
              auditioning={snippet.auditioning}
            />
          )}
        </OnDemandPanel>
      )}

      {report.open && (
        <OnDemandPanel id={report.id} code={report.code}>
          {(Report) => <Report key={track.id} id={report.id} trackId={track.id} report={track.report} />}
        </OnDemandPanel>
      )}

      {compare.open && comparable && (
        <OnDemandPanel id={compare.id} code={compare.code}>
          {(Compare) => <Compare id={compare.id} versions={all} />}
        </OnDemandPanel>
      )}

      {panels.feedback.open && <FeedbackView id={panels.feedback.id} track={track} feedback={feedback} />}
    </>
  );
}
