import { can } from '@paydesk/shared/roles';
import { selectCurrentUser } from '@paydesk/shared/session/session-slice';
import { useAppSelector } from '@paydesk/shared/store';

/** Whether the signed-in role may answer and accept disputes (the server decides; the buttons mirror it). */
export function useCanManage(): boolean {
  const user = useAppSelector(selectCurrentUser);
  return user !== null && user !== undefined && can(user.role, 'disputes.manage');
}
