import { parseArgs } from 'node:util';
import { ConfigError } from '../config';
import { DataDirBusyError } from '../db/data-dir-lock';

/** A problem with the command line or its input: printed as a message, without a stack. */
export class CliError extends Error {
  override name = 'CliError';
}

/** Runs a command line tool and exits with its status. */
export function runCli(task: () => Promise<void>): void {
  task().then(
    () => process.exit(0),
    (error: unknown) => {
      const expected = error instanceof CliError || error instanceof ConfigError || error instanceof DataDirBusyError;
      console.error(expected ? error.message : error);
      process.exit(1);
    },
  );
}

/** Named string options (`--email x`); an unknown or malformed option prints the usage. */
export function stringOptions<K extends string>(names: readonly K[], usage: string): Partial<Record<K, string>> {
  try {
    const { values } = parseArgs({ options: Object.fromEntries(names.map((name) => [name, { type: 'string' as const }])) });
    return values as Partial<Record<K, string>>;
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n${usage}`);
  }
}
