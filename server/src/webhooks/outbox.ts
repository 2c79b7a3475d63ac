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

/** A text as an SQL literal, for the few names the code writes into a statement's text. */
const sqlText = (text: string): string => `'${text.replaceAll("'", "''")}'`;

/**
 * The SQL expression of the event type a change to `status` (an SQL expression) writes, by one of
 * the maps of shared/src/schemas/webhooks.ts: a CASE made from the map, null for a status that
 * writes none. For events that an SQL statement writes with its change (the payment's).
 */
export function eventTypeSql(types: Readonly<Record<string, EventType | null>>, status: string): string {
  const whens = Object.entries(types).flatMap(([from, type]) => (type === null ? [] : [`when ${sqlText(from)} then ${sqlText(type)}`]));
  return `(case ${status} ${whens.join(' ')} end)`;
}
