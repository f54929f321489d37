// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MAIN_GENRES } from '../../../shared/genres';
import { countSelected, GenrePicker, toggleGenre } from '../../../web/src/components/genre-picker';
import { genresButtonText } from '../../../web/src/features/onboarding/components/musician-onboarding';
import { proButtonText } from '../../../web/src/features/onboarding/components/pro-onboarding';

afterEach(cleanup);

function Harness() {
  const [value, setValue] = useState<string[]>([]);
  return <GenrePicker value={value} onChange={setValue} />;
}

describe('GenrePicker', () => {
  it('lists the 12 main genres under "Select Your Genres"', () => {
    render(<Harness />);
    expect(screen.getByRole('heading', { name: 'Select Your Genres' })).toBeTruthy();
    expect(screen.getByText('Choose the genres you work with')).toBeTruthy();
    const toggles = screen.getAllByRole('button', { expanded: false });
    expect(toggles.map((t) => t.textContent)).toEqual(MAIN_GENRES.map((g) => g.name));
    expect(screen.getByTestId('genres-selected').textContent).toBe('0 genre(s) selected');
  });

  it('expands a main genre into toggle chips and counts the selection', () => {
    render(<Harness />);
    const rock = screen.getByTestId('genre-group-rock');
    fireEvent.click(rock);
    expect(rock.getAttribute('aria-expanded')).toBe('true');
    const group = screen.getByRole('group', { name: 'Rock sub-genres' });
    const chips = within(group).getAllByRole('button');
    expect(chips).toHaveLength(MAIN_GENRES.find((g) => g.name === 'Rock')!.subGenres.length);

    fireEvent.click(within(group).getByRole('button', { name: 'Indie Rock' }));
    fireEvent.click(within(group).getByRole('button', { name: 'Shoegaze' }));
    expect(
      within(group)
        .getByRole('button', { name: /Indie Rock/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(screen.getByTestId('genre-count-rock').textContent).toBe('2');
    expect(screen.getByTestId('genres-selected').textContent).toBe('2 genre(s) selected');

    fireEvent.click(within(group).getByRole('button', { name: /Shoegaze/ }));
    expect(screen.getByTestId('genre-count-rock').textContent).toBe('1');
    expect(screen.getByTestId('genres-selected').textContent).toBe('1 genre(s) selected');

    fireEvent.click(rock);
    expect(screen.queryByRole('group', { name: 'Rock sub-genres' })).toBeNull();
    // The badge stays while collapsed.
    expect(screen.getByTestId('genre-count-rock').textContent).toBe('1');
  });

  it('every main genre has real sub-genres', () => {
    expect(MAIN_GENRES).toHaveLength(12);
    for (const g of MAIN_GENRES) expect(g.subGenres.length).toBeGreaterThanOrEqual(5);
  });
});

describe('genre helpers and button texts', () => {
  it('toggles and counts', () => {
    expect(toggleGenre(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleGenre(['a', 'b'], 'a')).toEqual(['b']);
    expect(countSelected(['x', 'y', 'z'], ['y', 'z', 'q'])).toBe(2);
  });
  it('uses the spec texts for the musician genre button', () => {
    expect(genresButtonText(0, false)).toBe('Select at least one genre');
    expect(genresButtonText(2, false)).toBe('Continue');
    expect(genresButtonText(2, true)).toBe('Saving...');
  });
  it('uses the spec texts for the pro profile button', () => {
    expect(proButtonText(0, false)).toBe('Select at least one genre');
    expect(proButtonText(1, false)).toBe('Complete Profile');
    expect(proButtonText(1, true)).toBe('Saving...');
  });
});

describe('test ids of genres', () => {
  it('are readable slugs', async () => {
    const { slug } = await import('../../../web/src/components/genre-picker');
    expect(slug('R&B / Soul')).toBe('r-and-b-soul');
    expect(slug('Drum & Bass')).toBe('drum-and-bass');
    expect(slug('Hip-Hop / Rap')).toBe('hip-hop-rap');
    expect(slug("Children's Music")).toBe('children-s-music');
  });
});
