import { randomBytes } from 'node:crypto';
import type { CreatedDeployToken, DeployToken } from '@paydesk/shared/schemas/platform';
import { recordAudit, values, type AuditWho } from '../audit/audit-log';
import type { Db } from '../db/db';
import { forbidden, notFound, unauthorized } from '../errors/domain-error';
import { randomId } from '../ids/random-id';
import { hashSecret } from '../security/secret-hash';
import { iso, isoOrNull } from '../db/timestamps';

/** What a deploy token starts with: `Authorization: Bearer pdt_…` is one, any other bearer a session. */
export const DEPLOY_TOKEN_PREFIX = 'pdt_';

interface TokenRow {
  id: string;
  remote: string;
  prefix: string;
  created_by_name: string | null;
  created_at: Date | string;
  last_used_at: Date | string | null;
  revoked_at: Date | string | null;
}

const toToken = (row: TokenRow): DeployToken => ({
  id: row.id,
  remote: row.remote,
  prefix: row.prefix,
  created_by: row.created_by_name,
  created_at: iso(row.created_at),
  last_used_at: isoOrNull(row.last_used_at),
  revoked_at: isoOrNull(row.revoked_at),
});

const columns = 't.id, t.remote, t.prefix, u.name as created_by_name, t.created_at, t.last_used_at, t.revoked_at';
const fromTokens = 'from deploy_tokens t left join users u on u.id = t.created_by';
const tokenTarget = (id: string) => ({ type: 'deploy_token' as const, id });

async function findToken(db: Db, id: string): Promise<TokenRow | undefined> {
  const [row] = await db.query<TokenRow>(`select ${columns} ${fromTokens} where t.id = $1`, [id]);
  return row;
}

/** The deploy token a release is made with: which remote it may release (docs/decisions/remote-release-registry.md). */
export interface DeployTokenUse {
  id: string;
  remote: string;
  prefix: string;
}

export function deployTokens(db: Db) {
  return {
    async list(): Promise<DeployToken[]> {
      return (await db.query<TokenRow>(`select ${columns} ${fromTokens} order by t.created_at desc, t.id`)).map(toToken);
    },

    async create(remote: string, who: AuditWho): Promise<CreatedDeployToken> {
      const token = `${DEPLOY_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const id = randomId('dtk_', 24);
      const prefix = token.slice(0, 12);
      await db.transaction(async (tx) => {
        await tx.query('insert into deploy_tokens (id, remote, token_hash, prefix, created_by) values ($1, $2, $3, $4, $5)', [
          id,
          remote,
          hashSecret(token),
          prefix,
          who.actor?.id ?? null,
        ]);
        await recordAudit(tx, { action: 'deploy_token.created', who, target: tokenTarget(id), changes: values({ remote, prefix }) });
      });
      return { ...toToken((await findToken(db, id))!), token };
    },

    /** Revoking twice is no error: the token stays revoked since the first time. */
    async revoke(id: string, who: AuditWho): Promise<DeployToken> {
      await db.transaction(async (tx) => {
        const [row] = await tx.query<{ remote: string; prefix: string }>(
          'update deploy_tokens set revoked_at = now() where id = $1 and revoked_at is null returning remote, prefix',
          [id],
        );
        if (row) await recordAudit(tx, { action: 'deploy_token.revoked', who, target: tokenTarget(id), changes: values(row) });
      });
      const row = await findToken(db, id);
      if (!row) throw notFound('No such deploy token');
      return toToken(row);
    },

    /**
     * The token of a release call, if it is a working one for `remote`: 401 when it is unknown or
     * revoked, 403 when it releases another remote. Its last use is written at once (releases are few).
     */
    async use(token: string, remote: string): Promise<DeployTokenUse> {
      const [row] = await db.query<DeployTokenUse>(
        'select id, remote, prefix from deploy_tokens where token_hash = $1 and revoked_at is null',
        [hashSecret(token)],
      );
      if (!row) throw unauthorized('A valid deploy token is required');
      if (row.remote !== remote) throw forbidden(`This deploy token releases ${row.remote} only`);
      await db.query('update deploy_tokens set last_used_at = now() where id = $1', [row.id]);
      return row;
    },
  };
}
