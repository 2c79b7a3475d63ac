/**
 * The documented sandbox API keys of demo mode (README, Merchant quick start), published like a
 * payment provider's test keys. PAYDESK_MODE=production refuses to start without real ones.
 */
export const DEMO_PUBLISHABLE_KEY = 'pk_demo_paydesk';
export const DEMO_SECRET_KEY = 'sk_demo_paydesk';
