import { ConfigError } from '../config';

/** Runs a command line tool: a known problem prints its message, anything else its stack. */
export function runCli(task: () => Promise<void>): void {
  task().then(
    () => process.exit(0),
    (error: unknown) => {
      const known = error instanceof ConfigError || (error instanceof Error && !error.stack?.includes('node_modules'));
      console.error(known && error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
