import { stdin, stdout } from 'node:process';
import { CliError } from './run-cli';

/** Reads a line from the terminal without echoing it (raw mode); Ctrl-C aborts. */
export function readSecret(prompt: string): Promise<string> {
  if (!stdin.isTTY) return Promise.reject(new CliError('No terminal to ask for the password: set ADMIN_PASSWORD instead.'));
  stdout.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (error?: Error): void => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stdout.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string): void => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003') return finish(new CliError('Cancelled'));
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else if (char >= ' ') value += char;
      }
    };
    stdin.on('data', onData);
  });
}
