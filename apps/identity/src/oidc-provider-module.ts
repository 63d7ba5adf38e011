import type OidcProvider from 'oidc-provider';

/**
 * oidc-provider, loaded without its "Unsupported runtime" warning. oidc-provider 9 prints that line on any Node
 * release before 22 LTS when its module loads; this product runs on Node 20 (the README's version), where the
 * provider works (every identity test runs it there), so the line would only alarm. Exactly that line is dropped,
 * and only while the module loads: every other warning, from it or anything else, passes as before.
 */
const UNSUPPORTED_RUNTIME = 'oidc-provider WARNING: Unsupported runtime.';

const warn = console.warn;
console.warn = (...args: unknown[]): void => {
  if (typeof args[0] === 'string' && args[0].includes(UNSUPPORTED_RUNTIME)) return;
  warn(...args);
};
const oidcProvider = await import('oidc-provider').finally(() => {
  console.warn = warn;
});

export const Provider: typeof OidcProvider = oidcProvider.default;
export type Provider = OidcProvider;
export const errors: typeof oidcProvider.errors = oidcProvider.errors;
