// Stylesheets are imported for their effect; Vite bundles them. Declared so the type check can tell a
// stylesheet's import from a module that is missing (noUncheckedSideEffectImports).
declare module '*.css';
