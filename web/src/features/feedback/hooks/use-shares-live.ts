import { useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '@/lib/realtime-provider';
import type { RealtimeEvent } from '@/lib/realtime';
import { shareDetailKey, sharesQueryKey } from '@/features/feedback/api/shares';

/**
 * Reloads the shares shown when one of them, its comments, its feedback or its rating changes for the other party
 * (or after a reconnect, when changes may have been missed).
 */
export function useSharesLive(): void {
  const client = useQueryClient();
  const reload = (event: RealtimeEvent) => {
    void client.invalidateQueries({ queryKey: sharesQueryKey });
    if (event.type === 'change') void client.invalidateQueries({ queryKey: shareDetailKey(event.id) });
    else void client.invalidateQueries({ queryKey: ['share'] });
  };
  useRealtime('share', reload);
  useRealtime('comment', reload);
  useRealtime('feedback', reload);
  useRealtime('ranking', reload);
}
