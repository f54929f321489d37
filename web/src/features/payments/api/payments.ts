import { useQuery, useQueryClient } from '@tanstack/react-query';
import { USER_NOT_AUTHENTICATED } from '@shared/constants';
import { api, type ApiInput } from '@/lib/api';
import { saidIfSignedOut } from '@/lib/signed-out';

/** A paid request as the share dialog has it: everything but the idempotency key; for Snip Pro, with its genre. */
export type OrderRequest = Omit<ApiInput<'createOrder'>, 'idempotencyKey'> & { genre?: string };

export const paymentKey = (orderId: string) => ['payment', orderId] as const;

/**
 * Opens the PayPal order of a paid request. The same key gives back the same order, so a double click or
 * a retry never opens a second one.
 */
export const createOrder = ({ genre, ...request }: OrderRequest, idempotencyKey: string) =>
  saidIfSignedOut(
    // Snip Pro names nobody: the order is for the pool, matched by the genre.
    genre !== undefined
      ? api('createPoolRequest', { trackId: request.trackId, genre, shareOptions: request.shareOptions, idempotencyKey })
      : api('createOrder', { ...request, idempotencyKey }),
    USER_NOT_AUTHENTICATED,
  );

/**
 * Captures the order the payer approved, once: a query (not an effect-fired mutation), so that React's
 * double mount and remounts share one request. Asking again is only ever the user's choice (refetch);
 * the server is idempotent either way.
 */
export function useCapturePayment(orderId: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: paymentKey(orderId ?? ''),
    enabled: Boolean(orderId),
    queryFn: async () => {
      const payment = await saidIfSignedOut(api('captureOrder', { orderId: orderId! }), USER_NOT_AUTHENTICATED);
      // A capture creates the request and marks its track shared: lists read before it are stale.
      void client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'payment' });
      return payment;
    },
    staleTime: Infinity,
    retry: false,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/**
 * Gives up the order the payer cancelled at PayPal, once, so that it stops counting among their open
 * payments (the server settles it instead when it was approved meanwhile in another tab). Nothing to show:
 * the page says nothing was charged either way, and an order left open lapses on its own.
 */
export function useCancelPayment(orderId: string | null) {
  return useQuery({
    queryKey: ['payment-cancel', orderId ?? ''],
    enabled: Boolean(orderId),
    queryFn: () => api('cancelOrder', { orderId: orderId! }),
    staleTime: Infinity,
    retry: false,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
