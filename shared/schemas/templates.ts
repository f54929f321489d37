/** A reviewer's own comment templates: saved once, inserted into the comment box when writing a review. */
import * as z from 'zod/mini';
import { TEMPLATE_LIMITS } from '../templates.js';
import { textField } from './common.js';

export { TEMPLATE_LIMITS };

const templateId = z.string().check(z.uuid('Invalid id'));
const title = textField().check(
  z.minLength(1, 'Give the template a name'),
  z.maxLength(TEMPLATE_LIMITS.titleMax, `A name must be at most ${TEMPLATE_LIMITS.titleMax} characters`),
);
const text = textField({ multiline: true }).check(
  z.minLength(1, 'Write the template text'),
  z.maxLength(TEMPLATE_LIMITS.textMax, `A template must be at most ${TEMPLATE_LIMITS.textMax} characters`),
);

/** The fields a reviewer writes: the form and the API check them with the same schema. */
export const templateFields = z.strictObject({ title, text });
export const updateTemplateInput = z.strictObject({ id: templateId, title, text });
export const deleteTemplateInput = z.strictObject({ id: templateId });

export const templateView = z.object({ id: z.string(), title: z.string(), text: z.string(), updatedAt: z.string() });
export type TemplateView = z.infer<typeof templateView>;
export const templateList = z.object({ templates: z.array(templateView) });
