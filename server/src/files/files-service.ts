import type { FileObject } from '@paydesk/shared/schemas/merchant-objects';
import { recordAudit, values, type AuditWho } from '../audit/audit-log';
import type { Db } from '../db/db';
import { invalid, unsupportedMedia } from '../errors/domain-error';
import { randomId } from '../ids/random-id';
import { checkEvidenceFile, keptFileName } from './file-check';
import { insertFile } from './files-repository';

export interface Uploader {
  /** The staff member, or null for the merchant API. */
  userId: number | null;
  audit: AuditWho;
}

export interface Upload {
  purpose: FileObject['purpose'];
  filename: string | undefined;
  content: Buffer;
}

export const newFileId = () => randomId('file_', 24);

/**
 * Stores an uploaded evidence file (DSP-11) in the caller's transaction, once its bytes show it is
 * a PDF, a PNG or a JPEG and no polyglot (file-check.ts); otherwise nothing is stored (415). A
 * name that is no file's own (a folder, control characters) is refused too (400).
 */
export async function createFile(tx: Db, who: Uploader, upload: Upload): Promise<FileObject> {
  const name = keptFileName(upload.filename);
  if (!name.ok) throw invalid(name.reason);
  const checked = checkEvidenceFile(upload.content);
  if (!checked.ok) throw unsupportedMedia(checked.reason);
  const file = await insertFile(tx, {
    id: newFileId(),
    purpose: upload.purpose,
    filename: name.name,
    type: checked.type,
    content: upload.content,
    uploadedBy: who.userId,
  });
  await recordAudit(tx, {
    action: 'file.uploaded',
    who: who.audit,
    target: { type: 'file', id: file.id },
    changes: values({ purpose: file.purpose, type: file.type, size: file.size }),
  });
  return file;
}
