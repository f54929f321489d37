import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { webAliases } from './aliases.ts';
import { appChunks } from './chunks.ts';
import { inlineRuntimeConfig } from './src/lib/runtime-config.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * Serves `GET /config.json` (the runtime configuration the app reads at startup) from the JSON file
 * named by APP_CONFIG_FILE, in the dev server and in `vite preview`. In AWS the file is deployed beside
 * the bundle instead.
 */
function runtimeConfig(): Plugin {
  const handler = async (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const url = (req.url ?? '').split('?')[0];
    if (url !== '/config.json' || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const file = process.env.APP_CONFIG_FILE;
    if (!file) {
      res.statusCode = 404;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ error: 'APP_CONFIG_FILE is not set' }));
      return;
    }
    try {
      const body = await readFile(file, 'utf8');
      JSON.parse(body);
      res.statusCode = 200;
      res.setHeader('content-type', 'application/json');
      res.setHeader('cache-control', 'no-store');
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (err) {
      res.statusCode = 500;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ error: `Cannot read runtime config: ${(err as Error).message}` }));
    }
  };
  return {
    name: 'runtime-config',
    configureServer(server) {
      server.middlewares.use(handler);
    },
    configurePreviewServer(server) {
      server.middlewares.use(handler);
    },
  };
}

/**
 * The dev server's page with the runtime configuration inlined, as the deploy does in AWS and the local
 * static server does for a build (web/src/lib/runtime-config.ts): the app starts without a round trip.
 * Serve only: a build never carries one machine's configuration.
 */
function inlinedRuntimeConfig(): Plugin {
  return {
    name: 'inline-runtime-config',
    apply: 'serve',
    async transformIndexHtml(html) {
      const file = process.env.APP_CONFIG_FILE;
      return file ? inlineRuntimeConfig(html, await readFile(file, 'utf8')) : html;
    },
  };
}

const port = Number(process.env.APP_PORT ?? 5173);

/**
 * React Router's package resolves to its development build, warnings and all, whatever the mode; a build
 * takes its production build instead. The dev server keeps the warnings.
 */
const reactRouterBuild = fileURLToPath(new URL('../node_modules/react-router/dist/production/', import.meta.url));
const reactRouterProduction = [
  { find: /^react-router$/, replacement: `${reactRouterBuild}index.mjs` },
  { find: /^react-router\/dom$/, replacement: `${reactRouterBuild}dom-export.mjs` },
];
const chunks = appChunks();

export default defineConfig(({ command }) => ({
  root: webRoot,
  // Two dev servers at once (e.g. a test of `npm start` beside a developer's) need separate caches.
  cacheDir: process.env.VITE_CACHE_DIR || undefined,
  publicDir: 'public',
  plugins: [react(), runtimeConfig(), inlinedRuntimeConfig(), chunks.plugin],
  resolve: { alias: command === 'build' ? [...webAliases, ...reactRouterProduction] : webAliases },
  build: {
    modulePreload: { resolveDependencies: chunks.resolveDependencies },
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: { output: { codeSplitting: { groups: chunks.groups } } },
  },
  // Pre-bundle every dependency at start, so lazy routes never trigger a re-optimisation and reload.
  optimizeDeps: {
    include: [
      'react',
      'react/jsx-runtime',
      'react-dom/client',
      'react-router-dom',
      '@tanstack/react-query',
      'aws-amplify',
      'aws-amplify/auth',
      'aws-amplify/auth/cognito',
      'aws-amplify/utils',
      'zod/mini',
    ],
  },
  server: {
    port,
    strictPort: true,
    host: process.env.APP_HOST ?? 'localhost',
    // shared/ (the API's contract in shared/api too) lives outside the web root.
    fs: { allow: [repoRoot] },
  },
  preview: {
    port,
    strictPort: true,
    host: process.env.APP_HOST ?? 'localhost',
  },
}));
