import { setImmediate } from 'node:timers/promises';
import { isUniqueViolation, type Db } from '../db/db';

/**
 * An upload that has not renewed its turn for this long is taken for dead (its process stopped):
 * a live one renews it with every statement, a few times a second.
 */
const STALE_SECONDS = 60;
/** Rows a cleaning statement deletes at most, to keep it as short as an insert's. */
const CHUNK = 1_000;

/**
 * Takes the turn to store (one upload at a time, migration 017) and answers the upload's id, or
 * null while another live upload holds it. An upload whose process died gives the turn up here.
 */
export async function claimUploadTurn(db: Db): Promise<number | null> {
  await db.query(
    `update card_uploads set state = 'failed', finished_at = now()
     where state = 'storing' and renewed_at < now() - make_interval(secs => $1)`,
    [STALE_SECONDS],
  );
  try {
    const [row] = await db.query<{ id: number | string }>('insert into card_uploads default values returning id');
    return Number(row!.id);
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** The one step that shows the upload's rows in the pool; false if the upload had lost its turn. */
export async function markUploadStored(db: Db, uploadId: number): Promise<boolean> {
  const rows = await db.query(
    `update card_uploads set state = 'stored', finished_at = now() where id = $1 and state = 'storing' returning id`,
    [uploadId],
  );
  return rows.length === 1;
}

/** Hides the upload's rows for good and gives its turn up; discardFailedUploads then deletes them. */
export async function markUploadFailed(db: Db, uploadId: number): Promise<void> {
  await db.query(`update card_uploads set state = 'failed', finished_at = now() where id = $1 and state = 'storing'`, [uploadId]);
}

/**
 * Deletes the rows of failed uploads, a chunk a statement, then the uploads themselves. They are
 * out of the pool already; deleting them frees their cards' fingerprints for a later upload.
 */
export async function discardFailedUploads(db: Db): Promise<void> {
  for (;;) {
    const deleted = await db.query(
      `delete from pool_card_rows where id in (
         select r.id from pool_card_rows r where r.upload_id in (select u.id from card_uploads u where u.state = 'failed') limit ${CHUNK})
       returning id`,
    );
    if (deleted.length === 0) break;
    await setImmediate();
  }
  await db.query(
    `delete from card_uploads u where u.state = 'failed' and not exists (select 1 from pool_card_rows r where r.upload_id = u.id)`,
  );
}
