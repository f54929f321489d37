/**
 * The auth screens' schemas, loaded when a form is shown or sent rather than imported: the sign-in page is
 * the first page of most visits, and zod is no part of the JavaScript it waits for.
 */
export const loadAuthSchemas = () => import('@shared/schemas/auth');
export const loadEmailField = () => import('@shared/schemas/common').then((m) => m.emailField);
