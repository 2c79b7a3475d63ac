import { generatePath } from 'react-router-dom';
import { controlPaths } from '@paydesk/shared/routes';

/** The page of one dispute, by its id (dp_…). */
export const disputePath = (id: string): string => generatePath(controlPaths.dispute, { id });

/** Transaction Details of the disputed payment, by its transaction id (the details take either id). */
export const paymentPath = (transactionId: string): string => generatePath(controlPaths.transactionDetails, { id: transactionId });
