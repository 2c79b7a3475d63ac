import { controlPaths } from '@paydesk/shared/routes';

export const transactionDetailsPath = (id: number | string): string =>
  controlPaths.transactionDetails.replace(':id', encodeURIComponent(String(id)));
