import type { Db } from '../db/db';
import type { FeeSchedule } from './transaction-generator';

/** The sandbox processor's switches and their fees (basis points plus a fixed part). */
export const SANDBOX_PROVIDER_KEYS = [
  { providerName: 'Sandbox Processor', keyName: 'Primary Switch', feeBps: 290, feeFixedCents: 30 },
  { providerName: 'Sandbox Processor', keyName: 'Backup Switch', feeBps: 340, feeFixedCents: 30 },
  { providerName: 'Sandbox Processor', keyName: 'High Risk Switch', feeBps: 490, feeFixedCents: 50 },
] as const;

/** Creates the sandbox keys when missing; returns their fee schedules in the order above. */
export async function ensureProviderKeys(db: Db): Promise<FeeSchedule[]> {
  const schedules: FeeSchedule[] = [];
  for (const key of SANDBOX_PROVIDER_KEYS) {
    await db.query(
      `insert into provider_keys (provider_name, key_name, fee_bps, fee_fixed_cents) values ($1, $2, $3, $4)
       on conflict (provider_name, key_name) do nothing`,
      [key.providerName, key.keyName, key.feeBps, key.feeFixedCents],
    );
    const rows = await db.query<{ id: number; fee_bps: number; fee_fixed_cents: number }>(
      'select id, fee_bps, fee_fixed_cents from provider_keys where provider_name = $1 and key_name = $2',
      [key.providerName, key.keyName],
    );
    const row = rows[0];
    if (!row) throw new Error(`provider key ${key.keyName} is missing after insert`);
    schedules.push({ id: row.id, feeBps: row.fee_bps, feeFixedCents: row.fee_fixed_cents });
  }
  return schedules;
}
