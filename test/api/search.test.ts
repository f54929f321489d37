/** User search when many people share a prefix: the type filter still finds who matches. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callRoute, createConfirmedUser, useStackEnvironment } from '../support/stack-kit.js';

const stack = inject('stack');

beforeAll(() => useStackEnvironment(stack));

/** A confirmed account's record, made the way the PostConfirmation trigger makes it, then given its type. */
async function person(name: string, type: 'musician' | 'pro') {
  const { createUserRecord } = await import('../../functions/people/users.js');
  const { updateUser } = await import('../../functions/people/data/users.js');
  const sub = randomUUID();
  const record = await createUserRecord({ sub, email: `${sub}@example.test`, name, preferredUsername: null, admin: false });
  return updateUser(record, { type, typeChosen: true });
}

describe('user search with a type filter', () => {
  it('finds the one pro among a hundred musicians with the same name prefix', async () => {
    // A surname no other test uses; the musicians' terms sort before the pro's, filling the first pages.
    const surname = `Qx${randomUUID()
      .replace(/[^a-f]/g, '')
      .slice(0, 6)}`;
    for (let i = 0; i < 100; i += 10) {
      await Promise.all(Array.from({ length: 10 }, (_, j) => person(`${surname} Aaron ${i + j}`, 'musician')));
    }
    const pro = await person(`${surname} Zed`, 'pro');

    const caller = await createConfirmedUser(stack);
    const pros = await callRoute(stack.apiUrl, 'searchUsers', { q: surname, type: 'pro' }, caller.idToken);
    expect(pros.status).toBe(200);
    expect(pros.body.users.map((u: { id: string }) => u.id)).toEqual([pro.id]);

    const all = await callRoute(stack.apiUrl, 'searchUsers', { q: surname }, caller.idToken);
    expect(all.body.users).toHaveLength(20);
  });
});
