/** USR-03, CONST-10: about 1 s on a user edit, a simulated delay before the update call completes. */
export const EDIT_DELAY_MS = 1000;

export const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
