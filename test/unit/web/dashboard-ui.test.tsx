// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { JourneyToPro } from '../../../web/src/features/dashboard/components/journey-to-pro';

afterEach(cleanup);

describe('Your Journey to Pro', () => {
  it('shows its placeholder figures and no progress bar claiming progress they do not show', () => {
    render(<JourneyToPro />);
    const panel = screen.getByTestId('journey-to-pro');
    expect(within(panel).getByRole('heading', { name: 'Your Journey to Pro' })).toBeTruthy();
    expect(within(panel).getByText('Coming Soon')).toBeTruthy();
    const stats = within(panel).getAllByTestId('journey-stat');
    expect(stats).toHaveLength(4);
    for (const s of stats) expect(s.textContent).toBe('—Not available yet');
    expect(within(panel).queryByRole('progressbar')).toBeNull();
    expect(panel.querySelector('.progress, [style*="width"]')).toBeNull();
  });
});
