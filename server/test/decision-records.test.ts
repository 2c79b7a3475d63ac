import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findRepoRoot } from '../src/repo-root';

/**
 * docs/decisions/README.md lists every decision record once, by its title, with the date it was
 * added and its status, and names no record that is not there (PLAT-15: the docs work as written).
 */
const decisions = join(findRepoRoot(), 'docs', 'decisions');
const records = readdirSync(decisions)
  .filter((file) => file.endsWith('.md') && file !== 'README.md')
  .sort();
const index = readFileSync(join(decisions, 'README.md'), 'utf8');

/** The index's lines: `| [title](file.md) | added | status |`. */
const lines = [...index.matchAll(/^\| \[([^\]]+)\]\(([^)]+)\) \| ([^|]+) \| (.+) \|$/gm)].map(([, title, file, added, status]) => ({
  title: title!,
  file: file!,
  added: added!.trim(),
  status: status!.trim(),
}));

const titleOf = (file: string): string | undefined => /^# (.+)$/m.exec(readFileSync(join(decisions, file), 'utf8'))?.[1]?.trim();

describe('the index of decision records', () => {
  it('finds the records and the index lines', () => {
    expect(records.length).toBeGreaterThan(60);
    expect(lines.length).toBeGreaterThan(60);
  });

  it('lists every record', () => {
    const listed = new Set(lines.map((line) => line.file));
    expect(records.filter((file) => !listed.has(file))).toEqual([]);
  });

  it('lists each record once', () => {
    const files = lines.map((line) => line.file);
    expect(files.filter((file, i) => files.indexOf(file) !== i)).toEqual([]);
  });

  it('names no record that is missing', () => {
    expect(lines.map((line) => line.file).filter((file) => !existsSync(join(decisions, file)))).toEqual([]);
  });

  it.each(lines.map((line) => [line.file, line] as const))('%s: its title, a date and a status', (file, line) => {
    expect(line.title).toBe(titleOf(file));
    expect(line.added).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // `accepted`, `accepted; its … superseded by [record](record.md)` or `superseded by [record](record.md)`.
    expect(line.status).toMatch(/^(accepted(; .+ superseded(, .+,)? by \[[^\]]+\]\([^)]+\.md\))?|superseded by \[[^\]]+\]\([^)]+\.md\))$/);
  });
});
