import { isBuiltInRole, type RoleKey } from '@paydesk/shared/roles';

const MAX_KEY = 40;

/**
 * A role's key made from its name (PERM-04): lowercase ASCII letters and digits joined by `_`,
 * starting with a letter. `Support – EU` gives `support_eu`; a name without one gives `role`.
 */
export function keyFromName(name: string): RoleKey {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  const key = /^[a-z]/.test(slug) && slug.length >= 2 ? slug : slug ? `role_${slug}` : 'role';
  return key.slice(0, MAX_KEY).replace(/_+$/, '');
}

/** `base`, or `base_2`, `base_3`… : the first that neither a built-in role nor one of `taken` has. */
export function nextFreeKey(base: RoleKey, taken: readonly string[]): RoleKey {
  const used = new Set(taken);
  const free = (key: string) => !used.has(key) && !isBuiltInRole(key);
  if (free(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `_${n}`;
    const key = `${base.slice(0, MAX_KEY - suffix.length).replace(/_+$/, '')}${suffix}`;
    if (free(key)) return key;
  }
}
