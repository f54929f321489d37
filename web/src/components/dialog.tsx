import type { ComponentProps } from 'react';
import { createPortal } from 'react-dom';
import { onDemand, preload, useOnDemand } from '@/lib/on-demand';
import type * as Panels from './dialog-panel';
import { CloseIcon } from './icons';

/**
 * The dialogs' code and style (dialog-panel.tsx) load the first time one opens, so that no page's first
 * load carries them; a pointer over or a focus on what opens one may start it sooner (`preloadConfirm`).
 * Until it arrives nothing shows; one that could not load says so, with a way to try again.
 */
const panels = onDemand(() => import('./dialog-panel'));

const preloadDialogs = () => preload(panels);

/** Spread on a button that opens a confirmation: pointing at it or focusing it starts loading the dialogs. */
export const preloadConfirm = { onPointerEnter: preloadDialogs, onFocus: preloadDialogs };

/**
 * Loads them and waits: for a piece that opens as a dialog the moment it arrives (its code and the dialogs'
 * come together, not one after the other), and for tests, which then see a dialog open at once.
 */
export const loadDialogs = () => panels.load();

/** In place of the dialog when its code did not arrive: the app shell's notice, with the dialog's own way out. */
function Unavailable({ retry, onClose, dismissible }: { retry: () => void; onClose: () => void; dismissible: boolean }) {
  return createPortal(
    <div className="toast-region">
      <div className="toast" role="alert" data-testid="dialog-unavailable">
        <span>
          This dialog could not load. Check your connection.{' '}
          <button type="button" className="link-button" onClick={retry}>
            Try again
          </button>
        </span>
        <button type="button" className="icon-button toast-close" aria-label="Close" onClick={onClose} disabled={!dismissible}>
          <CloseIcon width={16} height={16} />
        </button>
      </div>
    </div>,
    document.body,
  );
}

/** A modal dialog (see dialog-panel.tsx): role=dialog, focus kept inside, Esc and the backdrop close it. */
export function Dialog(props: ComponentProps<typeof Panels.Dialog>) {
  const { value, failed, retry } = useOnDemand(panels, props.open);
  if (!props.open) return null;
  if (value) return <value.Dialog {...props} />;
  return failed ? <Unavailable retry={retry} onClose={props.onClose} dismissible={props.dismissible ?? true} /> : null;
}

/** A yes/no question about something that cannot be undone (see dialog-panel.tsx). */
export function ConfirmDialog(props: ComponentProps<typeof Panels.ConfirmDialog>) {
  const { value, failed, retry } = useOnDemand(panels, props.open);
  if (!props.open) return null;
  if (value) return <value.ConfirmDialog {...props} />;
  return failed ? <Unavailable retry={retry} onClose={props.onCancel} dismissible={!props.busy} /> : null;
}
