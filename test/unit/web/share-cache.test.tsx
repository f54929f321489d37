// @vitest-environment happy-dom
/**
 * The request's cached detail against reads that cross a change: a read begun before the change was
 * saved must not land after it and take the change away (a re-check's mark that did not stay pressed).
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../web/src/lib/api', () => import('./amplify-mock'));
import { apiMock } from './amplify-mock';
import { useMarkCheck } from '../../../web/src/features/feedback/api/share-actions';
import { useShareDetail } from '../../../web/src/features/feedback/api/shares';

const point = (mark: string | null) => ({ commentId: 'c1', text: 'Boomy at 0:42', timestamp: 42, originalTimestamp: 42, mark, note: null });
const detail = (mark: string | null) => ({ share: { id: 's1', status: 'accepted' }, comments: [], checklist: [point(mark)] });

/** A promise and the function that settles it, for an answer the test hands over when it chooses. */
function later<T>() {
  let settle!: (value: T) => void;
  const promise = new Promise<T>((r) => (settle = r));
  return { promise, settle };
}

afterEach(() => apiMock.mockReset());

describe("a re-check's mark", () => {
  it('stays when a read of the request begun before it was saved answers after it', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const staleRead = later<unknown>();
    const saved = later<unknown>();
    let reads = 0;
    apiMock.mockImplementation((route: string) => {
      if (route === 'getShare') {
        reads++;
        // The first read loads the page; the second (after Accept, say) is slow and reads the point unmarked;
        // any later one reads what the server now holds.
        if (reads === 1) return Promise.resolve(detail(null));
        if (reads === 2) return staleRead.promise;
        return Promise.resolve(detail('fixed'));
      }
      if (route === 'markCheck') return saved.promise;
      throw new Error(`unexpected ${route}`);
    });
    const { result } = renderHook(() => ({ detail: useShareDetail('s1'), mark: useMarkCheck('s1') }), { wrapper });
    await waitFor(() => expect(result.current.detail.data?.checklist?.[0].mark).toBeNull());

    void act(() => void client.invalidateQueries({ queryKey: ['share', 's1'] }));
    await waitFor(() => expect(reads).toBe(2));
    act(() => result.current.mark.mutate({ commentId: 'c1', mark: 'fixed', note: '' }));
    await act(async () => saved.settle({ commentId: 'c1', mark: 'fixed', note: null }));
    await waitFor(() => expect(result.current.mark.isSuccess).toBe(true));
    await act(async () => staleRead.settle(detail(null)));

    await waitFor(() => expect(result.current.detail.isFetching).toBe(false));
    expect(result.current.detail.data?.checklist?.[0].mark).toBe('fixed');
  });
});
