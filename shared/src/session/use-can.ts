import { useMemo } from 'react';
import type { Permission } from '../roles';
import { useAppSelector } from '../store';
import { selectIsDemo, selectPermissions, selectRoleName } from './session-slice';

/**
 * The signed-in user's permissions as the server gave them (GET /api/auth/me), or null while
 * they are not known yet: then nothing permission-gated shows, rather than a button that would
 * vanish a moment later. The server enforces each of them; the page only mirrors them.
 */
export function usePermissions(): ReadonlySet<Permission> | null {
  const permissions = useAppSelector(selectPermissions);
  return useMemo(() => (permissions ? new Set(permissions) : null), [permissions]);
}

/** Whether the signed-in user holds a permission; false while the permissions are not known. */
export function useCan(permission: Permission): boolean {
  return useAppSelector((state) => selectPermissions(state)?.includes(permission) ?? false);
}

/** The signed-in user's role as the server names it, or null until it has said. */
export const useRoleName = (): string | null => useAppSelector(selectRoleName);

/** Whether the product runs in demo mode, as the server said; false until it has. */
export const useIsDemo = (): boolean => useAppSelector(selectIsDemo);
