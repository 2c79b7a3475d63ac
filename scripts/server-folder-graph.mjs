// Prints which server/src folders import which (with the number of importing files) and the
// cycles among them, and any upward import against the layering of scripts/eslint/server-layers.mjs (PLAT-12).
// A file directly in server/src is a node of its own (config.ts, app.ts...). Type-only imports count
// too (a type is a dependency of the code as much as a value) but marked "types only".
//   node scripts/server-folder-graph.mjs          the graph as text
//   node scripts/server-folder-graph.mjs --json   the same as JSON (edges, cycles)
//   node scripts/server-folder-graph.mjs --check  fails on any upward import or folder cycle
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { root } from './frontends.mjs';

const serverSrc = path.join(root, 'server', 'src');

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(tsx?|m?js)$/.test(name) && !/\.test\.[a-z]+$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The folder of server/src a file belongs to, or the file's name when it lies in server/src itself. */
const folderOf = (file) => path.relative(serverSrc, file).split(path.sep)[0];

/** Module specifiers of a file, each with whether it brings types only. */
function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const typeOnly = ts.isImportDeclaration(node) ? Boolean(node.importClause?.isTypeOnly) : node.isTypeOnly;
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found.push({ specifier: argument.text, typeOnly: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Folder-to-folder edges of server/src, each { from, to, files (importing), targets (imported), typeOnly }. */
export function serverFolderEdges() {
  const edges = new Map();
  for (const file of sourceFiles(serverSrc)) {
    const from = folderOf(file);
    for (const { specifier, typeOnly } of importsOf(file)) {
      if (!specifier.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), specifier);
      if (!target.startsWith(serverSrc + path.sep)) continue;
      const targetFile = /\.tsx?$/.test(target) ? target : `${target}.ts`;
      const to = folderOf(targetFile);
      if (to === from) continue;
      const key = `${from} -> ${to}`;
      const edge = edges.get(key) ?? { from, to, files: new Set(), targets: new Set(), typeOnly: true };
      edge.files.add(path.relative(serverSrc, file));
      edge.targets.add(path.relative(serverSrc, targetFile));
      edge.typeOnly &&= typeOnly;
      edges.set(key, edge);
    }
  }
  return [...edges.values()].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
}

/** Strongly connected groups of more than one folder (Tarjan), each sorted. */
export function cyclesOf(edges) {
  const next = new Map();
  for (const { from, to } of edges) {
    if (!next.has(from)) next.set(from, []);
    if (!next.has(to)) next.set(to, []);
    next.get(from).push(to);
  }
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const connect = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node)) {
      if (!index.has(to)) {
        connect(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node), index.get(to)));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of [...next.keys()].sort()) if (!index.has(node)) connect(node);
  return groups.sort((a, b) => b.length - a.length || a[0].localeCompare(b[0]));
}

/** Pairs of folders that import each other. */
export function mutualPairs(edges) {
  const keys = new Set(edges.map(({ from, to }) => `${from} -> ${to}`));
  return edges.filter(({ from, to }) => from < to && keys.has(`${to} -> ${from}`)).map(({ from, to }) => [from, to]);
}

/** Imports against the layers (top first): each upward one as "from -> to/file", sorted. */
export function upwardImports(edges, layers) {
  const layerOf = new Map(layers.flatMap((layer, index) => layer.map((name) => [name, index])));
  return edges
    .filter(({ from, to }) => layerOf.get(to) <= layerOf.get(from))
    .flatMap(({ from, targets }) => [...targets].map((target) => `${from} -> ${target}`))
    .sort();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const edges = serverFolderEdges();
  if (process.argv.includes('--check')) {
    const { serverLayers } = await import('./eslint/server-layers.mjs');
    const upward = upwardImports(edges, serverLayers);
    const cycles = cyclesOf(edges);
    for (const edge of upward) console.error(`Upward import against serverLayers of scripts/eslint/server-layers.mjs: ${edge}`);
    for (const group of cycles) console.error(`Folders in a cycle: ${group.join(', ')}`);
    process.exit(upward.length + cycles.length > 0 ? 1 : 0);
  }
  const cycles = cyclesOf(edges);
  const pairs = mutualPairs(edges);
  if (process.argv.includes('--json')) {
    const plain = edges.map(({ from, to, files, targets, typeOnly }) => ({
      from,
      to,
      files: [...files].sort(),
      targets: [...targets].sort(),
      typeOnly,
    }));
    console.log(JSON.stringify({ edges: plain, cycles, mutualPairs: pairs }, null, 2));
  } else {
    console.log(`server/src folder imports (${edges.length} edges; number of importing files):`);
    let last = '';
    for (const { from, to, files, typeOnly } of edges) {
      console.log(`  ${from === last ? ' '.repeat(from.length) : from} -> ${to} (${files.size}${typeOnly ? ', types only' : ''})`);
      last = from;
    }
    console.log(`\nFolders that import each other (${pairs.length}):`);
    for (const [a, b] of pairs) console.log(`  ${a} <-> ${b}`);
    console.log(`\nCycles, as strongly connected groups of folders (${cycles.length}):`);
    for (const group of cycles) console.log(`  ${group.join(', ')}`);
    const { serverLayers } = await import('./eslint/server-layers.mjs');
    const upward = upwardImports(edges, serverLayers);
    console.log(`\nUpward imports against the layers of scripts/eslint/server-layers.mjs (${upward.length}):`);
    for (const edge of upward) console.log(`  ${edge}`);
  }
}
