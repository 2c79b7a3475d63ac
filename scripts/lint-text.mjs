// Lints snippets of code as if they lay at given paths of this repository, with the repository's
// own eslint.config.mjs: reads [{ code, filePath }] as JSON on stdin, writes the messages of each
// as JSON on stdout. scripts/lint-walls.test.ts runs it (ESLint loads its config as an ES module,
// which jest's module sandbox cannot).
import { ESLint } from 'eslint';
import { root } from './frontends.mjs';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const eslint = new ESLint({ cwd: root });
const results = [];
for (const { code, filePath } of JSON.parse(input)) {
  const [result] = await eslint.lintText(code, { filePath, warnIgnored: true });
  results.push(result.messages.map(({ ruleId, message }) => ({ ruleId, message })));
}
process.stdout.write(JSON.stringify(results));
