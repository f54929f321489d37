// @vitest-environment happy-dom
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TrackView } from '../../../shared/schemas/tracks';

vi.mock('../../../web/src/lib/api', () => import('./amplify-mock'));

import { useSnippetDraft } from '../../../web/src/features/tracks/hooks/use-snippet-draft';
import { trackView } from './fixtures';
import { renderUi } from './render';

/** The draft as the editor holds it, and an edit of it. */
function Draft({ track }: { track: TrackView }) {
  const { draft, dirty, change } = useSnippetDraft(track);
  return (
    <>
      <output data-testid="draft">{`${draft.start}-${draft.end}${dirty ? ' (edited)' : ''}`}</output>
      <button type="button" onClick={() => change({ start: 20, end: 50 })}>
        Edit
      </button>
    </>
  );
}

const draft = () => screen.getByTestId('draft').textContent;

describe('the snippet being edited', () => {
  it('keeps an edit while the same audio is saved again elsewhere, and starts afresh on a new version', async () => {
    const v1 = trackView({ id: 'v1', duration: 150, snippet: { start: 10, end: 40 } });
    const view = renderUi(<Draft track={v1} />);
    expect(draft()).toBe('10-40');
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(draft()).toBe('20-50 (edited)');
    // Saved from another tab meanwhile: the edit stays.
    view.rerender(<Draft track={{ ...v1, snippet: { start: 5, end: 35 } }} />);
    expect(draft()).toBe('20-50 (edited)');

    // A new version arrives under the open editor, still processing, then ready with its own length.
    const v2 = trackView({ id: 'v2', version: 2, status: 'processing', duration: 0, snippet: { start: 0, end: 0 } });
    await act(async () => view.rerender(<Draft track={v2} />));
    await act(async () => view.rerender(<Draft track={{ ...v2, status: 'ready', duration: 120, snippet: { start: 0, end: 30 } }} />));
    expect(draft()).toBe('0-30');
  });
});
