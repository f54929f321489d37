// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../../../web/src/components/error-boundary';

afterEach(cleanup);

function Broken({ fail }: { fail: boolean }) {
  if (fail) throw new Error('Failed to fetch dynamically imported module');
  return <p>The page</p>;
}

describe('the page error boundary', () => {
  it('shows what happened and a way out instead of a blank window, and clears on the next page', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(
      <ErrorBoundary resetKey="/dashboard">
        <Broken fail />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('reload the page');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(logged.mock.calls.some((c) => c[0] === 'A page failed to render')).toBe(true);

    // Still failing on the same page: the message stays.
    rerender(
      <ErrorBoundary resetKey="/dashboard">
        <Broken fail={false} />
      </ErrorBoundary>,
    );
    expect(screen.queryByText('The page')).toBeNull();

    // Another page renders again.
    rerender(
      <ErrorBoundary resetKey="/profile">
        <Broken fail={false} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('The page')).toBeTruthy();
    expect(screen.queryByTestId('page-error')).toBeNull();
    logged.mockRestore();
  });
});
