import type { Permission } from '@paydesk/shared/roles';
import type { PermissionInfo } from '@paydesk/shared/schemas/roles';

/** What each permission brings with it, followed to the end: `transactions.refund` → `transactions.view`. */
export function impliedBy(catalogue: readonly PermissionInfo[]): Map<Permission, ReadonlySet<Permission>> {
  const direct = new Map(catalogue.map((entry) => [entry.key, entry.implies]));
  const closure = new Map<Permission, ReadonlySet<Permission>>();
  for (const { key } of catalogue) {
    const found = new Set<Permission>();
    const next = [...(direct.get(key) ?? [])];
    while (next.length > 0) {
      const permission = next.pop()!;
      if (found.has(permission) || permission === key) continue;
      found.add(permission);
      next.push(...(direct.get(permission) ?? []));
    }
    closure.set(key, found);
  }
  return closure;
}

/** A role's permissions with all they imply, as the server stores them. */
export function withImplied(selected: Iterable<Permission>, implied: Map<Permission, ReadonlySet<Permission>>): Set<Permission> {
  const all = new Set<Permission>();
  for (const permission of selected) {
    all.add(permission);
    for (const more of implied.get(permission) ?? []) all.add(more);
  }
  return all;
}

/**
 * The checked permission that holds this one in place: a checked permission that implies it, so
 * it cannot be unchecked alone. Undefined when none does.
 */
export function lockedBy(
  permission: Permission,
  checked: ReadonlySet<Permission>,
  implied: Map<Permission, ReadonlySet<Permission>>,
): Permission | undefined {
  return [...checked].find((other) => other !== permission && implied.get(other)?.has(permission));
}

/** Checking adds the permission and what it implies; unchecking takes away only the permission itself. */
export function toggle(
  permission: Permission,
  checked: ReadonlySet<Permission>,
  implied: Map<Permission, ReadonlySet<Permission>>,
): Set<Permission> {
  if (checked.has(permission)) {
    const next = new Set(checked);
    next.delete(permission);
    return next;
  }
  return withImplied([...checked, permission], implied);
}

/** The catalogue's groups in its order, each with its permissions in order. */
export function groupsOf(catalogue: readonly PermissionInfo[]): { group: string; entries: PermissionInfo[] }[] {
  const groups = new Map<string, PermissionInfo[]>();
  for (const entry of catalogue) groups.set(entry.group, [...(groups.get(entry.group) ?? []), entry]);
  return [...groups].map(([group, entries]) => ({ group, entries }));
}
