import { readFile } from 'node:fs/promises';
import { text as streamText } from 'node:stream/consumers';
import { parseArgs } from 'node:util';
import { auditKeyOf } from '../audit/audit-chain';
import { parseCheckpoints, type AuditCheckpoint } from '../audit/audit-checkpoints';
import { describeBreak, verifyAuditChain } from '../audit/verify-chain';
import { loadConfig } from '../config';
import { openDb } from '../db/open-db';
import { CliError, runCli } from './run-cli';

const usage =
  'Usage: npm run audit:verify [-- --checkpoints FILE ...] [--log FILE ...]\n' +
  'Reads the checkpoints of AUDIT_CHECKPOINT_FILE and of each --checkpoints file, and the checkpoint lines\n' +
  'of each --log file of the server (`-` reads standard input: journalctl -u paydesk | npm run audit:verify -- --log -).';

interface Source {
  path: string;
  /** A log: only its checkpoint lines count. A checkpoint file: every line must be one. */
  log: boolean;
}

interface Read {
  source: Source;
  checkpoints: AuditCheckpoint[];
  missing: boolean;
}

function sourcesOf(configured: string | undefined): Source[] {
  let values: { checkpoints?: string[]; log?: string[] };
  try {
    ({ values } = parseArgs({ options: { checkpoints: { type: 'string', multiple: true }, log: { type: 'string', multiple: true } } }));
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n${usage}`);
  }
  return [
    ...[configured, ...(values.checkpoints ?? [])].filter((path) => path !== undefined).map((path) => ({ path, log: false })),
    ...(values.log ?? []).map((path) => ({ path, log: true })),
  ];
}

async function readSource(source: Source): Promise<Read> {
  let text: string;
  try {
    text = source.path === '-' ? await streamText(process.stdin) : await readFile(source.path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new CliError(`Cannot read ${source.path}: ${(error as Error).message}`);
    return { source, checkpoints: [], missing: true };
  }
  try {
    return {
      source,
      checkpoints: parseCheckpoints(text, source.path === '-' ? 'standard input' : source.path, { lenient: source.log }),
      missing: false,
    };
  } catch (error) {
    throw new CliError((error as Error).message);
  }
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * npm run audit:verify (AUD-07 to AUD-10): exits 0 with the count when the trail is intact and
 * agrees with every checkpoint, 1 naming the first broken entry and what was done to it.
 */
async function auditVerify(): Promise<void> {
  const config = loadConfig();
  const reads = await Promise.all(sourcesOf(config.auditCheckpointFile).map(readSource));
  const checkpoints = reads.flatMap((read) => read.checkpoints);
  const db = await openDb(config);
  try {
    const check = await verifyAuditChain(db, { key: auditKeyOf(config), checkpoints });
    if (!check.intact) throw new CliError(describeBreak(check));
    // A checkpoint file that should hold checkpoints but holds none: emptied, replaced or never written.
    const empty = check.entries > 0 ? reads.find((read) => !read.source.log && read.checkpoints.length === 0) : undefined;
    if (empty) {
      throw new CliError(
        `${empty.source.path} ${empty.missing ? 'does not exist' : 'holds no checkpoint'}, though the trail has ${plural(check.entries, 'entry', 'entries')}: ` +
          'a server writes one within 10 seconds of an entry, so the file was removed or emptied, or no server has written to it yet.',
      );
    }
    const lines = [`Audit trail intact: ${plural(check.entries, 'entry', 'entries')} verified.`];
    if (check.unkeyed > 0) {
      lines.push(`Entries 1 to ${check.unkeyed} were written before migration 028 and carry plain SHA-256 links; the rest are keyed.`);
    }
    const newest = check.newestCheckpoint;
    if (newest) {
      const after = check.entries - newest.id;
      lines.push(
        `${plural(check.checkpoints, 'checkpoint', 'checkpoints')} compared, the newest for entry ${newest.id} at ${newest.at}` +
          (after === 0 ? '.' : `; ${after === 1 ? 'the entry after it is' : `the ${after} entries after it are`} not checkpointed yet.`),
      );
    } else if (check.entries > 0) {
      lines.push('No checkpoints compared: entries removed from the end of the trail would go unnoticed (AUDIT_CHECKPOINT_FILE, --log).');
    }
    console.log(lines.join('\n'));
  } finally {
    await db.close();
  }
}

runCli(auditVerify);
