/**
 * Marks a plugin so that what it decorates and hooks applies to the instance that registers it (what
 * `fastify-plugin` does, through Fastify's documented `skip-override` symbol; fastify-plugin is not a dependency).
 */
export function globalPlugin<P extends (...args: never[]) => Promise<void>>(name: string, plugin: P): P {
  Object.assign(plugin, { [Symbol.for('skip-override')]: true, [Symbol.for('fastify.display-name')]: name });
  return plugin;
}
