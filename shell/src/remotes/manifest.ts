import { registerRemotes } from '@module-federation/enhanced/runtime';
import { parseAreas, type RemoteArea } from '@paydesk/shared/areas';
import { checkEntryIntegrity } from './entry-integrity';

/**
 * `/remotes.json`: where each live remote is deployed, and the back-office areas it declares.
 * Changing it redeploys or rolls back a remote.
 */
export interface RemoteManifest {
  /** `integrity`: what its remoteEntry.js must hash to (a release's), checked by the browser. */
  remotes: { name: string; entry: string; version: string; areas: RemoteArea[]; integrity?: string }[];
  /** A release this super_admin's browser previews instead of the live one (server/src/platform/preview.ts). */
  preview?: ReleasePreview;
}

export interface ReleasePreview {
  remote: string;
  version: string;
  expires_at: string;
}

/** A remote whose areas cannot be read keeps its entry (its payer pages, its links) without them. */
function areasOf(name: string, areas: unknown): RemoteArea[] {
  if (areas === undefined) return [];
  try {
    return parseAreas({ areas }, `remotes.json: ${name}`);
  } catch (error) {
    console.error(error);
    return [];
  }
}

const containerName = /^[a-z_][a-z0-9_]*$/i;
const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const sriHash = /^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$/;

/**
 * Checks the manifest's shape, field by field. A plain check rather than a zod schema: the shell
 * reads the manifest before any page renders, payer pages included, and a schema library there
 * would cost every payer several KB for a few fields.
 */
export function parseRemoteManifest(value: unknown): RemoteManifest {
  const { remotes, preview } = (typeof value === 'object' && value !== null ? value : {}) as { remotes?: unknown; preview?: unknown };
  if (!Array.isArray(remotes)) throw new Error('remotes.json: "remotes" must be a list');
  return {
    ...(preview !== undefined && { preview: previewOf(preview) }),
    remotes: remotes.map((remote: unknown, index) => {
      const { name, entry, version, areas, integrity } = (typeof remote === 'object' && remote !== null ? remote : {}) as Record<
        string,
        unknown
      >;
      if (typeof name !== 'string' || !containerName.test(name))
        throw new Error(`remotes.json: remotes[${index}].name must be a container name`);
      if (!nonEmpty(entry)) throw new Error(`remotes.json: remotes[${index}].entry must be an address`);
      if (!nonEmpty(version)) throw new Error(`remotes.json: remotes[${index}].version must be a version`);
      if (integrity !== undefined && (typeof integrity !== 'string' || !sriHash.test(integrity)))
        throw new Error(`remotes.json: remotes[${index}].integrity must be a hash such as sha384-…`);
      return { name, entry, version, areas: areasOf(name, areas), ...(integrity ? { integrity } : {}) };
    }),
  };
}

function previewOf(value: unknown): ReleasePreview {
  const { remote, version, expires_at } = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (!nonEmpty(remote) || !nonEmpty(version) || !nonEmpty(expires_at) || Number.isNaN(Date.parse(expires_at)))
    throw new Error('remotes.json: "preview" must name a remote, a version and when it ends');
  return { remote, version, expires_at };
}

/**
 * TOKEN_KEY of @paydesk/shared/session/storage, which this file cannot import: it runs in the
 * shell's entry, before the federation's share scope, which provides that module, is set up
 * (manifest.test.ts holds the two equal).
 */
export const SESSION_TOKEN_KEY = 'token';

/**
 * A signed-in staff member's manifest is chosen by their user id (a canary reaches the same people
 * in every browser they use; a preview only their session), so it is asked for with the session
 * and at an address of its own: the page's preload of /remotes.json, made without the session, is
 * not used in its place. A payer page sends nothing, as its first response did.
 */
function manifestRequest(url: string): { url: string; headers: Record<string, string> } {
  const token = window.location.pathname.startsWith('/control') ? localStorage.getItem(SESSION_TOKEN_KEY) : null;
  return token ? { url: `${url}?signed-in`, headers: { authorization: `Bearer ${token}` } } : { url, headers: {} };
}

export async function loadRemoteManifest(address = '/remotes.json'): Promise<RemoteManifest> {
  const { url, headers } = manifestRequest(address);
  const response = await fetch(url, { cache: 'no-store', headers });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const manifest = parseRemoteManifest(await response.json());
  const remotes = manifest.remotes.map((remote) => ({ ...remote, entry: new URL(remote.entry, window.location.href).href }));
  checkEntryIntegrity(remotes);
  registerRemotes(
    remotes.map(({ name, entry }) => ({ name, entry })),
    { force: true },
  );
  return manifest;
}
