// Lints snippets as if each lay at its path, with the real eslint.config.mjs, and states for each
// that the rule named refuses it, or that it lints clean. The paths a snippet imports must exist:
// an import that does not resolve is no rule's business.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export const root = path.resolve(__dirname, '..');

export interface Case {
  name: string;
  filePath: string;
  code: string;
  /** The rule that must refuse the snippet; absent: the snippet must lint clean. */
  refusedBy?: string;
}

export const paths = 'import-x/no-restricted-paths';
export const names = 'no-restricted-imports';
export const cycle = 'import-x/no-cycle';
export const oneWay = 'no-restricted-syntax';

/** Registers a test per case, all linted in one eslint run. */
export function describeLintCases(cases: readonly Case[]): void {
  let results: { ruleId: string | null; message: string }[][];

  beforeAll(() => {
    const input = cases.map(({ filePath, code }) => ({ filePath: path.join(root, filePath), code }));
    const run = spawnSync(process.execPath, [path.join(root, 'scripts/lint-text.mjs')], {
      cwd: root,
      input: JSON.stringify(input),
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`lint-text.mjs failed: ${run.stderr}`);
    results = JSON.parse(run.stdout);
  }, 120_000);

  describe.each(cases.map((entry, index) => ({ ...entry, index })))('$name', ({ index, refusedBy }) => {
    if (refusedBy) {
      it(`is refused by ${refusedBy}`, () => {
        expect(results[index]!.map(({ ruleId }) => ruleId)).toContain(refusedBy);
      });
    } else {
      it('is accepted', () => {
        expect(results[index]).toEqual([]);
      });
    }
  });
}
