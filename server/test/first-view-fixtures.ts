import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const shellPage =
  '<!doctype html><html><head><title>Paydesk</title></head><body><div id="root"></div><script defer src="/main.js"></script></body></html>';
export const payForm = {
  html: '<main><form><input data-field="amount"/></form></main>',
  head: '<style data-emotion="css abc">.css-abc{color:red}</style>',
};

/** Built front ends: the shell's page and mf-payments with the first view its build writes. */
export function fakeFrontends(firstView: unknown = { pages: { './PayFormPage': payForm } }): string {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-first-view-'));
  mkdirSync(join(dir, 'shell', 'dist'), { recursive: true });
  writeFileSync(join(dir, 'shell', 'dist', 'index.html'), shellPage);
  mkdirSync(join(dir, 'mf-payments', 'dist'), { recursive: true });
  writeFileSync(join(dir, 'mf-payments', 'dist', 'remoteEntry.js'), 'void 0;');
  writeFileSync(join(dir, 'mf-payments', 'dist', 'mf-manifest.json'), JSON.stringify({ exposes: [] }));
  writeFileSync(join(dir, 'mf-payments', 'dist', 'first-view.json'), JSON.stringify(firstView));
  return dir;
}
