import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { parseAreas, type RemoteArea } from '@paydesk/shared/areas';
import { remotePackages } from '@paydesk/shared/remote-packages';
import { isPermission } from '@paydesk/shared/roles';
import { matchesRoute } from '@paydesk/shared/routes';

const manifestFile = z.object({
  remotes: z.array(
    z.object({
      name: z.string(),
      entry: z.string(),
      version: z.string(),
      areas: z.array(z.unknown()).optional(),
      integrity: z.string().optional(),
    }),
  ),
});

/** `/remotes.json`: each live remote, where its entry is, and the back-office areas it declares. */
export interface RemotesManifest {
  /** `integrity`: the SHA-384 its remoteEntry.js must hash to, which the browser checks (a release's). */
  remotes: { name: string; entry: string; version: string; areas: RemoteArea[]; integrity?: string }[];
}

/** A remote as found, before its areas are checked against the others. */
interface FoundRemote {
  name: string;
  entry: string;
  version: string;
  /** The `areas.json` document, undefined when the remote has none, or why it could not be read. */
  areas: unknown;
  /** The modules its mf-manifest.json exposes, when known. */
  exposed?: readonly string[];
  integrity?: string | null;
}

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

/**
 * A build's file (mf-manifest.json, areas.json), parsed once per version of it: /remotes.json
 * reads every local build's on each request, and a rebuild gives the file a new time and size.
 */
const parsedBuildFiles = new Map<string, { stamp: string; value: unknown }>();
function readBuildJson(file: string): unknown {
  const { mtimeMs, size } = statSync(file);
  const stamp = `${mtimeMs}:${size}`;
  const known = parsedBuildFiles.get(file);
  if (known?.stamp === stamp) return known.value;
  const value = readJson(file);
  parsedBuildFiles.set(file, { stamp, value });
  return value;
}

function readAreasFile(file: string): unknown {
  try {
    return readBuildJson(file);
  } catch (error) {
    return new Error(`areas.json is not JSON: ${(error as Error).message}`);
  }
}

/**
 * Why a remote's areas cannot go live beside those of the remotes before it, or undefined: a
 * permission the server does not know, a page address another remote has, a module it does not
 * expose. The server still enforces every API call; the menu only mirrors the permission.
 */
export function refusedAreas(
  name: string,
  areas: readonly RemoteArea[],
  exposed: readonly string[] | undefined,
  taken: ReadonlyMap<string, string>,
): string | undefined {
  for (const { path, permission, module } of areas) {
    if (!isPermission(permission)) return `area ${path}: the permission ${permission} is not one the server knows`;
    const owner = taken.get(path);
    if (owner && owner !== name) return `area ${path}: the page address is ${owner}'s`;
    if (exposed && !exposed.includes(module)) return `area ${path}: ${name} does not expose ${module}`;
  }
  return undefined;
}

/** The remotes with their checked areas; a remote whose areas are refused keeps its entry, with no areas. */
function checked(found: readonly FoundRemote[]): { manifest: RemotesManifest; problems: string[] } {
  const taken = new Map<string, string>();
  const problems: string[] = [];
  const remotes = found.map(({ name, entry, version, areas, exposed, integrity }) => {
    const remote = { name, entry, version, ...(integrity ? { integrity } : {}) };
    let declared: RemoteArea[];
    try {
      if (areas instanceof Error) throw areas;
      declared = areas === undefined ? [] : parseAreas(areas, `${name} areas.json`);
    } catch (error) {
      problems.push(`${name} ${version}: ${(error as Error).message}`);
      return { ...remote, areas: [] };
    }
    const refused = refusedAreas(name, declared, exposed, taken);
    if (refused) {
      problems.push(`${name} ${version}: ${refused}`);
      return { ...remote, areas: [] };
    }
    for (const { path } of declared) taken.set(path, name);
    return { ...remote, areas: declared };
  });
  return { manifest: { remotes }, problems };
}

const builtManifest = (distDir: string) =>
  readBuildJson(join(distDir, 'mf-manifest.json')) as {
    metaData?: { buildInfo?: { buildVersion?: string } };
    exposes?: { name: string }[];
  };

/** A remote built in this checkout, served under /remotes/<dir>/: its entry, version, areas and exposes. */
function localRemote(frontendsDir: string, { name, dir }: { name: string; dir: string }): FoundRemote {
  const dist = join(frontendsDir, dir, 'dist');
  const built = builtManifest(dist);
  const areasFile = join(dist, 'areas.json');
  return {
    name,
    entry: `/remotes/${dir}/remoteEntry.js`,
    version: built.metaData?.buildInfo?.buildVersion ?? 'unknown',
    areas: existsSync(areasFile) ? readAreasFile(areasFile) : undefined,
    exposed: built.exposes?.map((expose) => expose.name),
  };
}

const isBuilt = (frontendsDir: string, dir: string) => existsSync(join(frontendsDir, dir, 'dist', 'remoteEntry.js'));

/**
 * An operator manifest's remote: its areas as the file gives them or, for an entry this server
 * serves from a local build, that build's areas.json.
 */
