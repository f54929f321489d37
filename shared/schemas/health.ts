/** The public health check's answer: nothing but that the service answers (no details to strangers). */
import * as z from 'zod/mini';

export const healthView = z.object({ status: z.literal('ok') });
