import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { Alert } from '@/components/alert';
import { Dialog, loadDialogs } from '@/components/dialog';
import type { ShareDialog } from './share-dialog';

type Props = ComponentProps<typeof ShareDialog>;

/** In place of the dialog when its chunk did not arrive. */
function Unavailable({ open, onClose }: Props) {
  return (
    <Dialog open={open} title="Request Feedback" onClose={onClose}>
      <Alert tone="error">The share dialog could not load. Check your connection and try again.</Alert>
    </Dialog>
  );
}

let failed = false;
function loadShareDialog() {
  failed = false;
  return lazy(() =>
    Promise.all([import('./share-dialog'), loadDialogs()]).then(
      ([m]) => ({ default: m.ShareDialog }),
      () => {
        failed = true;
        return { default: Unavailable };
      },
    ),
  );
}
let Loaded = loadShareDialog();

/**
 * The share dialog, loaded the first time it opens, so that it is no part of the dashboard's or Choose
 * Your Pro's first load. Until it arrives the page stays as it is (the chunk is small); one that could
 * not load says so, and is loaded afresh at the next opening.
 */
export function ShareDialogOnDemand(props: Props) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  const onClose = () => {
    props.onClose();
    if (failed) Loaded = loadShareDialog();
  };
  return (
    <Suspense fallback={null}>
      <Loaded {...props} onClose={onClose} />
    </Suspense>
  );
}
