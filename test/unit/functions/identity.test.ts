import { describe, expect, it } from 'vitest';
import { parseGroups } from '../../../functions/lib/identity.js';
import { allows } from '../../../functions/people/access.js';
import type { UserRecord } from '../../../functions/people/data/users.js';

describe('parseGroups', () => {
  it('reads the groups claim as a token carries it and as API Gateway flattens it', () => {
    expect(parseGroups(['admin'])).toEqual(['admin']);
    expect(parseGroups('[admin]')).toEqual(['admin']);
    expect(parseGroups('[admin pro]')).toEqual(['admin', 'pro']);
    expect(parseGroups('')).toEqual([]);
    expect(parseGroups(undefined)).toEqual([]);
  });
});

describe('allows', () => {
  const user = (type: UserRecord['type']) => ({ type }) as UserRecord;
  it('admits each role only to its own level', () => {
    expect(allows('user', user('musician'), false)).toBe(true);
    expect(allows('musician', user('musician'), false)).toBe(true);
    expect(allows('musician', user('pro'), false)).toBe(false);
    expect(allows('pro', user('pro'), false)).toBe(true);
    expect(allows('pro', user('musician'), false)).toBe(false);
    expect(allows('admin', user('musician'), false)).toBe(false);
    expect(allows('admin', user('admin'), true)).toBe(true);
  });
});
