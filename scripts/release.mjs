// npm run release -w <remote> -- --version X --base-url URL [--out DIR] [--skip-build]
//
// A team releases its remote: builds it for the address it will be published at, writes the files
// to publish (release/<version>/ unless --out says where), prints the integrity of remoteEntry.js
// and, with PAYDESK_URL and PAYDESK_DEPLOY_TOKEN set, registers the release with the server and
// prints the gate's verdict (docs/operations.md, "Releasing a remote"). A CI job builds, uploads
// the folder to the base URL, then runs the command again with --skip-build to register it.
// Exits 1 when the build fails or the gate refuses the release.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const usage =
  'npm run release -w <remote> -- --version 1.4.0 --base-url https://cdn.example.com/mf-cards/1.4.0/ [--out DIR] [--skip-build]';
const fail = (message) => {
  console.error(`release: ${message}`);
  process.exit(1);
};

let options;
try {
  ({ values: options } = parseArgs({
    options: {
      version: { type: 'string' },
      'base-url': { type: 'string' },
      out: { type: 'string' },
      'skip-build': { type: 'boolean', default: false },
    },
  }));
} catch (error) {
  fail(`${error.message}\n${usage}`);
}
const { version, out: outOption } = options;
if (!version || !/^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/.test(version)) fail(`--version must be a version such as 1.4.0\n${usage}`);
let baseUrl;
try {
  baseUrl = new URL(options['base-url'] ?? '');
} catch {
  fail(`--base-url must be the address the folder will be published at\n${usage}`);
}
if (baseUrl.protocol !== 'https:' && baseUrl.protocol !== 'http:') fail('--base-url must be an http or https address');
if (!baseUrl.pathname.endsWith('/')) baseUrl.pathname += '/';

const remoteDir = process.cwd();
if (!existsSync(path.join(remoteDir, 'webpack.config.cjs'))) fail(`${remoteDir} is not a remote's folder (no webpack.config.cjs)`);
const out = path.resolve(remoteDir, outOption ?? path.join('release', version));

if (!options['skip-build']) {
  console.log(`Building ${path.basename(remoteDir)} ${version} for ${baseUrl.href} into ${out}`);
  const build = spawnSync('npx', ['webpack', '--mode', 'production', '--env', `outputPath=${out}`, '--env', `publicPath=${baseUrl.href}`], {
    cwd: remoteDir,
    stdio: 'inherit',
    env: { ...process.env, PAYDESK_BUILD: version, NODE_OPTIONS: '--no-deprecation' },
  });
  if (build.status !== 0) fail('the build failed');
}

const entryFile = path.join(out, 'remoteEntry.js');
if (!existsSync(entryFile)) fail(`${entryFile} is missing: build first (without --skip-build)`);
const { name: remote } = JSON.parse(readFileSync(path.join(out, 'mf-manifest.json'), 'utf8'));
const integrity = `sha384-${createHash('sha384').update(readFileSync(entryFile)).digest('base64')}`;
console.log(`\n${remote} ${version}: publish the ${readdirSync(out).length} files of ${out} at ${baseUrl.href}`);
console.log(`integrity of remoteEntry.js: ${integrity}`);

const server = process.env.PAYDESK_URL;
const token = process.env.PAYDESK_DEPLOY_TOKEN;
if (!server || !token) {
  console.log('Set PAYDESK_URL and PAYDESK_DEPLOY_TOKEN to register the release once the files are published.');
  process.exit(0);
}
const response = await fetch(new URL(`/api/platform/remotes/${remote}/releases`, server), {
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  body: JSON.stringify({ version, entry: baseUrl.href, integrity }),
}).catch((error) => fail(`${server} could not be reached: ${error.message}`));
const answer = await response.json().catch(() => ({}));
if (response.status === 201) {
  console.log(`Release accepted: ${remote} ${version} is available; a super_admin promotes it (or makes it a canary).`);
} else {
  fail(`${response.status} ${answer.code ?? ''}: ${answer.message ?? 'no message'}`);
}
