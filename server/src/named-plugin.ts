/**
 * A plugin of ours, named for Fastify by its function's name. Without a name Fastify looks for
 * the plugin among every loaded module (`require.cache`) at each registration before it takes the
 * function's name anyway; under jest, whose module registry stands behind that cache, the search
 * was about a twentieth of the API suite's CPU.
 */
export function named<P extends (...args: never[]) => unknown>(plugin: P): P {
  return Object.assign(plugin, { [Symbol.for('fastify.display-name')]: plugin.name });
}
