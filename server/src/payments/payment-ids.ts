import { randomId } from '../ids/random-id';

export const newTransactionId = () => randomId('TXN', 20);
export const newOrderId = () => randomId('ORD', 20);
export const newCheckoutReference = () => randomId('chk_', 24);
