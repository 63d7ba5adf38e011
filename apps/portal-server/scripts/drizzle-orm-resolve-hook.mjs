// Module resolve hook for scripts/drizzle-kit.mjs: resolves `drizzle-orm` imports as if made from this workspace.
const workspace = new URL('../package.json', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
    return nextResolve(specifier, { ...context, parentURL: workspace });
  }
  return nextResolve(specifier, context);
}
