// The server's layering for eslint.config.mjs (PLAT-12): server/src folders (and the files directly
// in server/src) from top to bottom, as measured by scripts/server-folder-graph.mjs. A folder
// imports only what lies in a layer below its own, with no exception: the entry points; app.ts and
// the route registry beside it (routes.ts); http/, which is plumbing only (error handler, headers,
// probes, OpenAPI) and imports no feature; the feature folders, from the back-office views down to
// auth and security; logs, jobs and the audit trail; the configuration and the database; the small
// modules any folder may use (ids, page numbers, the text guard, plugin names, the demo's
// documented values); and last the domain errors, which every folder throws and only http/ turns
// into a status (docs/decisions/domain-errors.md). scripts/lint-walls.test.ts proves the walls refuse.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { root } from '../frontends.mjs';

export const serverLayers = [
  ['main.ts', 'cli', 'ephemeral-config.ts'],
  ['app.ts'],
  ['routes.ts', 'startup-banner.ts', 'frontends.ts'],
  ['http'],
  ['demo'],
  ['transactions'],
  ['refunds', 'disputes', 'balance'],
  ['files'],
  ['payments'],
  ['api-keys'],
  ['wallet'],
  ['platform'],
  ['webhooks'],
  ['cards'],
  ['idempotency'],
  ['users'],
  ['auth'],
  ['security'],
  ['jobs', 'frontends', 'logger.ts', 'audit'],
  ['config.ts'],
  ['config-schema.ts'],
  ['db'],
  ['ids', 'paging', 'validation', 'named-plugin.ts', 'demo-keys.ts', 'demo-password.ts', 'demo-secrets.ts', 'repo-root.ts'],
  ['errors'],
];

// A new entry of server/src must be placed in a layer before lint passes.
const placed = new Set(serverLayers.flat());
const unplaced = readdirSync(path.join(root, 'server/src')).filter(
  (name) => !placed.has(name) && !/\.test\.[a-z]+$/.test(name) && !name.endsWith('.d.ts'),
);
if (unplaced.length > 0) {
  throw new Error(`scripts/eslint/server-layers.mjs: place server/src/${unplaced.join(', server/src/')} in serverLayers (PLAT-12)`);
}

/** For each server/src entry, a zone refusing imports from its own layer and the layers above. */
export function serverLayerZones() {
  return serverLayers.flatMap((layer, index) =>
    layer.flatMap((target) =>
      serverLayers
        .slice(0, index + 1)
        .flat()
        .filter((name) => name !== target)
        .map((from) => ({
          target: `server/src/${target}`,
          from: `server/src/${from}`,
          message: `server/src/${target} lies below server/src/${from} in the server layering (docs/architecture.md, scripts/eslint/server-layers.mjs).`,
        })),
    ),
  );
}

// http/ lies above the feature folders so that none of them can reach it, and, being plumbing,
// imports none of them either: routes.ts composes their routes.
const httpLayer = serverLayers.findIndex((layer) => layer.includes('http'));
const featureFolders = serverLayers
  .slice(
    httpLayer + 1,
    serverLayers.findIndex((layer) => layer.includes('jobs')),
  )
  .flat();
export const httpPlumbingZone = {
  target: 'server/src/http',
  from: featureFolders.map((folder) => `server/src/${folder}`),
  message: 'server/src/http is plumbing: it imports no feature folder (routes.ts composes their routes).',
};
