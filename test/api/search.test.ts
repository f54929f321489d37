/** User search when many people share a prefix: the type filter still finds who matches. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { UserRecord } from '../../functions/data/users.js';
import { callRoute } from '../support/api.js';
import { useStackEnvironment } from '../support/in-process.js';
import { createConfirmedUser } from '../support/users.js';

const stack = inject('stack');

beforeAll(() => useStackEnvironment(stack));

function person(fullName: string, type: 'musician' | 'pro'): UserRecord {
  const now = new Date().toISOString();
  const id = randomUUID();
  return {
    id,
    email: `${id}@example.test`,
    fullName,
    username: `u${id.replaceAll('-', '').slice(0, 20)}`,
    type,
    typeChosen: true,
    genres: ['House'],
    costRange: null,
    experience: null,
    feedbackPriceCents: null,
    balanceCents: 0,
    bio: null,
    createdAt: now,
    updatedAt: now,
  };
}

describe('user search with a type filter', () => {
  it('finds the one pro among a hundred musicians with the same name prefix', async () => {
    const { createUser } = await import('../../functions/data/users.js');
    // A surname no other test uses; the musicians' terms sort before the pro's, filling the first pages.
    const surname = `Qx${randomUUID().replace(/[^a-f]/g, '').slice(0, 6)}`;
    const musicians = Array.from({ length: 100 }, (_, i) => person(`${surname} Aaron ${i}`, 'musician'));
    const pro = person(`${surname} Zed`, 'pro');
    for (const u of [...musicians, pro]) expect(await createUser(u)).toBe('created');

    const caller = await createConfirmedUser(stack);
    const pros = await callRoute(stack.apiUrl, 'searchUsers', { q: surname, type: 'pro' }, caller.idToken);
    expect(pros.status).toBe(200);
    expect(pros.body.users.map((u: { id: string }) => u.id)).toEqual([pro.id]);

    const all = await callRoute(stack.apiUrl, 'searchUsers', { q: surname }, caller.idToken);
    expect(all.body.users).toHaveLength(20);
  });
});
