import { useState } from 'react';
import type { ProApplicationView } from '@shared/schemas/profile';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errors';
import { useDecideApplication, type Decision } from '@/features/admin/api/admin';
import { ALREADY_DECIDED } from '@/features/admin/utils/format';

/** What a decision (or news that another admin decided first) says above the queue. */
export type DecisionMessage = { tone: 'success' | 'error'; text: string };

/**
 * Approving or declining one pro application. Its outcome goes to `onMessage`; a failure that leaves
 * the application open is kept in `error`, shown with it.
 */
export function useApplicationDecision(app: ProApplicationView, name: string, onMessage: (m: DecisionMessage) => void) {
  const decide = useDecideApplication();
  const [error, setError] = useState<string | null>(null);
  // Decided here: the buttons stay off until the reloaded list drops the application.
  const [decided, setDecided] = useState(false);
  const busy = decide.isPending || decided;

  const onError = (err: unknown) => {
    if (err instanceof ApiError && err.code === 'application_decided') {
      onMessage({ tone: 'error', text: ALREADY_DECIDED });
      return;
    }
    setError(errorMessage(err, 'Could not save the decision. Please try again.'));
  };

  // mutateAsync, not mutate's callbacks: those are skipped once the reloaded list has dropped this item.
  const send = async (input: Decision, done: string) => {
    if (busy) return false;
    setError(null);
    try {
      await decide.mutateAsync(input);
      setDecided(true);
      onMessage({ tone: 'success', text: done });
      return true;
    } catch (err) {
      onError(err);
      return false;
    }
  };

  const approve = () => void send({ id: app.userId, decision: 'approve' }, `Approved: ${name} is now a pro.`);

  /** Approves and vets as World-Class for `reason`; `closed` once it is done (a failure keeps the dialog, saying why). */
  const approveWorldClass = (reason: string, closed: () => void) =>
    void send({ id: app.userId, decision: 'approve', worldClass: reason }, `Approved: ${name} is now a pro, vetted as World-Class.`).then(
      (ok) => ok && closed(),
    );

  const decline = (reason: string) =>
    void send({ id: app.userId, decision: 'decline', reason }, `Declined: ${name} will get your reason by e-mail.`);

  return {
    error,
    clearError: () => setError(null),
    decided,
    busy,
    saving: decide.isPending,
    mutation: decide,
    approve,
    approveWorldClass,
    decline,
  };
}