function listedRemote(frontendsDir: string, remote: z.infer<typeof manifestFile>['remotes'][number]): FoundRemote {
  const { areas, ...rest } = remote;
  if (areas) return { ...rest, areas: { areas } };
  const local = remotePackages.find(({ dir }) => remote.entry.startsWith(`/remotes/${dir}/`));
  if (!local || !isBuilt(frontendsDir, local.dir)) return { ...rest, areas: undefined };
  const { areas: localAreas, exposed } = localRemote(frontendsDir, local);
  return { ...rest, areas: localAreas, exposed };
}

/** A page address of a live remote's area: the shell's page, not a 404. */
export const isAreaPath = (manifest: RemotesManifest, path: string): boolean =>
  manifest.remotes.some(({ areas }) => areas.some((area) => matchesRoute(`/control/${area.path}`, path)));

/** A live release of the registry (platform/), which the gate checked when it was released. */
export interface ReleasedEntry {
  name: string;
  entry: string;
  version: string;
  areas: RemoteArea[];
  exposes: string[];
  integrity?: string | null;
}

/**
 * A registry release as /remotes.json serves it. A release of a file this server serves itself
 * (the demo data's releases of the local builds, /remotes/<dir>/remoteEntry.js) is read from that
 * build as it is now, without an integrity: it comes from the shell's own origin, and a rebuild
 * must not lock its pages out.
 */
function registryRemote(frontendsDir: string, { exposes, areas, ...release }: ReleasedEntry): FoundRemote {
  const local = remotePackages.find(({ dir }) => release.entry === `/remotes/${dir}/remoteEntry.js`);
  if (local && isBuilt(frontendsDir, local.dir)) return { ...localRemote(frontendsDir, local), version: release.version };
  return { ...release, areas: { areas }, exposed: exposes };
}

/**
 * The deploy-time manifest, with what was refused in it: a file the operator edits to roll a
 * remote forward or back (read on every request, so no restart), which wins over everything; or
 * else the local builds, each replaced by the registry's live release of that remote, and the
 * registry's other remotes after them.
 */
export function liveManifest(
  frontendsDir: string,
  manifestPath: string | undefined,
  released: readonly ReleasedEntry[] = [],
): { manifest: RemotesManifest; problems: string[] } {
  if (!manifestPath) {
    const built = remotePackages.filter(({ dir }) => isBuilt(frontendsDir, dir)).map((remote) => localRemote(frontendsDir, remote));
    const fromRegistry = released.map((release) => registryRemote(frontendsDir, release));
    const local = built.map((remote) => fromRegistry.find(({ name }) => name === remote.name) ?? remote);
    return checked([...local, ...fromRegistry.filter(({ name }) => !built.some((remote) => remote.name === name))]);
  }
  const { remotes } = manifestFile.parse(readJson(manifestPath));
  return checked(remotes.map((remote) => listedRemote(frontendsDir, remote)));
}

export const currentManifest = (
  frontendsDir: string,
  manifestPath: string | undefined,
  released: readonly ReleasedEntry[] = [],
): RemotesManifest => liveManifest(frontendsDir, manifestPath, released).manifest;

/**
 * The live remote that serves a page's module (`container/Expose`), with the expose's name; nothing
 * when no remote serves it, or when the operator's manifest cannot be read (the shell's page says so).
 */
export function remoteOfPage(
  frontendsDir: string,
  manifestPath: string | undefined,
  released: readonly ReleasedEntry[],
  id: string,
): { remote: RemotesManifest['remotes'][number]; expose: string } | undefined {
  const [container = '', expose = ''] = id.split('/');
  try {
    const remote = currentManifest(frontendsDir, manifestPath, released).remotes.find(({ name }) => name === container);
    return remote && { remote, expose };
  } catch {
    return undefined;
  }
}

/** The versions of the shared singletons the shell's build serves (its mf-manifest.json), by package. */
export function shellSharedVersions(frontendsDir: string): Record<string, string> {
  const file = join(frontendsDir, 'shell', 'dist', 'mf-manifest.json');
  if (!existsSync(file)) return {};
  const { shared = [] } = readJson(file) as { shared?: { name: string; version: string }[] };
  return Object.fromEntries(shared.map(({ name, version }) => [name, version]));
}

/** Stand-in origin to resolve a remote's address with: one still on it was relative (this server's). */
export const RELATIVE_BASE = 'http://relative.invalid';

/**
 * The origins, other than this server's, that a manifest loads remotes from: the shell page's
 * Content Security Policy allows scripts from exactly these. A relative entry is this server's; a
 * protocol-relative one gives its host (the page's own scheme); any other scheme gives nothing.
 */
export function remoteOrigins(remotes: readonly { entry: string }[]): string[] {
  const origins = new Set<string>();
  for (const { entry } of remotes) {
    const url = new URL(entry, RELATIVE_BASE);
    if (url.origin === RELATIVE_BASE || (url.protocol !== 'http:' && url.protocol !== 'https:')) continue;
    origins.add(entry.startsWith('//') ? url.host : url.origin);
  }
  return [...origins].sort();
}
