// Functions' logs in tests: Powertools' development mode writes them through the global console (where a
// test can read them) instead of straight to stdout.
process.env.POWERTOOLS_DEV ??= 'true';

// The DOM environments lack ResizeObserver, which some components rely on.
if (typeof globalThis.window !== 'undefined' && !('ResizeObserver' in globalThis)) {
  (globalThis as Record<string, unknown>).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// Under a loaded machine (CI runs the stack's setup beside the unit tests) async UI steps take longer
// than testing-library's 1 s default; give them room rather than fail on timing.
if (typeof globalThis.window !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 5000 });
  // The dialogs' code loads the first time one opens (web/src/components/dialog.tsx); the components'
  // tests start from a page where it has (dialog.test.tsx tries the first opening itself).
  await (await import('../../web/src/components/dialog')).loadDialogs();
}

export {};
