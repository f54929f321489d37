import { describe, expect, it } from 'vitest';
import { pick, pickOrNull } from '../../../functions/lib/pick.js';

describe('views from records', () => {
  const record: { id: string; secret: string; note?: string | null; bio?: string } = { id: 'u1', secret: 'x', note: undefined, bio: 'Hi' };

  it('takes the named fields only, as they are stored', () => {
    expect(pick(record, ['id', 'bio'])).toEqual({ id: 'u1', bio: 'Hi' });
    expect(Object.keys(pick(record, ['id']))).toEqual(['id']);
  });

  it('shows an absent optional field as null, and one that is there as it is', () => {
    const view = pickOrNull(record, ['note', 'bio']);
    expect(view).toStrictEqual({ note: null, bio: 'Hi' });
    expect('secret' in view).toBe(false);
  });
});
