// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, Dialog } from '../../../web/src/components/dialog';

afterEach(cleanup);

function Harness({ dismissible = true }: { dismissible?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <Dialog open={open} title="Settings" description="Change things." onClose={() => setOpen(false)} dismissible={dismissible}>
        <input aria-label="Name" />
        <button>Save</button>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is a labelled modal dialog that takes the focus and gives it back on Esc', () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('keeps Tab inside', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const close = screen.getByRole('button', { name: 'Close' });
    const save = screen.getByRole('button', { name: 'Save' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(save);
    fireEvent.keyDown(save, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    // Focus that fell out of the dialog comes back in.
    (document.activeElement as HTMLElement).blur();
    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
  });

  it('ignores Esc and the backdrop while it may not be dismissed', () => {
    render(<Harness dismissible={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.keyDown(document.body, { key: 'Escape' });
    fireEvent.mouseDown(document.querySelector('.dialog-backdrop')!);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('closes on a click on the backdrop', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.mouseDown(document.querySelector('.dialog-backdrop')!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ConfirmDialog', () => {
  it('focuses Cancel first and confirms with the danger button', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Delete track?"
        description="Gone for good."
        confirmLabel="Delete"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Delete track?' });
    expect(document.activeElement?.textContent).toBe('Cancel');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('cannot be dismissed while busy', () => {
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        open
        busy
        title="Delete?"
        description="x"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        onConfirm={vi.fn()}
        onCancel={onCancel}
      />,
    );
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.getByText('Deleting...')).toBeTruthy();
  });
});

describe('the dialogs loaded on demand', () => {
  /** dialog.tsx afresh, as on a page where no dialog has opened yet; `panel` stands for its code's download. */
  async function freshDialog(panel: () => Promise<unknown>) {
    vi.resetModules();
    vi.doMock('../../../web/src/components/dialog-panel', panel);
    return import('../../../web/src/components/dialog');
  }

  afterEach(() => {
    vi.doUnmock('../../../web/src/components/dialog');
    vi.doUnmock('../../../web/src/components/dialog-panel');
    vi.doUnmock('../../../web/src/features/tracks/components/upload-track-modal');
    vi.resetModules();
  });

  it('starts loading at a pointer over or a focus on what opens a confirmation, before the press', async () => {
    let asked = 0;
    const { preloadConfirm } = await freshDialog(async () => {
      asked += 1;
      return vi.importActual('../../../web/src/components/dialog-panel');
    });
    render(
      <button type="button" {...preloadConfirm}>
        Delete
      </button>,
    );
    expect(asked).toBe(0);
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(asked).toBe(1));
    fireEvent.focus(screen.getByRole('button', { name: 'Delete' }));
    expect(asked).toBe(1);
  });

  it("asks for the dialogs' code with the upload modal's, not once the modal has arrived", async () => {
    // One mocked import in flight at a time: vitest shares one mock context between concurrent mocked
    // imports, so the dialogs' loader stands in here as a spy, not as a second mocked chunk.
    vi.resetModules();
    const loadDialogs = vi.fn(() => Promise.resolve());
    vi.doMock('../../../web/src/components/dialog', () => ({ loadDialogs }));
    let modalAsked = false;
    type Modal = { UploadTrackModal: () => null };
    let arrive!: (m: Modal) => void;
    vi.doMock('../../../web/src/features/tracks/components/upload-track-modal', () => {
      modalAsked = true;
      return new Promise<Modal>((resolve) => (arrive = resolve));
    });
    const { uploadModal } = await import('../../../web/src/features/tracks/hooks/use-upload-modal');
    const loaded = uploadModal.load();
    // Asked at once, in the same call, while the modal has not arrived.
    expect(loadDialogs).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(modalAsked).toBe(true));
    arrive({ UploadTrackModal: () => null });
    await loaded;
    expect(loadDialogs).toHaveBeenCalledTimes(1);
  });

  it('shows nothing until the code arrives, then the dialog with the focus in it', async () => {
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const real = await vi.importActual<typeof import('../../../web/src/components/dialog-panel')>(
      '../../../web/src/components/dialog-panel',
    );
    const { Dialog: Fresh } = await freshDialog(() => arrived.then(() => real));
    render(
      <Fresh open title="Settings" onClose={() => {}}>
        <button>Save</button>
      </Fresh>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    arrive();
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    // The focus moves in an effect after the dialog is drawn; under load the two are apart.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  });

  it('says so when the code does not arrive, tries again on request, and closes as the dialog would', async () => {
    let attempts = 0;
    const real = await vi.importActual<typeof import('../../../web/src/components/dialog-panel')>(
      '../../../web/src/components/dialog-panel',
    );
    const { ConfirmDialog: Fresh } = await freshDialog(() => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(real);
    });
    const onCancel = vi.fn();
    render(
      <Fresh open title="Delete track?" description="Gone for good." confirmLabel="Delete" onConfirm={() => {}} onCancel={onCancel} />,
    );
    const notice = await screen.findByTestId('dialog-unavailable');
    expect(notice.getAttribute('role')).toBe('alert');
    expect(notice.textContent).toContain('This dialog could not load');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('alertdialog', { name: 'Delete track?' })).toBeTruthy();
    expect(screen.queryByTestId('dialog-unavailable')).toBeNull();
  });
});
