import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const src = (file: string) => fileURLToPath(new URL(`./src/${file}`, import.meta.url));
const MAIN = src('main.tsx');
const ROUTER = src('app/router.tsx');
const APP = src('app/app.tsx');
const DASHBOARD = src('app/routes/dashboard.tsx');

type Group = 'base' | 'app';

/** Amplify's packages, which no first load carries. */
const AMPLIFY = /\/node_modules\/(?:@aws-amplify|aws-amplify|@aws-crypto|@aws-sdk)\//;

/** A package's own index module (what `import { x } from 'package'` resolves to). */
const LIBRARY_INDEX = /\/node_modules\/(?:@[^/]+\/)?[^/]+\/(?:build|dist)\/(?:[^/]+\/)*index\.m?js$/;

/** The package a module of node_modules belongs to. */
function packageOf(id: string): string | null {
  const m = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id);
  return m ? m[1] : null;
}

/** The names `source` imports from `pkg` (null: a namespace or default import, or a re-export of it, needs all of it). */
function namesImported(source: string, pkg: string): Set<string> | null {
  const names = new Set<string>();
  const quoted = pkg.replace(/[/.]/g, (c) => `\\${c}`);
  const statement = new RegExp(`(?:import|export)\\s*([^'";]*?)\\s*from\\s*['"]${quoted}['"]`, 'g');
  for (const [, clause] of source.matchAll(statement)) {
    const braces = /^(?:type\s+)?\{([^}]*)\}$/.exec(clause.trim());
    if (!braces) return null;
    for (const part of braces[1].split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0];
      if (name) names.add(name);
    }
  }
  return names;
}

