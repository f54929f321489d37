// The conventions the house keeps, checked by `npm run lint` (with Prettier's check) inside `npm test`:
// one-way imports (docs/contributing.md), no import cycles, the hooks and accessibility rules of the web.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = [
  'admin',
  'auth',
  'billing',
  'dashboard',
  'earnings',
  'feedback',
  'impersonation',
  'onboarding',
  'payments',
  'profile',
  'pros',
  'tracks',
];

/** Data flows one way: route table -> handler -> domain -> data; each zone names what may not be imported from where. */
const zones = [
  // The web app talks to the API through its contract in shared/api, never through the functions' code.
  { target: './web/src', from: './functions', message: 'The web app imports the API contract from shared/api, not functions/.' },
  // shared/ is used by both sides, so it can depend on neither.
  {
    target: './shared',
    from: ['./functions', './web', './infra', './scripts'],
    message: 'shared/ is used by both sides and imports neither.',
  },
  // lib/ is cross-cutting: everything may use it, so it uses nothing above it.
  {
    target: './functions/lib',
    from: ['./functions/domain', './functions/data', './functions/providers', './functions/http'],
    message: 'functions/lib is cross-cutting: it imports no layer above it.',
  },
  // Records know nothing of the rules that use them, nor of third parties.
  {
    target: './functions/data',
    from: ['./functions/domain', './functions/providers', './functions/http'],
    message: 'functions/data imports only lib/ and shared/.',
  },
  {
    target: './functions/providers',
    from: ['./functions/domain', './functions/data', './functions/http'],
    message: 'A provider wraps a third party and imports only lib/ and shared/.',
  },
  // Use cases do not know how they are called.
  { target: './functions/domain', from: './functions/http', message: 'functions/domain does not know the HTTP layer.' },
  // A feature is a unit: what two features share goes to web/src/components or web/src/lib.
  ...FEATURES.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move what both need to web/src/components or web/src/lib.',
  })),
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'cdk.out/**', 'test-results/**', '.data/**', 'test/fixtures/**', 'web/public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle follows imports through TypeScript files only when it may parse them.
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Casts at the edges of the AWS SDK and the stand-ins' JSON are deliberate and narrow.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      // A variable a closure reads before its one assignment (a timer, a URL known once a server listens) stays `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
      // Focus moves into what the user has just opened (a dialog's field, an inline editor, the code step), as
      // the WAI-ARIA dialog pattern asks; axe checks every screen (test/e2e/accessibility.test.ts).
      'jsx-a11y/no-autofocus': 'off',
      // The audio is music, with no words to caption.
      'jsx-a11y/media-has-caption': 'off',
    },
  },
  prettier,
);
