import type { RejectedRow } from '@paydesk/shared/schemas/card';
import type { ErrorCode } from '@paydesk/shared/schemas/error-codes';
import type { ErrorKind } from '../errors/domain-error';
import type { NewPoolCard } from './cards-repository';

/** What the upload worker is given: the file's bytes (transferred, not copied) and the keys. */
export interface UploadJob {
  file: ArrayBuffer;
  storageKey: string;
  fingerprintKey: string;
  now: number;
}

/**
 * What it answers: sealed batches, then the summary; or the file's refusal. The server answers
 * each batch with STORED once it is inserted.
 */
export type UploadMessage =
  | { type: 'batch'; cards: NewPoolCard[] }
  | { type: 'done'; rows: number; accepted: number; rejectedCount: number; rejected: RejectedRow[] }
  | { type: 'refused'; kind: ErrorKind; message: string; code: ErrorCode };

/** The server's word to the worker that a batch is inserted and the next may come. */
export const STORED = 'stored';
