// No zod here: the shell reads areas with the remote manifest before any page renders, payer
// pages included (shell/src/remotes/manifest.ts says why).

/**
 * A back-office page a remote declares in its `areas.json`, which its build writes beside
 * `mf-manifest.json`. The shell routes and lists the areas of the live remotes; its own source
 * names none of them.
 */
export interface RemoteArea {
  /** Under /control, without the slash: `transactions`, `transactions/:id`. */
  path: string;
  /** The menu entry; absent for a page reached from another page. */
  label?: string;
  /** One of the menu's icon names (shell/src/features/layout/nav-icons.tsx); a generic one else. */
  icon?: string;
  /** Who may open it: a permission of the roles policy (shared/src/roles.ts). */
  permission: string;
  /** The module the remote exposes for it: `TransactionsPage` for `./TransactionsPage`. */
  module: string;
  /** Place in the menu, lowest first; areas without one follow, in their remote's order. */
  order?: number;
}

/** The shell's own pages under /control: no remote may declare them. */
export const shellControlPaths: readonly string[] = ['', 'login', 'settings'];

const pathPattern = /^[a-z0-9-]+(\/(:[a-z][a-zA-Z]*|[a-z0-9-]+))*$/;
const iconPattern = /^[a-z][a-z_]*$/;
const modulePattern = /^[A-Za-z][A-Za-z0-9]*$/;
const permissionPattern = /^[a-z_]+\.[a-z_]+$/;

function fail(source: string, index: number, what: string): never {
  throw new Error(`${source}: areas[${index}].${what}`);
}

function parseArea(value: unknown, index: number, source: string): RemoteArea {
  const { path, label, icon, permission, module, order } = (typeof value === 'object' && value !== null ? value : {}) as Record<
    string,
    unknown
  >;
  if (typeof path !== 'string' || !pathPattern.test(path) || shellControlPaths.includes(path))
    fail(source, index, 'path must be a page address under /control that is not the shell\'s (e.g. "reports/:id")');
  if (label !== undefined && (typeof label !== 'string' || label.trim() === '' || label.length > 40))
    fail(source, index, 'label must be a text of 1 to 40 characters');
  if (icon !== undefined && (typeof icon !== 'string' || !iconPattern.test(icon))) fail(source, index, 'icon must be an icon name');
  if (typeof permission !== 'string' || !permissionPattern.test(permission)) fail(source, index, 'permission must be a permission name');
  if (typeof module !== 'string' || !modulePattern.test(module)) fail(source, index, 'module must be the name of an exposed module');
  if (order !== undefined && (typeof order !== 'number' || !Number.isFinite(order))) fail(source, index, 'order must be a number');
  return {
    path,
    permission,
    module,
    ...(label !== undefined && { label }),
    ...(icon !== undefined && { icon }),
    ...(order !== undefined && { order }),
  };
}

/** Reads an `areas.json` document (`{"areas": [...]}`), naming the first field that is wrong. */
export function parseAreas(value: unknown, source = 'areas.json'): RemoteArea[] {
  const areas = typeof value === 'object' && value !== null ? (value as { areas?: unknown }).areas : undefined;
  if (!Array.isArray(areas)) throw new Error(`${source}: "areas" must be a list`);
  const parsed = areas.map((area, index) => parseArea(area, index, source));
  const seen = new Set<string>();
  parsed.forEach(({ path }, index) => {
    if (seen.has(path)) fail(source, index, `path ${path} is declared twice`);
    seen.add(path);
  });
  return parsed;
}
