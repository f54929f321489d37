import { useId, useState, type Dispatch, type SetStateAction } from 'react';
import { onDemand, useOnDemand } from '@/lib/on-demand';

// The snippet editor's code loads at the first sign of opening it (a pointer over Snippet, or focus).
export const snippetEditor = onDemand(() => import('@/features/tracks/components/snippet-editor').then((m) => m.SnippetEditor));
// So is the technical report's (opened by few, so not part of the dashboard's first load), and the A/B
// comparison of versions.
export const technicalReport = onDemand(() => import('@/components/technical-report').then((m) => m.TechnicalReport));
export const versionCompare = onDemand(() => import('@/features/tracks/components/version-compare').then((m) => m.VersionCompare));

/** One of a row's panels: whether it is open, and the id of the element its toggle controls. */
export interface RowPanel {
  open: boolean;
  setOpen: Dispatch<SetStateAction<boolean>>;
  id: string;
}

function usePanel(id: string): RowPanel {
  const [open, setOpen] = useState(false);
  return { open, setOpen, id };
}

/**
 * The panels under a track row, all closed at first: snippet, feedback, technical report and A/B. A panel
 * whose code is loaded on demand asks for it the first time it opens (`code`).
 */
export function useTrackRowPanels() {
  const baseId = useId();
  const snippet = usePanel(`${baseId}-snippet`);
  const feedback = usePanel(`${baseId}-feedback`);
  const report = usePanel(`${baseId}-report`);
  const compare = usePanel(`${baseId}-compare`);
  const snippetCode = useOnDemand(snippetEditor, snippet.open);
  const reportCode = useOnDemand(technicalReport, report.open);
  const compareCode = useOnDemand(versionCompare, compare.open);
  return {
    snippet: { ...snippet, code: snippetCode },
    feedback,
    report: { ...report, code: reportCode },
    compare: { ...compare, code: compareCode },
  };
}

export type RowPanels = ReturnType<typeof useTrackRowPanels>;
