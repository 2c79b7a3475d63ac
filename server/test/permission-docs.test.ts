import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtInRoles, permissions } from '@paydesk/shared/roles';
import { builtInPermissions } from '../src/auth/built-in-roles';
import { permissionCatalogue } from '../src/auth/permission-catalogue';
import { findRepoRoot } from '../src/repo-root';

/**
 * docs/security.md lists the permission catalogue (PERM-01) between two markers; this test keeps
 * the list in step with the code. `PAYDESK_WRITE_DOCS=1` rewrites the list instead of comparing.
 */
const file = join(findRepoRoot(), 'docs', 'security.md');
const begin =
  '<!-- permission catalogue: generated from server/src/auth/permission-catalogue.ts by server/test/permission-docs.test.ts -->';
const end = '<!-- end of the permission catalogue -->';

const cell = (text: string) => text.replace(/\|/g, '\\|');
function table(): string {
  const header = `| permission | group | what it allows | implies | ${builtInRoles.join(' | ')} |`;
  const rule = `|${' --- |'.repeat(4 + builtInRoles.length)}`;
  const rows = permissions.map((key) => {
    const { label, description, group, implies } = permissionCatalogue[key];
    const held = builtInRoles.map((role) => (builtInPermissions(role)?.has(key) ? 'yes' : 'no'));
    const implied = implies.map((other) => `\`${other}\``).join(', ');
    return `| \`${key}\` | ${group} | **${cell(label)}**: ${cell(description)} | ${implied} | ${held.join(' | ')} |`;
  });
  return [begin, header, rule, ...rows, end].join('\n');
}

test('docs/security.md lists the permission catalogue and the built-in roles as the code has them', () => {
  const text = readFileSync(file, 'utf8');
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  expect([from >= 0, to > from]).toEqual([true, true]);
  const current = text.slice(from, to + end.length);
  if (process.env.PAYDESK_WRITE_DOCS === '1') writeFileSync(file, text.replace(current, table()));
  else expect(current).toBe(table());
});
