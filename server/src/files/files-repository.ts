import type { FileObject } from '@paydesk/shared/schemas/merchant-objects';
import type { Db } from '../db/db';
import { iso } from '../db/timestamps';
import type { FileType } from './file-check';

export interface NewFile {
  id: string;
  purpose: FileObject['purpose'];
  filename: string;
  type: FileType;
  content: Buffer;
  /** The staff member, or null for the merchant API. */
  uploadedBy: number | null;
}

interface FileRow {
  id: string;
  purpose: FileObject['purpose'];
  filename: string;
  type: FileType;
  size: number;
  created_at: Date | string;
}

const toObject = (row: FileRow): FileObject => ({
  object: 'file',
  id: row.id,
  purpose: row.purpose,
  filename: row.filename,
  type: row.type,
  size: row.size,
  created_at: iso(row.created_at),
});

/** Stores a checked file, bytes and all (migration 036); answers its object. */
export async function insertFile(tx: Db, f: NewFile): Promise<FileObject> {
  const [row] = await tx.query<FileRow>(
    `insert into files (id, purpose, filename, type, size, content, uploaded_via, uploaded_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id, purpose, filename, type, size, created_at`,
    [f.id, f.purpose, f.filename, f.type, f.content.length, f.content, f.uploadedBy === null ? 'api' : 'back_office', f.uploadedBy],
  );
  return toObject(row!);
}

/** A stored file's name, checked type and bytes, to send it back; undefined when no file has the id. */
export async function findFileContent(db: Db, id: string): Promise<{ filename: string; type: FileType; content: Buffer } | undefined> {
  const [row] = await db.query<{ filename: string; type: FileType; content: Buffer | Uint8Array }>(
    'select filename, type, content from files where id = $1',
    [id],
  );
  // PGlite hands bytea over as a Uint8Array, pg as a Buffer.
  return row
    ? { filename: row.filename, type: row.type, content: Buffer.from(row.content.buffer, row.content.byteOffset, row.content.byteLength) }
    : undefined;
}
