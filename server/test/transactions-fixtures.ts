import type { Db } from '../src/db/db';
import { ensureProviderKeys } from '../src/demo/provider-keys';
import { generateTransactions } from '../src/demo/transaction-generator';
import { writeTransactions } from '../src/demo/transactions-writer';
import { bearer, buildTestApp, login, type TestApp } from './helper';

export interface TransactionsTestApp extends TestApp {
  tokens: { super_admin: string; admin: string; viewer: string };
  get<T = unknown>(url: string, token: string): Promise<{ statusCode: number; body: string; json: T }>;
}

/** The test app plus recent traffic (today, this week, last week), so every period has rows. */
export async function buildTransactionsTestApp(): Promise<TransactionsTestApp> {
  const t = await buildTestApp();
  await addRecentTransactions(t.db);
  const tokens = {
    super_admin: await login(t.app, 'superadmin@paydesk.test'),
    admin: await login(t.app, 'admin@paydesk.test'),
    viewer: await login(t.app, 'viewer@paydesk.test'),
  };
  const get = async <T>(url: string, token: string) => {
    const response = await t.app.inject({ url, headers: bearer(token) });
    return { statusCode: response.statusCode, body: response.body, json: response.json() as T };
  };
  return { ...t, tokens, get };
}

export async function addRecentTransactions(db: Db): Promise<void> {
  const providerKeys = await ensureProviderKeys(db);
  await writeTransactions(db, generateTransactions({ count: 120, seed: 11, providerKeys, days: 2 }));
  await writeTransactions(db, generateTransactions({ count: 120, seed: 12, providerKeys, days: 20 }));
  // Just after midnight UTC the batches above may have nothing today: a few rows of this UTC day.
  const now = Date.now();
  const midnight = new Date(now).setUTCHours(0, 0, 0, 0);
  const today = [...generateTransactions({ count: 12, seed: 13, providerKeys, days: 1 })].map((row, i) => {
    const at = new Date(Math.max(midnight, now - i * 1000));
    return { ...row, createdAt: at, updatedAt: at };
  });
  await writeTransactions(db, today);
}

export const centsOf = (money: string): number => Math.round(Number(money) * 100);
