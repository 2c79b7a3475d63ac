/**
 * Worker thread of a card upload: reads the spreadsheet, checks every row with the shared card
 * rules and seals the accepted cards, posting them in batches. The server's event loop stays
 * free for payments meanwhile, and the spreadsheet's memory goes when the worker ends.
 * At most IN_FLIGHT batches wait for the server to store them: the next is sealed while one is
 * inserted, but a slow database never makes the sealed cards pile up in the server's memory.
 */
import { once } from 'node:events';
import { parentPort, workerData } from 'node:worker_threads';
import { MAX_LISTED_REJECTIONS } from '@paydesk/shared/cards/card-upload';
import type { RejectedRow } from '@paydesk/shared/schemas/card';
import { DomainError } from '../errors/domain-error';
import { checkCardRow } from './card-rows';
import { readCardSheet } from './card-sheet';
import { cardVault } from './card-vault';
import { sealCard } from './sealed-card';
import type { NewPoolCard } from './cards-repository';
import type { UploadJob, UploadMessage } from './card-upload-messages';

const BATCH = 5_000;
const IN_FLIGHT = 2;
const job = workerData as UploadJob;
const post = (message: UploadMessage) => parentPort!.postMessage(message);

let unstored = 0;
/** Posts a batch, then waits while IN_FLIGHT batches are not stored yet (the server answers 'stored' for each). */
async function postBatch(cards: NewPoolCard[]): Promise<void> {
  post({ type: 'batch', cards });
  unstored += 1;
  while (unstored >= IN_FLIGHT) {
    await once(parentPort!, 'message');
    unstored -= 1;
  }
}

try {
  const sheet = await readCardSheet(Buffer.from(job.file));
  const keys = { vault: cardVault(job.storageKey), fingerprintKey: job.fingerprintKey };
  const now = new Date(job.now);
  const firstRowOf = new Map<string, number>();
  const rejected: RejectedRow[] = [];
  let rejectedCount = 0;
  let accepted = 0;
  let batch: NewPoolCard[] = [];
  const reject = (row: RejectedRow) => {
    rejectedCount += 1;
    if (rejected.length < MAX_LISTED_REJECTIONS) rejected.push(row);
  };
  for (const sheetRow of sheet.rows()) {
    const checked = checkCardRow(sheetRow, now);
    if ('rejected' in checked) {
      reject(checked.rejected);
      continue;
    }
    const card = sealCard(keys, checked.card);
    const earlier = firstRowOf.get(card.fingerprint);
    if (earlier !== undefined) {
      reject({ row: sheetRow.row, reason: `The same card is on row ${earlier}` });
      continue;
    }
    firstRowOf.set(card.fingerprint, sheetRow.row);
    accepted += 1;
    batch.push(card);
    if (batch.length === BATCH) {
      await postBatch(batch);
      batch = [];
    }
  }
  if (batch.length > 0) post({ type: 'batch', cards: batch });
  post({ type: 'done', rows: sheet.count, accepted, rejectedCount, rejected });
} catch (error) {
  // A refusal (4xx) goes back as it is; anything else is a fault the server logs.
  if (error instanceof DomainError) post({ type: 'refused', kind: error.kind, message: error.message, code: error.code });
  else throw error;
}
