import type { Db } from '../db/db';

/** A stored passkey as the service works with it (migration 038). */
export interface PasskeyRow {
  id: number;
  user_id: number;
  credential_id: string;
  public_key: Uint8Array;
  counter: number;
  transports: string[];
  user_handle: string;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

// bigint columns come back as strings from pg: numbers are read as text and converted once here.
const columns = `id::text as id, user_id, credential_id, public_key, counter::text as counter, transports, user_handle, name, created_at, last_used_at`;

interface RawRow extends Omit<PasskeyRow, 'id' | 'counter' | 'public_key'> {
  id: string;
  counter: string;
  public_key: Uint8Array | Buffer;
}

const toRow = (raw: RawRow): PasskeyRow => ({
  ...raw,
  id: Number(raw.id),
  counter: Number(raw.counter),
  public_key: new Uint8Array(raw.public_key),
  transports: raw.transports ?? [],
  created_at: new Date(raw.created_at),
  last_used_at: raw.last_used_at === null ? null : new Date(raw.last_used_at),
});

export async function listPasskeys(db: Db, userId: number): Promise<PasskeyRow[]> {
  const rows = await db.query<RawRow>(`select ${columns} from passkeys where user_id = $1 order by created_at, id`, [userId]);
  return rows.map(toRow);
}

export async function findPasskeyByCredential(db: Db, credentialId: string): Promise<PasskeyRow | undefined> {
  const rows = await db.query<RawRow>(`select ${columns} from passkeys where credential_id = $1`, [credentialId]);
  return rows[0] && toRow(rows[0]);
}

/** The user handle of the user's passkeys, if any: one handle per user, so an authenticator keeps one key per account. */
export async function findUserHandle(db: Db, userId: number): Promise<string | undefined> {
  const rows = await db.query<{ user_handle: string }>('select user_handle from passkeys where user_id = $1 limit 1', [userId]);
  return rows[0]?.user_handle;
}

export interface NewPasskey {
  userId: number;
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  userHandle: string;
  name: string;
}

/** Stores a verified registration; undefined when the credential is registered already (to anyone). */
export async function insertPasskey(db: Db, passkey: NewPasskey): Promise<PasskeyRow | undefined> {
  const rows = await db.query<RawRow>(
    `insert into passkeys (user_id, credential_id, public_key, counter, transports, user_handle, name)
     values ($1, $2, $3, $4, $5::text[], $6, $7)
     on conflict (credential_id) do nothing
     returning ${columns}`,
    [
      passkey.userId,
      passkey.credentialId,
      Buffer.from(passkey.publicKey),
      passkey.counter,
      passkey.transports,
      passkey.userHandle,
      passkey.name,
    ],
  );
  return rows[0] && toRow(rows[0]);
}

/**
 * Records a use: the counter moves forward only, in one conditional statement, so two assertions
 * carrying the same counter (a replay, or a cloned key racing the real one) get one success.
 * Authenticators that keep no counter report 0 every time; those rest on the single-use challenge.
 */
export async function recordPasskeyUse(db: Db, id: number, previous: number, next: number): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `update passkeys set counter = $3, last_used_at = now()
      where id = $1 and counter = $2 and ($3 > $2 or ($2 = 0 and $3 = 0))
      returning id::text as id`,
    [id, previous, next],
  );
  return rows.length === 1;
}

export async function renamePasskey(db: Db, userId: number, id: number, name: string): Promise<PasskeyRow | undefined> {
  const rows = await db.query<RawRow>(`update passkeys set name = $3 where id = $1 and user_id = $2 returning ${columns}`, [
    id,
    userId,
    name,
  ]);
  return rows[0] && toRow(rows[0]);
}

/** Removes one of the user's passkeys; the removed row, or undefined when it is not theirs (or gone). */
export async function deletePasskey(db: Db, userId: number, id: number): Promise<PasskeyRow | undefined> {
  const rows = await db.query<RawRow>(`delete from passkeys where id = $1 and user_id = $2 returning ${columns}`, [id, userId]);
  return rows[0] && toRow(rows[0]);
}

export type CeremonyPurpose = 'register' | 'second_factor' | 'passwordless';

/** Stores a ceremony's challenge under its binding, replacing one still waiting there; expired ones of anybody are swept on the way. */
export async function insertPasskeyChallenge(
  db: Db,
  binding: string,
  purpose: CeremonyPurpose,
  userId: number | null,
  challenge: string,
  minutes: number,
  userHandle: string | null = null,
): Promise<void> {
  await db.query('delete from passkey_challenges where binding = $1 or expires_at < now()', [binding]);
  await db.query(
    `insert into passkey_challenges (binding, purpose, user_id, challenge, expires_at, user_handle)
     values ($1, $2, $3, $4, now() + make_interval(mins => $5), $6)`,
    [binding, purpose, userId, challenge, minutes, userHandle],
  );
}

export interface TakenChallenge {
  challenge: string;
  user_id: number | null;
  user_handle: string | null;
}

/**
 * Takes the live challenge of a binding and purpose: the delete makes it single-use, whether the
 * ceremony then succeeds or not, and of two calls at once one gets it.
 */
export async function takePasskeyChallenge(db: Db, binding: string, purpose: CeremonyPurpose): Promise<TakenChallenge | undefined> {
  const rows = await db.query<TakenChallenge & { live: boolean }>(
    `delete from passkey_challenges where binding = $1 and purpose = $2
     returning challenge, user_id, user_handle, expires_at > now() as live`,
    [binding, purpose],
  );
  const row = rows[0];
  return row?.live ? { challenge: row.challenge, user_id: row.user_id, user_handle: row.user_handle } : undefined;
}

/** Whether the user has any second factor: a confirmed TOTP secret or a passkey (AUTH-14, AUTH-21). */
export async function secondFactorsOf(db: Db, userId: number): Promise<{ totp: boolean; passkeys: number }> {
  const rows = await db.query<{ totp: boolean; passkeys: number }>(
    `select exists (select 1 from two_factor where user_id = $1 and confirmed_at is not null) as totp,
            (select count(*)::int from passkeys where user_id = $1) as passkeys`,
    [userId],
  );
  return rows[0] ?? { totp: false, passkeys: 0 };
}
