import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const stuckPayoutsKey = ['admin', 'stuck-payouts'] as const;

/** Pros' payouts PayPal has not answered for hours, oldest first (few: one open payout per pro). */
export const useStuckPayouts = () => useQuery({ queryKey: stuckPayoutsKey, queryFn: () => api('listStuckPayouts'), staleTime: 0 });
