// Stylesheets are imported for their effect; Vite bundles them. Declared so the type check can tell a
// stylesheet's import from a module that is missing (noUncheckedSideEffectImports).
declare module '*.css';

/** A module built as a worker of its own (an AudioWorklet's too): its URL. */
declare module '*?worker&url' {
  const url: string;
  export default url;
}
