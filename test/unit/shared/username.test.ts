import { describe, expect, it } from 'vitest';
import { suggestUsername } from '../../../shared/username.js';

describe('suggestUsername', () => {
  it('keeps the lowercase alphanumeric part of the name, cut to 15 characters, plus 4 digits', () => {
    expect(suggestUsername('Mia Musician', () => 0)).toBe('miamusician1000');
    expect(suggestUsername("Élodie O'Brien-Smith the Third", () => 0.5)).toBe('elodieobriensmi5500');
  });

  it('keeps the base letter of letters with accents, and spells the rest as usual', () => {
    expect(suggestUsername('Zoë Müller', () => 0)).toBe('zoemuller1000');
    expect(suggestUsername('Søren Łukasz Straße', () => 0)).toBe('sorenlukaszstra1000');
    expect(suggestUsername('Ærøskøbing', () => 0)).toBe('aeroskobing1000');
  });

  it('draws the number from 1000 to 9999 inclusive', () => {
    expect(suggestUsername('a', () => 0)).toBe('a1000');
    expect(suggestUsername('a', () => 0.99999999)).toBe('a9999');
    for (let i = 0; i < 200; i++) {
      const n = Number(suggestUsername('x').slice(1));
      expect(n).toBeGreaterThanOrEqual(1000);
      expect(n).toBeLessThanOrEqual(9999);
    }
  });

  it('falls back to "user" for a name with no letters or digits', () => {
    expect(suggestUsername('!!!', () => 0)).toBe('user1000');
  });
});
