import { createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { parseAreas, type RemoteArea } from '@paydesk/shared/areas';
import { refusedAreas } from '../frontends/remotes-manifest';
import { addressPolicy, type AddressPolicy } from '../webhooks/address-policy';

export interface ReleaseRequest {
  remote: string;
  entry: string;
  integrity?: string;
}

export interface GateContext {
  /** Demo mode allows any http(s) origin, loopback and private addresses included. */
  mode: 'demo' | 'production';
  /** Outside demo mode, the origins releases may come from (`https://cdn.example.com`). */
  allowedOrigins: readonly string[];
  /** The shell's shared singletons by package name, with the version it serves (`react`: `19.3.1`). */
  shellShared: Readonly<Record<string, string>>;
  /** The page addresses under /control that other live remotes declare, with their remote. */
  takenPaths: ReadonlyMap<string, string>;
  /** Per file, from the request to its last byte (5 s unless told). */
  timeoutMs?: number;
}

export type GateVerdict =
  | { ok: true; entry: string; integrity: string; areas: RemoteArea[]; exposes: string[]; shared: Record<string, string> }
  | { ok: false; reason: string };

const DEFAULT_TIMEOUT_MS = 5000;
const FILE_LIMIT = 5 * 1024 * 1024;
/** The files of a remote's published folder that an entry may name instead of the folder. */
const FOLDER_FILES = ['mf-manifest.json', 'remoteEntry.js'];

/** Why the release is refused: thrown by the steps below, turned into the verdict by `checkRelease` only. */
class Refusal extends Error {
  override name = 'Refusal';
}

/** A URL as it may appear in a reason, a row or the audit trail: without the credentials it may carry. */
function shown(url: URL): string {
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  return copy.href;
}

/** An entry as given, as it may be recorded: without credentials when it is a URL. */
export function entryWithoutCredentials(entry: string): string {
  try {
    return shown(new URL(entry));
  } catch {
    return entry;
  }
}

/** The remote's published folder (ending in `/`) that the entry names, itself or by one of its files. */
function folderOf(entry: string): URL {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    throw new Refusal(`The entry ${entry} is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Refusal(`The entry ${shown(url)} is not an http: or https: address`);
  if (url.username || url.password)
    throw new Refusal(`The entry ${shown(url)} carries credentials (user:password@), which a release may not`);
  // The registered entry is `<folder>remoteEntry.js`: a query or fragment would be dropped, so it is refused instead.
  if (url.search || url.hash) throw new Refusal(`The entry ${shown(url)} carries a query or fragment, which a release may not`);
  if (url.pathname.endsWith('/')) return url;
  const file = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  if (!FOLDER_FILES.includes(file))
    throw new Refusal(`The entry ${url.href} is neither a folder ending in / nor the mf-manifest.json or remoteEntry.js in one`);
  return new URL('./', url);
}

const originOf = (origin: string): string | undefined => {
  try {
    return new URL(origin).origin;
  } catch {
    return undefined;
  }
};

/** Outside demo mode: an allowed origin, on a host with public addresses only (HOOK-05's policy, reused). */
async function checkOrigin(folder: URL, context: GateContext, policy: AddressPolicy): Promise<void> {
  if (context.mode === 'demo') return;
  if (!context.allowedOrigins.some((origin) => originOf(origin) === folder.origin))
    throw new Refusal(
      `The origin ${folder.origin} is not one releases may come from (REMOTE_ORIGINS: ${context.allowedOrigins.join(', ') || 'none'})`,
    );
  const refused = await policy.check(folder);
  if (refused) throw new Refusal(`The entry ${folder.href} is refused: ${refused}`);
}

/** Why a request for `url` failed, as a reason. */
function unreachable(url: URL, error: NodeJS.ErrnoException): Refusal {
  if (error.code === 'EWEBHOOKREFUSED') return new Refusal(`${url.href} is refused: ${error.message}`);
  return new Refusal(`${url.href} could not be reached: ${error.code ?? error.message}`);
}

/** Why an answer cannot be read as the file, or undefined: a redirect is not followed, only 2xx is the file. */
function refusedAnswer(url: URL, response: http.IncomingMessage): Refusal | undefined {
  const status = response.statusCode ?? 0;
  if (status >= 300 && status < 400)
    return new Refusal(
      `${url.href} answered ${status}, a redirect to ${String(response.headers.location ?? 'nowhere')} that is not followed`,
    );
  if (status < 200 || status >= 300) return new Refusal(`${url.href} answered ${status}`);
  if (Number(response.headers['content-length'] ?? 0) > FILE_LIMIT) return new Refusal(`${url.href} is larger than 5 MB`);
  return undefined;
}

/** GETs one file of the folder within `timeoutMs`, from start to last byte, connecting only where the policy allows. */
function fetchFile(url: URL, timeoutMs: number, policy: AddressPolicy): Promise<Buffer> {
  // Node connects to an IP literal without calling `lookup`: the policy checks those first.
  const literal = policy.refusesLiteral(url);
  if (literal) return Promise.reject(new Refusal(`${url.href} is refused: ${literal.message}`));
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    // No shared agent: a release is checked rarely, and no socket should outlive the check.
    const request = client.request(url, { method: 'GET', lookup: policy.lookup, agent: false });
    let settled = false;
    const settle = (outcome: Buffer | Refusal) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      if (outcome instanceof Refusal) reject(outcome);
      else resolve(outcome);
    };
    const timer = setTimeout(() => settle(new Refusal(`${url.href} did not answer within ${timeoutMs} ms`)), timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => settle(unreachable(url, error)));
    request.on('response', (response) => {
      const refused = refusedAnswer(url, response);
      if (refused) return settle(refused);
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > FILE_LIMIT) return settle(new Refusal(`${url.href} is larger than 5 MB`));
        chunks.push(chunk);
      });
      response.on('end', () => settle(Buffer.concat(chunks)));
      response.on('error', (error: NodeJS.ErrnoException) => settle(unreachable(url, error)));
    });
    request.end();
  });
}

/** The three files, fetched together; the first refusal in the order named is the reason. */
async function fetchFolder(folder: URL, timeoutMs: number, policy: AddressPolicy) {
  const urls = ['mf-manifest.json', 'areas.json', 'remoteEntry.js'].map((file) => new URL(file, folder));
  const results = await Promise.allSettled(urls.map((url) => fetchFile(url, timeoutMs, policy)));
  const bodies = results.map((result) => {
    if (result.status === 'rejected') throw result.reason;
    return result.value;
  });
  const [manifest, areas, remoteEntry] = bodies as [Buffer, Buffer, Buffer];
  return { manifest, areas, remoteEntry, entryUrl: urls[2] as URL };
}

function parseJson(bytes: Buffer, url: URL): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new Refusal(`${url.href} is not JSON: ${(error as Error).message}`);
  }
}

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A list of the manifest whose entries each have a string `name`: absent is empty. */
function namedList(manifest: Fields, field: 'exposes' | 'shared', url: URL): Fields[] {
  const list = manifest[field] ?? [];
  if (!Array.isArray(list) || !list.every((entry) => isObject(entry) && typeof entry.name === 'string'))
    throw new Refusal(`${url.href} has a "${field}" that is not a list of entries with a name`);
  return list as Fields[];
}

/** What the gate reads of a Module Federation 2 manifest: the container name, exposed modules and shared packages. */
function readManifest(bytes: Buffer, url: URL) {
  const manifest = parseJson(bytes, url);
  if (!isObject(manifest)) throw new Refusal(`${url.href} is not a JSON object`);
  const name = manifest.name ?? manifest.id;
  if (typeof name !== 'string') throw new Refusal(`${url.href} names no container (no "name" or "id")`);
  const exposes = namedList(manifest, 'exposes', url).map((expose) => String(expose.name));
  const shared: Record<string, string> = {};
  const withoutCopy: string[] = [];
  for (const entry of namedList(manifest, 'shared', url)) {
    shared[String(entry.name)] = typeof entry.version === 'string' ? entry.version : '';
    if (!hasOwnCopy(entry)) withoutCopy.push(String(entry.name));
  }
  return { name, exposes, shared, withoutCopy };
}

/** A shared module the remote bundled a copy of: its manifest lists the copy's files. */
function hasOwnCopy(entry: Fields): boolean {
  const js = isObject(entry.assets) && isObject(entry.assets.js) ? entry.assets.js : {};
  return [js.sync, js.async].some((files) => Array.isArray(files) && files.length > 0);
}

/** The major of a version or range (`19.3.1`, `^19.0.0`, `~18`), or undefined when there are no leading digits. */
function majorOf(version: string): number | undefined {
  const digits = /^[\^~=]*(\d+)(\.|$)/.exec(version.trim());
  return digits ? Number(digits[1]) : undefined;
}

/**
 * A shell singleton the remote shares in another major would run as two copies, or fail to load;
 * a module the remote has no copy of (a production remote of this repository has none) must come
 * from the shell, or the remote's pages fail to load: both refused. Without a shell build to read,
 * nothing is known to check against.
 */
function checkShared(
  remote: string,
  { shared, withoutCopy }: { shared: Record<string, string>; withoutCopy: string[] },
  shellShared: Readonly<Record<string, string>>,
): void {
  const missing = Object.keys(shellShared).length === 0 ? [] : withoutCopy.filter((name) => shellShared[name] === undefined);
  if (missing.length > 0)
    throw new Refusal(
      `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} shared by the remote ${remote} with no copy of its own, and the shell does not serve it`,
    );
  for (const [name, version] of Object.entries(shared)) {
    const shellVersion = shellShared[name];
    if (shellVersion === undefined) continue;
    const remoteMajor = majorOf(version);
    if (remoteMajor === undefined)
      throw new Refusal(
        `${name} is shared by the remote ${remote} with no version whose major can be read ("${version}"), the shell serves ${shellVersion}`,
      );
    if (remoteMajor !== majorOf(shellVersion))
      throw new Refusal(`${name} ${version} is shared by the remote ${remote}, the shell serves ${shellVersion}: another major`);
  }
}

/** The areas the remote declares, checked against the permissions, the other remotes' pages and its own exposes. */
function checkAreas(remote: string, bytes: Buffer, url: URL, exposes: readonly string[], taken: ReadonlyMap<string, string>): RemoteArea[] {
  let areas: RemoteArea[];
  try {
    areas = parseAreas(parseJson(bytes, url), url.href);
  } catch (error) {
    throw error instanceof Refusal ? error : new Refusal((error as Error).message);
  }
  const refused = refusedAreas(remote, areas, exposes, taken);
  if (refused) throw new Refusal(`The areas of ${remote} are refused: ${refused}`);
  return areas;
}

/** Subresource Integrity of the entry script, as the shell's script tag will check it. */
export const integrityOf = (bytes: Buffer): string => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

async function gate(request: ReleaseRequest, context: GateContext): Promise<GateVerdict> {
  const policy = addressPolicy({ mode: context.mode, webhookAllowedHosts: [] });
  const folder = folderOf(request.entry);
  await checkOrigin(folder, context, policy);
  const files = await fetchFolder(folder, context.timeoutMs ?? DEFAULT_TIMEOUT_MS, policy);
  const manifestUrl = new URL('mf-manifest.json', folder);
  const { name, exposes, shared, withoutCopy } = readManifest(files.manifest, manifestUrl);
  if (name !== request.remote) throw new Refusal(`${manifestUrl.href} names the container ${name}, not ${request.remote}`);
  checkShared(request.remote, { shared, withoutCopy }, context.shellShared);
  const areas = checkAreas(request.remote, files.areas, new URL('areas.json', folder), exposes, context.takenPaths);
  const integrity = integrityOf(files.remoteEntry);
  if (request.integrity !== undefined && request.integrity !== integrity)
    throw new Refusal(`${files.entryUrl.href} hashes to ${integrity}, not the given ${request.integrity}`);
  return { ok: true, entry: files.entryUrl.href, integrity, areas, exposes, shared };
}

/**
 * Whether a release of a federated remote may be registered: its folder fetched from an allowed
 * origin, its manifest naming the container and sharing the shell's singletons in their majors,
 * its areas acceptable beside the other remotes', and its entry script hashing to what was given.
 */
export async function checkRelease(request: ReleaseRequest, context: GateContext): Promise<GateVerdict> {
  try {
    return await gate(request, context);
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: error.message };
    throw error;
  }
}
