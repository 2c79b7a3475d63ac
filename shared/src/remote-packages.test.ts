/**
 * @jest-environment node
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { remoteOfModule, remotePackages } from './remote-packages';

// package.json and tsconfig.json are static JSON that cannot read the one list: they are checked
// against it here, so a remote added to one and not the other fails this test.
const root = join(__dirname, '../..');
const json = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8')) as Record<string, unknown>;
const dirs = remotePackages.map(({ dir }) => dir);

test('every remote of the list is a workspace of the root package.json', () => {
  const workspaces = json('package.json').workspaces as string[];
  expect(workspaces.filter((w) => w.startsWith('mf-')).sort()).toEqual([...dirs].sort());
});

test('every remote of the list is type-checked by the root tsconfig.json', () => {
  const include = json('tsconfig.json').include as string[];
  expect(include.filter((i) => i.startsWith('mf-')).sort()).toEqual(dirs.map((dir) => `${dir}/src`).sort());
});

test('every mf-* folder of the repository is listed, as a package named after its folder with a webpack configuration', () => {
  const folders = readdirSync(root).filter((name) => name.startsWith('mf-') && existsSync(join(root, name, 'package.json')));
  expect(folders.sort()).toEqual([...dirs].sort());
  for (const dir of dirs) {
    expect(json(`${dir}/package.json`).name).toBe(dir);
    expect(existsSync(join(root, dir, 'webpack.config.cjs'))).toBe(true);
  }
});

test('container names are identifiers and, like the dev ports, used once (the shell has 3000)', () => {
  for (const { name } of remotePackages) expect(name).toMatch(/^[a-z_][a-z0-9_]*$/);
  expect(new Set(remotePackages.map(({ name }) => name)).size).toBe(remotePackages.length);
  const ports = remotePackages.map(({ devPort }) => devPort);
  expect(new Set([3000, ...ports]).size).toBe(ports.length + 1);
});

test('remoteOfModule finds the remote of a module id by its container, and nothing for an unlisted one', () => {
  expect(remoteOfModule('mf_cards/CardsPage')?.dir).toBe('mf-cards');
  expect(remoteOfModule('mf_card/CardsPage')).toBeUndefined();
  expect(remoteOfModule('mf_cardsX/CardsPage')).toBeUndefined();
});
