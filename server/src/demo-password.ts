/**
 * The documented password of the seeded demo accounts (README). Demo mode only: the seed runs
 * only when PAYDESK_MODE=demo and the database has no users, and DEMO_PASSWORD overrides it.
 */
export const DEMO_PASSWORD = 'Paydesk-demo-2026';
