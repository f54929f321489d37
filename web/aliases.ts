import { fileURLToPath } from 'node:url';

/** `@/` is web/src and `@shared/` the repo's shared/ (as in the tsconfig files' paths), for Vite and Vitest. */
export const webAliases = [
  { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
  { find: /^@shared\//, replacement: fileURLToPath(new URL('../shared/', import.meta.url)) },
];
