// The conventions the house keeps, checked by `npm run lint` (with Prettier's check) inside `npm test`:
// one-way imports (docs/contributing.md), no import cycles, the hooks and accessibility rules of the web.
import fs from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The web app's features: every folder of web/src/features, so that a new one is guarded the day it appears. */
const FEATURES = fs
  .readdirSync(new URL('./web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The back end's topics (money, feedback, tracks, people, platform): every folder of functions/ but the
 * entry points (a Lambda's handler) and the cross-cutting lib/ and providers/, read from the folders so
 * that a topic added tomorrow is guarded the day its folder appears.
 */
const ENTRY_POINTS = ['http', 'jobs', 'realtime', 'triggers'];
const TOPICS = fs
  .readdirSync(new URL('./functions/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && ![...ENTRY_POINTS, 'lib', 'providers'].includes(entry.name))
  .map((entry) => entry.name);
const topicDirs = TOPICS.map((topic) => `./functions/${topic}`);
/**
 * The topics from the bottom up: a topic calls the use cases of those below it only, and reads any topic's
 * records (data/, whose own cycles no-cycle refuses). So a rule has one home, and a change to a topic
 * reaches only those above it. A topic folder not named here sits above them all until it is placed.
 */
const TOPIC_ORDER = ['platform', 'people', 'tracks', 'money', 'feedback', 'account'];
const rankOf = (topic) => (TOPIC_ORDER.includes(topic) ? TOPIC_ORDER.indexOf(topic) : TOPIC_ORDER.length);
const above = (topic) => TOPICS.filter((other) => other !== topic && rankOf(other) >= rankOf(topic));
const entryDirs = ENTRY_POINTS.map((entry) => `./functions/${entry}`);

/**
 * Data flows one way: route table -> handler -> topic (its use cases, then its data modules); each zone
 * names what may not be imported from where.
 */
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
    from: [...topicDirs, './functions/providers', ...entryDirs],
    message: 'functions/lib is cross-cutting: it imports no layer above it.',
  },
  // Records know nothing of the rules that use them, nor of third parties: a topic's data/ imports only
  // data/ modules (its own or another topic's), lib/ and shared/.
  ...TOPICS.flatMap((topic) =>
    topicDirs.map((from) => ({
      target: `./functions/${topic}/data`,
      from,
      except: ['./data'],
      message: `functions/${topic}/data imports only data modules, lib/ and shared/.`,
    })),
  ),
  ...TOPICS.map((topic) => ({
    target: `./functions/${topic}/data`,
    from: ['./functions/providers', ...entryDirs],
    message: `functions/${topic}/data imports only data modules, lib/ and shared/.`,
  })),
  // Each topic has one way in for what it does (index.ts) and one for what it keeps (data/index.ts): its
  // other modules are its own to change.
  ...TOPICS.map((topic) => ({
    target: [...topicDirs.filter((dir) => dir !== `./functions/${topic}`), ...entryDirs],
    from: `./functions/${topic}`,
    except: ['./index.ts', './data/index.ts'],
    message: `Other topics and the entry points use functions/${topic} through its doors: ${topic}/index.ts (use cases) and ${topic}/data/index.ts (records).`,
  })),
  // Topics call downwards only (TOPIC_ORDER).
  ...TOPICS.flatMap((topic) =>
    above(topic).map((other) => ({
      target: `./functions/${topic}`,
      from: `./functions/${other}`,
      except: ['./data'],
      message: `functions/${topic} sits below ${other} (${TOPIC_ORDER.join(' < ')}): it may read ${other}'s records (data/), not call its use cases.`,
    })),
  ),
  {
    target: './functions/providers',
    from: [...topicDirs, ...entryDirs],
    message: 'A provider wraps a third party and imports only lib/ and shared/.',
  },
  // Use cases do not know how they are called.
  ...TOPICS.map((topic) => ({
    target: `./functions/${topic}`,
    from: entryDirs,
    message: `functions/${topic} does not know how it is called (http/, jobs/, realtime/, triggers/).`,
  })),
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
      // Through our own modules only: a cycle cannot come back out of node_modules, and following it there took ESLint from 25 s to 66 s.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
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
  // Size: a file or a function past these is doing several things; split it (tests and fixtures aside).
  {
    files: ['functions/**', 'shared/**', 'web/src/**', 'scripts/**', 'infra/**'],
    rules: {
      'max-lines': ['error', { max: 500, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: false, skipComments: false, IIFEs: true }],
    },
  },
  // Browser tests open their contexts through test/support/browser.ts newContext, whose pages draw no animation.
  {
    files: ['test/**/*.ts'],
    ignores: ['test/support/browser.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='newContext']",
          message: 'Open a browser context with newContext(browser, options) from test/support/browser.ts.',
        },
      ],
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
