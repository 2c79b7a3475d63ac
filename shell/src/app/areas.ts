import { isPermission, type Permission } from '@paydesk/shared/roles';
import type { RemoteManifest } from '../remotes/manifest';
import type { RemoteModule } from '../remotes/remote-module';

/** A back-office area as the shell routes and lists it: a live remote's declared page. */
export interface ControlArea {
  path: string;
  remote: RemoteModule;
  permission: Permission;
  /** Menu label (APP-06); absent for pages reached from another page. */
  label?: string;
  icon?: string;
}

type Declared = RemoteManifest['remotes'][number]['areas'][number];

/** The name a page's fallback shows: its label, or that of the remote's area it sits under. */
function areaName(area: Declared, siblings: readonly Declared[], remote: string): string {
  if (area.label) return area.label;
  const parents = siblings.filter((s) => s.label && area.path.startsWith(`${s.path}/`)).sort((a, b) => b.path.length - a.path.length);
  return parents[0]?.label ?? siblings.find((s) => s.label)?.label ?? remote;
}

/**
 * The areas of the live remotes, in menu order (`order`, then as declared). The server leaves
 * out the areas of a remote that names an unknown permission or another remote's page; an area
 * whose permission this shell does not know is left out all the same, so it is never shown to all.
 */
export function controlAreasOf(remotes: RemoteManifest['remotes']): ControlArea[] {
  const areas = remotes.flatMap(({ name, areas: declared }) =>
    declared.flatMap((area) => {
      const { path, label, icon, permission, module, order } = area;
      if (!isPermission(permission)) return [];
      const remote = { id: `${name}/${module}`, area: areaName(area, declared, name) };
      return [{ path, permission, remote, order: order ?? Number.POSITIVE_INFINITY, ...(label && { label }), ...(icon && { icon }) }];
    }),
  );
  return areas.sort((a, b) => a.order - b.order).map(({ order: _order, ...area }) => area);
}
