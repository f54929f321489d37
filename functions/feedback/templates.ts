/** A reviewer's comment templates: theirs alone (every route reads and writes the caller's own list), capped in number. */
import { randomUUID } from 'node:crypto';
import { TEMPLATE_LIMITS, type TemplateView } from '../../shared/schemas/templates.js';
import { getTemplates, putTemplates, type TemplateRecord } from './data/templates.js';
import { Conflict, NotFound } from '../lib/errors.js';

const toView = ({ id, title, text, updatedAt }: TemplateRecord): TemplateView => ({ id, title, text, updatedAt });

export async function listTemplates(userId: string): Promise<{ templates: TemplateView[] }> {
  return { templates: (await getTemplates(userId)).templates.map(toView) };
}

/**
 * Reads the list, changes it and writes it on condition that it is as read; another tab's write in between
 * makes it read again (a few times), so neither change is lost.
 */
async function change(userId: string, edit: (list: TemplateRecord[]) => TemplateRecord[]): Promise<TemplateRecord[]> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const read = await getTemplates(userId, { consistent: true });
    const next = edit(read.templates);
    if (await putTemplates(userId, read, next)) return next;
  }
  throw new Conflict('Your templates were changed elsewhere at the same time. Please try again.', 'busy');
}

const notFound = () => new NotFound('Template not found');

export async function createTemplate(userId: string, input: { title: string; text: string }): Promise<TemplateView> {
  const at = new Date().toISOString();
  const template: TemplateRecord = { id: randomUUID(), title: input.title, text: input.text, createdAt: at, updatedAt: at };
  await change(userId, (list) => {
    if (list.length >= TEMPLATE_LIMITS.maxCount)
      throw new Conflict(`You can keep up to ${TEMPLATE_LIMITS.maxCount} templates. Delete one to add another.`, 'template_limit');
    return [...list, template];
  });
  return toView(template);
}

export async function updateTemplate(userId: string, input: { id: string; title: string; text: string }): Promise<TemplateView> {
  const list = await change(userId, (list) => {
    if (!list.some((t) => t.id === input.id)) throw notFound();
    const at = new Date().toISOString();
    return list.map((t) => (t.id === input.id ? { ...t, title: input.title, text: input.text, updatedAt: at } : t));
  });
  return toView(list.find((t) => t.id === input.id)!);
}

export async function deleteTemplate(userId: string, id: string): Promise<{ ok: true }> {
  await change(userId, (list) => {
    if (!list.some((t) => t.id === id)) throw notFound();
    return list.filter((t) => t.id !== id);
  });
  return { ok: true };
}
