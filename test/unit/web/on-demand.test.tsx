// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OnDemandStatus } from '../../../web/src/components/on-demand-status';
import { onDemand, useOnDemand, type OnDemand } from '../../../web/src/lib/on-demand';

afterEach(cleanup);

function Host({ piece, wanted }: { piece: OnDemand<(props: { name: string }) => React.ReactNode>; wanted: boolean }) {
  const loaded = useOnDemand(piece, wanted);
  if (!wanted) return <p>closed</p>;
  return loaded.value ? <loaded.value name="Ada" /> : <OnDemandStatus {...loaded} testId="piece-error" />;
}

describe('a piece loaded on demand', () => {
  it('is not asked for until wanted, says it is loading, then shows; a second user has it at once', async () => {
    let calls = 0;
    let arrive!: () => void;
    const piece = onDemand(async () => {
      calls++;
      await new Promise<void>((r) => (arrive = r));
      return ({ name }: { name: string }) => <p>Hello {name}</p>;
    });
    const { rerender } = render(<Host piece={piece} wanted={false} />);
    expect(calls).toBe(0);
    rerender(<Host piece={piece} wanted />);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(calls).toBe(1);
    await act(async () => arrive());
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    cleanup();
    render(<Host piece={piece} wanted />);
    expect(screen.getByText('Hello Ada')).toBeTruthy(); // no loading state the second time
    expect(calls).toBe(1);
  });

  it('says so when its chunk does not arrive, and Try again loads it afresh', async () => {
    let fail = true;
    const piece = onDemand(async () => {
      if (fail) throw new Error('Failed to fetch dynamically imported module');
      return ({ name }: { name: string }) => <p>Hello {name}</p>;
    });
    render(<Host piece={piece} wanted />);
    const alert = await screen.findByTestId('piece-error');
    expect(alert.textContent).toContain('This part of the page could not load.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
  });
});
