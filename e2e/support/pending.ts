import type { Browser, Page } from 'playwright-core';
import { newPage } from './browser';
import { openCardDialog, payInDialog, settledStatus, shownTransactionId } from './payer';
import { startServer, stopServer, type RunningServer } from './server';

/**
 * A server of its own for the enclosing describe block, whose pending payments resolve 2 s after
 * payment (the e2e server keeps the default delay, so its pending payments stay pending).
 */
export function pendingServer(): () => RunningServer {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startServer({ PENDING_RESOLVE_SECONDS: '2' });
  });
  afterAll(() => {
    if (server) stopServer(server);
  });
  return () => {
    if (!server) throw new Error('the pending server did not start');
    return server;
  };
}

/**
 * Pays a pending card on the standalone form: the pending page (status Pending, the server's
 * comment); then, once the background job has settled the payment, the pending page again, whose
 * one requery moves the payer on. Returns that page and what the database says.
 */
export async function payPendingAndRevisit(
  browser: Browser,
  server: RunningServer,
  card: string,
): Promise<{ page: Page; transactionId: string; settled: string | undefined }> {
  const page = await newPage(browser, { url: server.baseUrl });
  await payInDialog(await openCardDialog(page), card);
  await page.waitForURL('**/payment-pending**');
  await page.getByTestId('payment-status').filter({ hasText: 'Pending' }).waitFor();
  await page.getByTestId('pending-comment').filter({ hasText: 'Your payment is being processed by the bank.' }).waitFor();
  const transactionId = await shownTransactionId(page);
  const settled = await settledStatus(server.baseUrl, transactionId);
  await page.goto(`/payment-pending?transaction_id=${transactionId}`);
  return { page, transactionId, settled };
}
