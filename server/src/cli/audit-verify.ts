import { describeBreak, verifyAuditChain } from '../audit/verify-chain';
import { loadConfig } from '../config';
import { openDb } from '../db/open-db';
import { CliError, runCli } from './run-cli';

/** npm run audit:verify (AUD-07): exits 0 with the count when the trail is intact, 1 naming the first broken entry. */
async function auditVerify(): Promise<void> {
  const db = await openDb(loadConfig());
  try {
    const check = await verifyAuditChain(db);
    if (!check.intact) throw new CliError(describeBreak(check));
    console.log(`Audit trail intact: ${check.entries} ${check.entries === 1 ? 'entry' : 'entries'} verified.`);
  } finally {
    await db.close();
  }
}

runCli(auditVerify);
