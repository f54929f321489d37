/** How many comment templates one reviewer keeps, and how long each may be (a comment's own limit is 2000). Free of zod, for the page that lists them. */
export const TEMPLATE_LIMITS = { maxCount: 30, titleMax: 60, textMax: 2000 } as const;
