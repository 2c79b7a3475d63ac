import { useCan } from '@paydesk/shared/session/use-can';

/** Whether the signed-in user may answer and accept disputes (the server decides; the buttons mirror it). */
export const useCanManage = (): boolean => useCan('disputes.manage');
