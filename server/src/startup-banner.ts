import type { Config } from './config';
import { DEMO_ACCOUNTS } from './demo/demo-accounts';
import { DEMO_PASSWORD } from './demo-password';

/** The one block printed at start: where to go, and in demo mode how to sign in. */
export function startupBanner(config: Config): string {
  // The links work from this address only: the pages and the 3-D Secure frame are bound to it.
  const base = config.publicUrl;
  const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  const lines = [
    `Paydesk is running (${config.mode} mode, ${database})`,
    `  Payment page:  ${base}/`,
    `  Back office:   ${base}/control/login`,
    `  API docs:      ${base}/api/docs`,
    `  Payments:      ${config.paymentProcessor === 'sandbox' ? 'the sandbox processor decides every outcome (no real money moves)' : config.paymentProcessor}`,
  ];
  if (config.mode === 'demo') {
    const password = config.demoPassword === DEMO_PASSWORD ? DEMO_PASSWORD : '(the value of DEMO_PASSWORD)';
    lines.push(`  Demo accounts, password ${password}:`);
    for (const account of DEMO_ACCOUNTS) lines.push(`    ${account.role.padEnd(12)} ${account.email}`);
  }
  const rule = '-'.repeat(Math.max(...lines.map((line) => line.length)));
  return ['', rule, ...lines, rule, ''].join('\n');
}
