import { createHash } from 'node:crypto';
import type { Db } from '../db/db';

export type ChainCheck =
  | { intact: true; entries: number }
  | { intact: false; entries: number; broken: { id: number; occurredAt: string; action: string }; reason: string };

interface ChainRow {
  id: number | string;
  occurred_at: Date | string;
  action: string;
  prev_hash: Uint8Array;
  hash: Uint8Array;
  entry_text: string;
}

const GENESIS = Buffer.alloc(32);

/**
 * Walks the audit trail in id order, a batch per statement, and recomputes every link
 * (AUD-02): sha256(the hash before || the entry's canonical text). The text comes from the
 * database's own function (migration 026); the hashing and the comparison happen here. A changed
 * entry breaks its own hash, a removed one the link of the entry after it (ids have no gaps), and
 * removed entries at the end disagree with the chain's head.
 */
export async function verifyAuditChain(db: Db, batch = 5000): Promise<ChainCheck> {
  let previousHash: Buffer = GENESIS;
  let previousId = 0;
  let entries = 0;
  let last: ChainRow | undefined;
  for (;;) {
    const rows = await db.query<ChainRow>(
      `select id, occurred_at, action, prev_hash, hash,
              audit_entry_text(id, occurred_at, actor_id, actor_email, action, client_ip, user_agent, target_type, target_id, changes) as entry_text
         from audit_log where id > $1 order by id limit $2`,
      [previousId, batch],
    );
    for (const row of rows) {
      const id = Number(row.id);
      const broken = (reason: string): ChainCheck => ({
        intact: false,
        entries,
        broken: { id, occurredAt: new Date(row.occurred_at).toISOString(), action: row.action },
        reason,
      });
      if (id !== previousId + 1) return broken(`entries ${previousId + 1} to ${id - 1} are missing`);
      if (!previousHash.equals(Buffer.from(row.prev_hash))) return broken('its link to the entry before does not match');
      const expected = createHash('sha256').update(previousHash).update(row.entry_text, 'utf8').digest();
      if (!expected.equals(Buffer.from(row.hash))) return broken('its content does not match its hash');
      previousHash = expected;
      previousId = id;
      entries += 1;
      last = row;
    }
    if (rows.length < batch) break;
  }
  const [head] = await db.query<{ last_id: number | string; last_hash: Uint8Array }>('select last_id, last_hash from audit_chain_head');
  if (!head || Number(head.last_id) !== previousId || !previousHash.equals(Buffer.from(head.last_hash))) {
    const at = last ?? { id: 0, occurred_at: new Date(0), action: '(none)' };
    return {
      intact: false,
      entries,
      broken: { id: Number(at.id), occurredAt: new Date(at.occurred_at).toISOString(), action: at.action },
      reason: `the chain's head names entry ${head ? Number(head.last_id) : '(none)'}: the entries after this one are missing`,
    };
  }
  return { intact: true, entries };
}

export const describeBreak = (check: Extract<ChainCheck, { intact: false }>): string =>
  `Audit trail broken at entry ${check.broken.id} (${check.broken.occurredAt}, ${check.broken.action}): ${check.reason}. ` +
  `${check.entries} entries before it are intact.`;
