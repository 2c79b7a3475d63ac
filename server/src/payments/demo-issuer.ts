/**
 * The sandbox issuer's verdict on the demo 3-D Secure modal's code. PAY-11's simulation passes
 * about 80 % of the time; the server decides it from the code itself, never from the page, and
 * deterministically so that a tester can choose either outcome: a code ending in 8 or 9 fails.
 */
export const demoCodePasses = (otp: string): boolean => !/[89]$/.test(otp);
