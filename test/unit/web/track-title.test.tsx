// @vitest-environment happy-dom
/**
 * A track's title and its editor, which loads the first time a title is renamed (track-title.tsx): the
 * title stays while it loads, a pointer over 'Rename' starts it, and one that could not load says so.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const EDITOR = '../../../web/src/features/tracks/components/track-title-editor';

/** track-title.tsx afresh, as on a page where no title has been renamed yet; `editor` stands for its code's download. */
async function freshTitle(editor: () => Promise<unknown>) {
  vi.resetModules();
  vi.doMock(EDITOR, editor);
  const { TrackTitle } = await import('../../../web/src/features/tracks/components/track-title');
  function Row() {
    const [editing, setEditing] = useState(false);
    return <TrackTitle trackId="a" title="Draft" editing={editing} onEditingChange={setEditing} />;
  }
  render(<Row />);
}

/** A stand-in for the editor: an input with the title. */
const stubEditor = { TrackTitleEditor: ({ title }: { title: string }) => <input aria-label="Track title" defaultValue={title} /> };

afterEach(() => {
  cleanup();
  vi.doUnmock(EDITOR);
  vi.resetModules();
});

describe("a track's title", () => {
  it('keeps the title while the editor loads, says so when it does not arrive, and opens it on Try again', async () => {
    let attempts = 0;
    await freshTitle(() => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(stubEditor);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Rename Draft' }));
    expect(screen.getByTestId('track-title').textContent).toBe('Draft');
    expect((await screen.findByTestId('track-title-unavailable')).textContent).toContain('could not load');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(((await screen.findByRole('textbox', { name: 'Track title' })) as HTMLInputElement).value).toBe('Draft');
    expect(screen.queryByTestId('track-title')).toBeNull();
    expect(attempts).toBe(2);
  });

  it("starts loading the editor at a pointer over 'Rename', before the press", async () => {
    let asked = 0;
    await freshTitle(async () => {
      asked += 1;
      return stubEditor;
    });
    expect(asked).toBe(0);
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Rename Draft' }));
    await waitFor(() => expect(asked).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: 'Rename Draft' }));
    expect(await screen.findByRole('textbox', { name: 'Track title' })).toBeTruthy();
    expect(asked).toBe(1);
  });
});
