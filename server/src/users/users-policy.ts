import { can, manageableRoles, roleLabel, type Role } from '@paydesk/shared/roles';
import type { UserStatus } from '@paydesk/shared/schemas/user';
import type { Mode } from '../config';
import { DEMO_PASSWORD } from '../demo-password';
import { conflict, forbidden, invalid, notFound, type DomainError } from '../errors/domain-error';

export const USER_NOT_FOUND = 'User not found';
export const DUPLICATE_EMAIL = 'A user with this email already exists';
export const SELF_DELETE = 'You cannot delete your own account';
export const SELF_DEACTIVATE = 'You cannot deactivate or suspend your own account';
export const LAST_SUPER_ADMIN = 'The last active super admin cannot be deleted, demoted or deactivated';
export const DEMO_PASSWORD_REFUSED = 'This is the published demo password. Please choose one that only you know';

export const cannotManage = (role: Role): string => `Your role cannot manage ${roleLabel(role)} accounts`;

interface Account {
  id: number;
  role: Role;
  status: UserStatus;
}

/** What an actor asks to do; the target is the account's state as locked in the transaction. */
export type UserAction =
  | { kind: 'create'; role: Role }
  | { kind: 'update'; target: Account | undefined; next: { role: Role; status: UserStatus } }
  | { kind: 'delete'; target: Account | undefined };

/**
 * The rules of ROLE-06 and USR-09 to USR-11, in the order the API reports them.
 * `activeSuperAdmins` is the number of active super_admins, locked by the caller.
 * Returns the refusal, or undefined when the action is allowed.
 */
export function refusal(actor: Account | undefined, action: UserAction, activeSuperAdmins: number): DomainError | undefined {
  // The actor was read again under lock: a session may outlive a demotion by a few milliseconds.
  if (!actor || actor.status !== 'active' || !can(actor.role, 'users.manage')) return forbidden();
  const allowed = manageableRoles(actor.role);
  if (action.kind === 'create') return allowed.includes(action.role) ? undefined : forbidden(cannotManage(action.role));

  const { target } = action;
  if (!target) return notFound(USER_NOT_FOUND);
  if (!allowed.includes(target.role)) return forbidden(cannotManage(target.role));
  const self = target.id === actor.id;
  const isLastSuperAdmin = target.role === 'super_admin' && target.status === 'active' && activeSuperAdmins <= 1;

  if (action.kind === 'delete') {
    if (self) return forbidden(SELF_DELETE);
    return isLastSuperAdmin ? conflict(LAST_SUPER_ADMIN) : undefined;
  }
  const { next } = action;
  if (!allowed.includes(next.role)) return forbidden(cannotManage(next.role));
  if (self && next.status !== 'active') return forbidden(SELF_DEACTIVATE);
  const staysActiveSuperAdmin = next.role === 'super_admin' && next.status === 'active';
  return isLastSuperAdmin && !staysActiveSuperAdmin ? conflict(LAST_SUPER_ADMIN) : undefined;
}

/** Whether an update must end the target's sessions at once (USR-12). */
export const endsSessions = (before: Account, next: { role: Role; status: UserStatus }, passwordReset: boolean): boolean =>
  passwordReset || before.role !== next.role || next.status !== 'active';

/**
 * Outside demo mode the demo accounts' published password (README) is refused for any account, in
 * any letter case (AUTH-16). The shared schema cannot know the mode, so this check is the server's;
 * its answer looks like the schema's own password refusals.
 */
export function demoPasswordRefusal(mode: Mode, password: string | undefined): DomainError | undefined {
  if (mode === 'demo' || !password) return undefined;
  return password.toLowerCase() === DEMO_PASSWORD.toLowerCase() ? invalid(`password: ${DEMO_PASSWORD_REFUSED}`) : undefined;
}
