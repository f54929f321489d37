import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AdminUserView } from '@shared/schemas/admin';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errors';
import { adminUsersKey, patchUser, useAdjustBalance, useSetFeedbackPrice, useSetUserType } from '@/features/admin/api/admin';

export type Editing = 'price' | 'balance' | null;

/**
 * An admin's changes to one user: the type, and a pro's price and balance (one editor open at a time),
 * with why the last one failed. `actions` holds the buttons that open the editors, so that closing one
 * gives the keyboard back to its button.
 */
export function useUserEdits(user: AdminUserView) {
  const client = useQueryClient();
  const setType = useSetUserType();
  const setPrice = useSetFeedbackPrice();
  const adjust = useAdjustBalance();
  const [editing, setEditing] = useState<Editing>(null);
  const [error, setError] = useState<string | null>(null);
  const actions = useRef<HTMLDivElement>(null);
  const lastEdited = useRef<Editing>(null);
  const isPro = user.type === 'pro';

  useEffect(() => {
    // Back to display: the keyboard returns to the button that opened the editor.
    if (editing === null && lastEdited.current) {
      actions.current?.querySelector<HTMLButtonElement>(`[data-edit="${lastEdited.current}"]`)?.focus();
      lastEdited.current = null;
    }
  }, [editing]);

  useEffect(() => {
    if (!isPro) setEditing(null);
  }, [isPro]);

  const open = (which: Exclude<Editing, null>) => {
    setError(null);
    lastEdited.current = which;
    setEditing(which);
  };
  const close = () => setEditing(null);

  const onFail = (fallback: string) => (err: unknown) => {
    setError(errorMessage(err, fallback));
    if (err instanceof ApiError && err.code === 'not_pro') void client.invalidateQueries({ queryKey: adminUsersKey });
  };

  const changeType = (type: 'musician' | 'pro') => {
    if (type === user.type || setType.isPending) return;
    setError(null);
    setType.mutate({ id: user.id, type }, { onError: onFail('Could not change the user type. Please try again.') });
  };

  const savePrice = (price: number) => {
    setError(null);
    setPrice.mutate({ id: user.id, price }, { onSuccess: close, onError: onFail('Could not save the price. Please try again.') });
  };

  const saveBalance = (balance: number, reason: string) => {
    setError(null);
    adjust.mutate(
      { id: user.id, balance, expectedBalanceCents: user.balanceCents, reason },
      {
        onSuccess: close,
        onError: (err) => {
          // Someone (or a payment) moved the balance since this page read it: show the new one, keep editing.
          const now = err instanceof ApiError && err.code === 'balance_changed' ? err.details.balanceCents : undefined;
          if (typeof now === 'number') patchUser(client, user.id, { balanceCents: now });
          onFail('Could not save the balance. Please try again.')(err);
        },
      },
    );
  };

  return {
    editing,
    error,
    actions,
    open,
    close,
    changeType,
    typePending: setType.isPending,
    savePrice,
    pricePending: setPrice.isPending,
    saveBalance,
    balancePending: adjust.isPending,
  };
}

export type UserEdits = ReturnType<typeof useUserEdits>;
