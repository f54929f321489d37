/**
 * A pro's comment templates (/feedbacks/templates): saved, edited and deleted by their owner only, each
 * checked by the shared schema, at most TEMPLATE_LIMITS.maxCount of them.
 */
import { describe, expect, inject, it } from 'vitest';
import { TEMPLATE_LIMITS } from '../../shared/schemas/templates.js';
import { callRoute } from '../support/api.js';
import { onboardedUser } from '../support/flows.js';

const stack = inject('stack');

describe('comment templates', () => {
  it('are saved, listed, edited and deleted by their owner', async () => {
    const { user } = await onboardedUser(stack, 'pro');
    expect((await callRoute(stack.apiUrl, 'listTemplates', {}, user.idToken)).body).toEqual({ templates: [] });
    const created = await callRoute(
      stack.apiUrl,
      'createTemplate',
      { title: '  Low end ', text: 'Kick and bass\nfight at 80 Hz.' },
      user.idToken,
    );
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ title: 'Low end', text: 'Kick and bass\nfight at 80 Hz.' });
    const second = (await callRoute(stack.apiUrl, 'createTemplate', { title: 'Vocals', text: 'Ride the vocal.' }, user.idToken)).body;

    const edited = await callRoute(
      stack.apiUrl,
      'updateTemplate',
      { id: created.body.id, title: 'Low end', text: 'Sidechain the bass.' },
      user.idToken,
    );
    expect(edited.status).toBe(200);
    expect(edited.body.text).toBe('Sidechain the bass.');
    const listed = (await callRoute(stack.apiUrl, 'listTemplates', {}, user.idToken)).body.templates;
    expect(listed.map((t: { title: string; text: string }) => [t.title, t.text])).toEqual([
      ['Low end', 'Sidechain the bass.'],
      ['Vocals', 'Ride the vocal.'],
    ]);

    expect((await callRoute(stack.apiUrl, 'deleteTemplate', { id: second.id }, user.idToken)).body).toEqual({ ok: true });
    expect((await callRoute(stack.apiUrl, 'deleteTemplate', { id: second.id }, user.idToken)).status).toBe(404);
    expect((await callRoute(stack.apiUrl, 'listTemplates', {}, user.idToken)).body.templates).toHaveLength(1);
  });

  it('are nobody else’s to read or change', async () => {
    const owner = await onboardedUser(stack, 'pro');
    const other = await onboardedUser(stack, 'pro');
    const musician = await onboardedUser(stack, 'musician');
    const template = (await callRoute(stack.apiUrl, 'createTemplate', { title: 'Mine', text: 'My words.' }, owner.user.idToken)).body;

    expect((await callRoute(stack.apiUrl, 'listTemplates', {}, other.user.idToken)).body.templates).toEqual([]);
    const edit = await callRoute(stack.apiUrl, 'updateTemplate', { id: template.id, title: 'Theirs', text: 'Taken.' }, other.user.idToken);
    expect(edit.status).toBe(404);
    expect(edit.body.error.code).toBe('not_found');
    expect((await callRoute(stack.apiUrl, 'deleteTemplate', { id: template.id }, other.user.idToken)).status).toBe(404);
    // Templates are a reviewer's tool: a musician's account has none to ask for.
    expect((await callRoute(stack.apiUrl, 'listTemplates', {}, musician.user.idToken)).status).toBe(403);
    expect((await callRoute(stack.apiUrl, 'createTemplate', { title: 'x', text: 'y' })).status).toBe(401);

    const still = (await callRoute(stack.apiUrl, 'listTemplates', {}, owner.user.idToken)).body.templates;
    expect(still).toEqual([expect.objectContaining({ id: template.id, title: 'Mine', text: 'My words.' })]);
  });

  it('are checked: a name and text of bounded length, known fields only, a well-formed id', async () => {
    const { user } = await onboardedUser(stack, 'pro');
    const create = (input: Record<string, unknown>) => callRoute(stack.apiUrl, 'createTemplate', input, user.idToken);
    for (const [input, field] of [
      [{ title: '   ', text: 'Something' }, 'title'],
      [{ title: 'x'.repeat(TEMPLATE_LIMITS.titleMax + 1), text: 'Something' }, 'title'],
      [{ title: 'Empty', text: '' }, 'text'],
      [{ title: 'Long', text: 'x'.repeat(TEMPLATE_LIMITS.textMax + 1) }, 'text'],
    ] as const) {
      const res = await create(input);
      expect(res.status, JSON.stringify(input).slice(0, 80)).toBe(400);
      expect(res.body.error.fields).toHaveProperty(field);
    }
    expect((await create({ title: 'A', text: 'B', extra: true })).status).toBe(400);
    expect((await callRoute(stack.apiUrl, 'updateTemplate', { id: 'nope', title: 'A', text: 'B' }, user.idToken)).status).toBe(400);
    expect((await callRoute(stack.apiUrl, 'listTemplates', {}, user.idToken)).body.templates).toEqual([]);
  });

  it(`are at most ${TEMPLATE_LIMITS.maxCount}, even when added at once`, async () => {
    const { user } = await onboardedUser(stack, 'pro');
    const results = await Promise.all(
      Array.from({ length: TEMPLATE_LIMITS.maxCount + 2 }, (_, i) =>
        callRoute(stack.apiUrl, 'createTemplate', { title: `T${i}`, text: `Text ${i}` }, user.idToken),
      ),
    );
    const statuses = results.map((r) => r.status);
    // Writes that met another at the same moment are told to try again (409 busy); none gets past the cap.
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const stored = (await callRoute(stack.apiUrl, 'listTemplates', {}, user.idToken)).body.templates;
    expect(stored.length).toBe(statuses.filter((s) => s === 200).length);
    expect(stored.length).toBeLessThanOrEqual(TEMPLATE_LIMITS.maxCount);

    for (let i = stored.length; i < TEMPLATE_LIMITS.maxCount; i++) {
      expect((await callRoute(stack.apiUrl, 'createTemplate', { title: `U${i}`, text: 'More' }, user.idToken)).status).toBe(200);
    }
    const over = await callRoute(stack.apiUrl, 'createTemplate', { title: 'One more', text: 'Too many' }, user.idToken);
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe('template_limit');
  });
});
