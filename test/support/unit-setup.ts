// jsdom lacks ResizeObserver, which some components rely on.
if (typeof globalThis.window !== 'undefined' && !('ResizeObserver' in globalThis)) {
  (globalThis as Record<string, unknown>).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
