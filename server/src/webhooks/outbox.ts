import type { EventType } from '@paydesk/shared/schemas/webhooks';
import { prepared, type Db } from '../db/db';
import { randomId } from '../ids/random-id';

export const newEventId = (): string => randomId('evt_', 24);

/**
 * Writes an event to the outbox (migration 018). Call it with the handle of the transaction that
 * makes the change the event tells of, so both commit or neither does; `object` is the object's
 * wire shape as it stands after the change (shared/src/schemas/merchant-objects.ts).
 */
export async function recordEvent(tx: Db, type: EventType, object: Record<string, unknown>): Promise<string> {
  const id = newEventId();
  await tx.query(prepared('insert into webhook_events (id, type, object) values ($1, $2, $3)'), [id, type, JSON.stringify(object)]);
  return id;
}
