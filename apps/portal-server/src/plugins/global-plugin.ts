/**
 * Marks a plugin so that what it decorates and hooks applies to the instance that registers it, instead of to a
 * child context: what `fastify-plugin` does, through Fastify's documented `skip-override` property (fastify-plugin is
 * not a declared dependency of this workspace).
 *
 * ```ts
 * export const docsPlugin = globalPlugin('portico-docs', async (app) => {…});
 * ```
 */
export function globalPlugin<P extends (...args: never[]) => Promise<void>>(name: string, plugin: P): P {
  Object.assign(plugin, { [Symbol.for('skip-override')]: true, [Symbol.for('fastify.display-name')]: name });
  return plugin;
}
