// The server's settings as server/src/config-schema.ts names them: the one place a benchmark reads
// a setting's name or limit from. A benchmark that passes a name the server no longer reads stops
// at once, instead of measuring a server configured otherwise than it says.
import { envSchema } from '../../server/src/config-schema.ts';

const settings = envSchema.shape;

/** `env` itself, once every name in it is a setting of the server. */
export function serverSettings(env) {
  const unknown = Object.keys(env).filter((name) => !Object.hasOwn(settings, name));
  if (unknown.length > 0)
    throw new Error(`${unknown.join(', ')}: not a setting of server/src/config-schema.ts (renamed? update the benchmark)`);
  return env;
}

/** The schema under `.default()` and other wrappers. */
const unwrap = (schema) => (schema.def?.innerType ? unwrap(schema.def.innerType) : schema);

/** Every per-address rate limit the server reads (`*_RATE_LIMIT_*`), at the highest value it accepts. */
export function raisedRateLimits() {
  const limits = Object.entries(settings)
    .filter(([name]) => name.includes('RATE_LIMIT'))
    .map(([name, schema]) => [name, unwrap(schema).maxValue]);
  if (limits.length === 0 || !limits.every(([, max]) => Number.isFinite(max)))
    throw new Error('server/src/config-schema.ts: every *_RATE_LIMIT_* setting needs a maximum for the benchmarks to raise it to');
  return Object.fromEntries(limits.map(([name, max]) => [name, String(max)]));
}
