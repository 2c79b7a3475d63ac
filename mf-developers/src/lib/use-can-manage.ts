import { useCan } from '@paydesk/shared/session/use-can';

/** Whether the signed-in user may change endpoints and resend (the server decides; the buttons mirror it). */
export const useCanManage = (): boolean => useCan('developers.manage');
