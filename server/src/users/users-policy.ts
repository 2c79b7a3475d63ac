import type { Permission, RoleKey } from '@paydesk/shared/roles';
import type { UserStatus } from '@paydesk/shared/schemas/user';
import { SUPER_ADMIN } from '../auth/built-in-roles';
import { holdsAll } from '../auth/permission-catalogue';
import type { Mode } from '../config';
import { DEMO_PASSWORD } from '../demo-password';
import { conflict, forbidden, invalid, notFound, type DomainError } from '../errors/domain-error';

export const USER_NOT_FOUND = 'User not found';
export const DUPLICATE_EMAIL = 'A user with this email already exists';
export const SELF_DELETE = 'You cannot delete your own account';
export const SELF_DEACTIVATE = 'You cannot deactivate or suspend your own account';
export const LAST_SUPER_ADMIN = 'The last active super admin cannot be deleted, demoted or deactivated';
export const DEMO_PASSWORD_REFUSED = 'This is the published demo password. Please choose one that only you know';

export const cannotManage = (roleName: string): string => `Your role cannot manage ${roleName} accounts`;
export const unknownRole = (key: string): string => `role: there is no role ${key}`;

interface Account {
  id: number;
  role: RoleKey;
  status: UserStatus;
}

/** A role as the rules see it: its name (for messages) and what it holds. */
export interface HeldRole {
  name: string;
  permissions: ReadonlySet<Permission>;
}

/** The roles an action names, read under lock in its transaction; undefined for a key no role has. */
export type RoleLookup = (key: RoleKey) => HeldRole | undefined;

/** What an actor asks to do; the target is the account's state as locked in the transaction. */
export type UserAction =
  | { kind: 'create'; role: RoleKey }
  | { kind: 'update'; target: Account | undefined; next: { role: RoleKey; status: UserStatus } }
  | { kind: 'delete'; target: Account | undefined };

/**
 * The rules of PERM-07 and USR-10 to USR-11, in the order the API reports them.
 * `activeSuperAdmins` is the number of active super_admins, locked by the caller.
 * Returns the refusal, or undefined when the action is allowed.
 */
export function refusal(
  actor: Account | undefined,
  action: UserAction,
  activeSuperAdmins: number,
  roles: RoleLookup,
): DomainError | undefined {
  // The actor was read again under lock: a session may outlive a demotion by a few milliseconds.
  const held = actor && actor.status === 'active' ? roles(actor.role)?.permissions : undefined;
  if (!actor || !held?.has('users.manage')) return forbidden();
  // PERM-07: an account's role, before and after, holds nothing the actor does not; so nobody
  // raises anyone, themselves included, above their own permissions.
  const manages = (key: RoleKey): DomainError | undefined => {
    const role = roles(key);
    if (!role) return invalid(unknownRole(key));
    return holdsAll(held, role.permissions) ? undefined : forbidden(cannotManage(role.name));
  };
  if (action.kind === 'create') return manages(action.role);

  const { target } = action;
  if (!target) return notFound(USER_NOT_FOUND);
  const current = manages(target.role);
  if (current) return current;
  const self = target.id === actor.id;
  const isLastSuperAdmin = target.role === SUPER_ADMIN && target.status === 'active' && activeSuperAdmins <= 1;

  if (action.kind === 'delete') {
    if (self) return forbidden(SELF_DELETE);
    return isLastSuperAdmin ? conflict(LAST_SUPER_ADMIN) : undefined;
  }
  const { next } = action;
  const nextRole = manages(next.role);
  if (nextRole) return nextRole;
  if (self && next.status !== 'active') return forbidden(SELF_DEACTIVATE);
  const staysActiveSuperAdmin = next.role === SUPER_ADMIN && next.status === 'active';
  return isLastSuperAdmin && !staysActiveSuperAdmin ? conflict(LAST_SUPER_ADMIN) : undefined;
}

/**
 * Whether an update must end the target's sessions at once (USR-12). A role change need not: every
 * call reads the caller's role with the session (PERM-09).
 */
export const endsSessions = (next: { status: UserStatus }, passwordReset: boolean): boolean => passwordReset || next.status !== 'active';

/**
 * Outside demo mode the demo accounts' published password (README) is refused for any account, in
 * any letter case (AUTH-16). The shared schema cannot know the mode, so this check is the server's;
 * its answer looks like the schema's own password refusals.
 */
export function demoPasswordRefusal(mode: Mode, password: string | undefined): DomainError | undefined {
  if (mode === 'demo' || !password) return undefined;
  return password.toLowerCase() === DEMO_PASSWORD.toLowerCase() ? invalid(`password: ${DEMO_PASSWORD_REFUSED}`) : undefined;
}
