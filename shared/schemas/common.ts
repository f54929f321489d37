import { z } from 'zod';

/** Every API error body: `{ "error": { "code", "message", "fields"? } }`. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const emptyInput = z.object({}).strict();
export const okOutput = z.object({ ok: z.literal(true) });

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Email is invalid' }));

export const existsOutput = z.object({ exists: z.boolean() });
