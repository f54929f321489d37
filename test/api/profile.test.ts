/**
 * The profile page's API: the record's fields (only what changed is written), name and username (search
 * follows at once; a taken username is refused), social links (prefixes, removal, only web links), and a
 * pro's own price from the tiers, all as Choose Your Pro then shows them.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callerOn, callRoute, createConfirmedUser, type TestUser } from '../support/stack-kit.js';
import { allPros, onboard, testAdmin } from '../support/flows.js';

const stack = inject('stack');
const tag = randomUUID().slice(0, 6);
let pro: TestUser;
let proId: string;
let musician: TestUser;

beforeAll(async () => {
  [pro, musician] = await Promise.all([
    createConfirmedUser(stack, { fullName: `Pia Profile ${tag}` }),
    createConfirmedUser(stack, { fullName: `Milo Looker ${tag}` }),
  ]);
  proId = await onboard(stack, pro, 'pro');
  await onboard(stack, musician, 'musician');
});

const call = callerOn(stack);

describe('the profile record', () => {
  it('saves the fields sent, trimmed, and shows them on the pro card', async () => {
    const saved = await call(pro, 'updateProfile', {
      bio: '  Mixing engineer.  ',
      location: 'Lisbon',
      keyCredits: 'Two gold records',
      availability: '4-7 sessions/week',
      responseTime: 'Within 3 days',
      mentorshipStyle: 'holistic',
      featuredTrack: 'https://soundcloud.com/pia/a ,https://youtube.com/@pia',
      testimonials: 'Great ears.',
      eventParticipation: 'ADE 2025',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      bio: 'Mixing engineer.',
      location: 'Lisbon',
      availability: '4-7 sessions/week',
      mentorshipStyle: 'holistic',
      featuredTrack: 'https://soundcloud.com/pia/a, https://youtube.com/@pia',
    });
    const card = (await allPros(stack, musician.idToken)).find((u: { id: string }) => u.id === proId);
    expect(card).toMatchObject({
      bio: 'Mixing engineer.',
      availability: '4-7 sessions/week',
      responseTime: 'Within 3 days',
      keyCredits: 'Two gold records',
    });
    // An empty optional field clears it.
    expect((await call(pro, 'updateProfile', { location: '  ' })).body.location).toBeNull();
  });

  it("refuses what the form refuses, with the spec's words", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ fullName: '   ' }, 'This field is required'],
      [{ username: '' }, 'This field is required'],
      [{ availability: 'whenever' }, 'Availability must be one of'],
      [{ featuredTrack: 'javascript:alert(1)' }, 'is not a web link'],
      [{}, 'Nothing to save'],
      [{ isAdmin: true }, 'Unknown field'],
    ];
    for (const [input, message] of cases) {
      const res = await call(pro, 'updateProfile', input);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.body.error.message).toContain(message);
    }
    const admin = await testAdmin(stack);
    expect((await call(admin, 'updateProfile', { bio: 'x' })).status).toBe(403);
  });

  it('renames at once in search, and moves the username reservation', async () => {
    const user = await createConfirmedUser(stack, { fullName: `Renata Old${tag}` });
    await onboard(stack, user, 'musician');
    const oldUsername = (await call(user, 'getMe')).body.username as string;
    const newName = `Renata New${tag}`;
    const newUsername = `renata_${tag}`;
    const saved = await call(user, 'updateProfile', { fullName: newName, username: newUsername.toUpperCase() });
    expect(saved.body).toMatchObject({ fullName: newName, username: newUsername });
    const search = async (q: string) =>
      (await call(musician, 'searchUsers', { q })).body.users.map((u: { fullName: string }) => u.fullName);
    expect(await search(`new${tag}`)).toEqual([newName]);
    expect(await search(`old${tag}`)).toEqual([]);
    expect(await search(newUsername)).toEqual([newName]);
    expect((await callRoute(stack.apiUrl, 'usernameExists', { username: newUsername })).body.exists).toBe(true);
    // The old username is free again.
    expect((await callRoute(stack.apiUrl, 'usernameExists', { username: oldUsername })).body.exists).toBe(false);
  });

  it("gives a username to one of two people asking for it at once, and the other the spec's message", async () => {
    const [a, b] = await Promise.all([createConfirmedUser(stack), createConfirmedUser(stack)]);
    await Promise.all([onboard(stack, a, 'musician'), onboard(stack, b, 'musician')]);
    const wanted = `both_${tag}`;
    const results = await Promise.all([call(a, 'updateProfile', { username: wanted }), call(b, 'updateProfile', { username: wanted })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.status === 409)!;
    expect(refused.body.error).toEqual({ code: 'username_taken', message: 'Username already exists. Please choose a different one.' });
  });
});

describe('social links', () => {
  it('adds the platform prefix to a handle, keeps full URLs, removes empty ones', async () => {
    const saved = await call(pro, 'saveSocialLinks', {
      links: { instagram: 'pia.mix', youtube: '@piamix', website: 'pia.example.com', linkedin: 'https://linkedin.com/in/pia' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.socialMedia).toEqual([
      { platform: 'instagram', url: 'https://instagram.com/pia.mix' },
      { platform: 'youtube', url: 'https://youtube.com/@piamix' },
      { platform: 'linkedin', url: 'https://linkedin.com/in/pia' },
    ]);
    expect(saved.body.website).toBe('https://pia.example.com');
    const removed = await call(pro, 'saveSocialLinks', { links: { instagram: '', website: '' } });
    expect(removed.body.socialMedia.map((l: { platform: string }) => l.platform)).toEqual(['youtube', 'linkedin']);
    expect(removed.body.website).toBeNull();
    const card = (await allPros(stack, musician.idToken)).find((u: { id: string }) => u.id === proId);
    expect(card.socialMedia).toEqual(removed.body.socialMedia);
  });

  it('refuses links that are not web addresses and unknown platforms', async () => {
    expect((await call(pro, 'saveSocialLinks', { links: { website: 'javascript:alert(1)' } })).status).toBe(400);
    expect((await call(pro, 'saveSocialLinks', { links: { myspace: 'x' } })).status).toBe(400);
    expect((await call(pro, 'saveSocialLinks', { links: { instagram: 'has space' } })).status).toBe(400);
  });
});

describe("a pro's own price", () => {
  it('takes one of the tiers, and a musician sees it on the card', async () => {
    for (const price of [20, -15, 15.5]) expect((await call(pro, 'setOwnPrice', { price })).status).toBe(400);
    expect((await call(pro, 'setOwnPrice', { price: 30 })).body.feedbackPriceCents).toBe(3000);
    expect((await allPros(stack, musician.idToken)).find((u: { id: string }) => u.id === proId).feedbackPriceCents).toBe(3000);
    expect((await call(pro, 'setOwnPrice', { price: 0 })).body.feedbackPriceCents).toBeNull();
    expect((await call(musician, 'setOwnPrice', { price: 15 })).status).toBe(403);
  });
});