/** What an index gives under each name (`named`: name to specifier) and what it re-exports wholesale (`star`). */
function sourcesOf(source: string): { named: Map<string, string>; star: string[] } | null {
  const named = new Map<string, string>();
  const star: string[] = [];
  for (const [, clause, spec] of source.matchAll(/(?:import|export)\s*([^'";]*?)\s*from\s*['"]([^'"]+)['"]/g)) {
    const c = clause.trim();
    if (c === '*') star.push(spec);
    else {
      const braces = /^\{([^}]*)\}$/.exec(c);
      if (!braces) return null;
      for (const part of braces[1].split(',')) {
        const [name, alias] = part.trim().split(/\s+as\s+/);
        if (name) named.set(alias ?? name, spec);
      }
    }
  }
  return named.size || star.length ? { named, star } : null;
}

/** The module `spec` names from `from`, among the modules it imports. */
function resolveIn(from: string, spec: string, candidates: string[]): string | null {
  if (spec.startsWith('.')) {
    const wanted = new URL(spec, `file://${from}`).pathname;
    return candidates.find((id) => id === wanted) ?? null;
  }
  return candidates.find((id) => packageOf(id) === spec && LIBRARY_INDEX.test(id)) ?? null;
}

/**
 * A module of nothing but re-exports and imports (a package's index): for what the entry surely runs, not
 * followed (which of them it uses, only the bundler knows); for a page, followed by the names the page
 * imports from it where they can be traced (`givers`), else wholly.
 */
const BARREL =
  /^(?:\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/|(?:export|import)\s*(?:\*|\*\s*as\s+\w+|\{[^}]*\})?\s*(?:from\s*)?(['"])[^'"\n]+\1\s*;?)*$/;

/**
 * How the signed-in app is split into chunks. Left to itself, the bundler gives each set of lazy pieces
 * that share modules a chunk of its own: the dashboard's first load came in some 40 files, each with its
 * own imports, exports and compression. Here the app's shell and its home page, the dashboard, make one
 * `app` chunk: every sign-in lands there, and as two files (the shell with what the dashboard shares with
 * another page, and the dashboard's own) the pair weighed 2 KB more, mostly in what one file imports from
 * the other; another page's first load takes the dashboard's 9 KB with it. What the entry or another of
 * its lazy pieces needs (a guest page: sign-in, front page, a review's link, unsubscribe; Amplify's
 * configuration; the error reporter) stays out of it, so those pages still load none of the app. Every
 * page loads the `base` chunk: what the entry runs (React and the entry's own modules), and what the app
 * shares with a guest page (the icons, the buttons and alerts, the API's paths): a few KB more for a
 * guest page, where each would otherwise be a file of its own, compressed alone, on every page of the app.
 *
 * The pages are the lazy imports of the entry's modules and of the router; a module is placed by the
 * pages whose static imports reach it. Returns the plugin that reads the module graph and the groups that use it.
 */
export function appChunks() {
  const groupOf = new Map<string, Group>();
  const plugin: Plugin = {
    name: 'app-chunks',
    apply: 'build',
    buildEnd() {
      groupOf.clear();
      const imports = (id: string, dynamic = false) => {
        const info = this.getModuleInfo(id);
        if (!info) this.error(`app-chunks: ${id} is not in the build`);
        return dynamic ? info.dynamicallyImportedIds : info.importedIds;
      };
      const code = (id: string) => this.getModuleInfo(id)?.code ?? '';
      /**
       * The modules of a package's index (`index`) that give the names `importer` imports from it: what
       * the index imports or re-exports under those names, followed into what it re-exports wholesale
       * (`export *`). Null when that cannot be told (a namespace or default import, an index of another
       * shape): then all of it.
       */
      const givers = (importer: string, index: string): string[] | null => {
        const pkg = packageOf(index);
        const names = pkg ? namesImported(code(importer), pkg) : null;
        if (!names) return null;
        const out = new Set<string>();
        const lookUp = (barrel: string, wanted: Set<string>, depth: number): boolean => {
          const found = sourcesOf(code(barrel));
          if (!found || depth > 3) return false;
          const rest = new Set<string>();
          for (const name of wanted) {
            const from = found.named.get(name);
            if (from === undefined) rest.add(name);
            else {
              const id = resolveIn(barrel, from, imports(barrel));
              if (!id) return false;
              out.add(id);
            }
          }
          if (!rest.size) return true;
          if (!found.star.length) return false;
          return found.star.every((spec) => {
            const id = resolveIn(barrel, spec, imports(barrel));
            return id !== null && lookUp(id, rest, depth + 1);
          });
        };
        return lookUp(index, names, 0) ? [...out] : null;
      };
      /**
       * The modules `root` needs, following static imports; a package's index is followed only into the
       * modules that give the names imported from it (so that a page importing `useQuery` from TanStack
       * Query's index does not count as needing `useMutation`). `throughBarrels` false: not into an index
       * at all, for what the entry surely runs.
       */
      const reach = (root: string, throughBarrels = true) => {
        const seen = new Set<string>();
        const stack = [root];
        while (stack.length) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          if (!throughBarrels && BARREL.test(code(id))) continue;
          for (const next of imports(id)) {
            const only = throughBarrels && LIBRARY_INDEX.test(next) ? givers(id, next) : null;
            if (only) {
              seen.add(next);
              stack.push(...only);
            } else stack.push(next);
          }
        }
        return seen;
      };
      const entry = reach(MAIN);
      // What the entry surely runs (not what a package's index merely re-exports) makes one file with
      // what the app shares with a guest page, also when a lazy page imports it too: left to itself, the
      // bundler gives each such set a file of its own (React, the JSX runtime, the preload helper: more
      // requests before anything shows). The entry's own modules go with it, as a base module may import
      // one of them: kept in the entry, the two files would import each other.
      for (const id of reach(MAIN, false)) if (id !== MAIN && !BARREL.test(this.getModuleInfo(id)?.code ?? '')) groupOf.set(id, 'base');
      const pages = [...new Set([...[...entry].flatMap((id) => imports(id, true)), ...imports(ROUTER, true)])];
      for (const page of [APP, DASHBOARD]) if (!pages.includes(page)) this.error(`app-chunks: ${page} is not a lazy page`);
      // The entry's other lazy pieces, which must load none of the app.
      const outside = new Set(pages.filter((p) => p !== APP && p !== DASHBOARD && !imports(ROUTER, true).includes(p)));
      const neededBy = new Map<string, Set<string>>();
      for (const page of pages) for (const id of reach(page)) (neededBy.get(id) ?? neededBy.set(id, new Set()).get(id)!).add(page);
      for (const [id, by] of neededBy) {
        if (entry.has(id)) continue;
        if ([...by].some((p) => outside.has(p))) {
          // Only what the app's first page needs: other pages' pieces shared with a guest page load with them.
          if (by.has(APP) || by.has(DASHBOARD)) groupOf.set(id, 'base');
          continue;
        }
        if (by.has(APP) || by.has(DASHBOARD)) groupOf.set(id, 'app');
      }
      // Amplify loads when the session needs it (lib/amplify-ready.ts): reached statically from the app, it
      // would come into the base chunk, on every guest page and on every first load of the app.
      const amplify = [...groupOf].find(([id]) => AMPLIFY.test(id));
      if (amplify)
        this.error(`app-chunks: Amplify (${amplify[0]}) would load with the ${amplify[1]} chunk; import it through lib/amplify-ready.ts`);
    },
    // Chunks that import each other statically can run a module before one it needs: refused at build.
    generateBundle(_, bundle) {
      const state = new Map<string, 'open' | 'done'>();
      const visit = (file: string, path: string[]): void => {
        state.set(file, 'open');
        const chunk = bundle[file];
        for (const next of chunk?.type === 'chunk' ? chunk.imports : []) {
          if (state.get(next) === 'open') this.error(`app-chunks: chunks import each other: ${[...path, file, next].join(' > ')}`);
          if (!state.has(next)) visit(next, [...path, file]);
        }
        state.set(file, 'done');
      };
      for (const file of Object.keys(bundle)) if (!state.has(file)) visit(file, []);
    },
  };
  // Each group holds exactly its modules: their imports are already placed (in the entry, a guest
  // page's chunks, the app), and pulling them in would move code out of the pages that need it.
  const groups = (['base', 'app'] as const).map((name) => ({
    name,
    test: (id: string) => groupOf.get(id) === name,
    includeDependenciesRecursively: false,
  }));
  /**
   * The files a lazy piece's import fetches beside it: not those every page has loaded before any piece
   * can be asked for (the base chunk and the bundler's runtime, which the entry imports). Listed, they
   * only lengthen each chunk's table of what its imports fetch. The page's own preload links keep them.
   */
  const resolveDependencies = (_file: string, deps: string[], { hostType }: { hostType: 'html' | 'js' }) =>
    hostType === 'html' ? deps : deps.filter((dep) => !/(?:^|\/)(?:base|rolldown-runtime)-[\w-]{8}\.js$/.test(dep));
  return { plugin, groups, resolveDependencies };
}
