/** The one way the web's unit tests render: the app's providers around the UI, as the app has them. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, vi } from 'vitest';

/** The style sheets a test put in the document (`withStyles`). */
const sheets: HTMLStyleElement[] = [];

// After each test of a file that renders this way: what it rendered is taken down, its style sheets too, and a clock it faked runs again.
afterEach(() => {
  cleanup();
  sheets.splice(0).forEach((sheet) => sheet.remove());
  vi.useRealTimers();
});

/**
 * Puts the app's style sheets (paths under web/src) in the document for this test, so that it can read a
 * computed style. jsdom applies no rule under a width query: what it computes is the phone's layout.
 */
export function withStyles(...files: string[]) {
  for (const file of files) {
    const sheet = document.createElement('style');
    sheet.textContent = readFileSync(path.resolve('web/src', file), 'utf8');
    document.head.append(sheet);
    sheets.push(sheet);
  }
}

export interface RenderOptions {
  /** The address the router starts at ('/'); null: no router at all. */
  url?: string | null;
  /** The UI's route (with `routes`): '*' unless given. */
  path?: string;
  /** Other routes beside the UI's: path to element. */
  routes?: Record<string, ReactNode>;
  /** Also rendered in the router, after the routes (e.g. `<Where />`). */
  extra?: ReactNode;
  /** Under React's StrictMode (effects run twice on mount), as the app runs. */
  strict?: boolean;
}

/**
 * Renders `ui` with a fresh query client (no retries: a failure shows at once) and a memory router; with
 * `routes` (or `path`) the UI is one route among them. `rerender` keeps the same providers. Returns
 * Testing Library's result and the client (to read or seed its cache).
 */
export function renderUi(ui: ReactNode, { url = '/', path, routes, extra, strict = false }: RenderOptions = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  function Providers({ children }: { children: ReactNode }) {
    const content =
      routes || path ? (
        <Routes>
          <Route path={path ?? '*'} element={children} />
          {Object.entries(routes ?? {}).map(([at, element]) => (
            <Route key={at} path={at} element={element} />
          ))}
        </Routes>
      ) : (
        children
      );
    const tree = (
      <QueryClientProvider client={client}>
        {url === null ? (
          content
        ) : (
          <MemoryRouter initialEntries={[url]}>
            {content}
            {extra}
          </MemoryRouter>
        )}
      </QueryClientProvider>
    );
    return strict ? <StrictMode>{tree}</StrictMode> : tree;
  }
  return { client, ...render(ui, { wrapper: Providers }) };
}

/** Where the router is now (path and query), for a test to read: `screen.getByTestId('where')`. */
export function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}
