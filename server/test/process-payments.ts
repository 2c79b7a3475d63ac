import { envelopeKeys, seal } from '@paydesk/shared/crypto/envelope';
import { cardPayload } from './payments-client';
import type { ServerProcess } from './server-process';

/** A POST to a server process, as a browser or a merchant's server sends it: its status and JSON body. */
export async function postTo(server: ServerProcess, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as { code?: string; data?: Record<string, unknown> } };
}

/** A card payment through a server process's payer API, as the pay form makes it; its transaction id. */
export async function payThrough(server: ServerProcess, card: string, amount: number): Promise<string> {
  const config = (await (await fetch(`${server.baseUrl}/api/public/config`)).json()).data;
  const headers = { authorization: `Bearer ${config.publishableKey}` };
  const init = await postTo(server, '/api/initialize-card-transaction', { card_number: card, currency: 'USD', reference: null }, headers);
  const { transactionId, orderId } = init.json.data as { transactionId: string; orderId: string };
  const answer = await postTo(
    server,
    '/api/process-card-transaction',
    { data: seal(cardPayload({ transactionId, orderId }, card, { amount }), envelopeKeys(config.envelopeKey)) },
    headers,
  );
  if (answer.status !== 200) throw new Error(`payment answered ${answer.status}`);
  return transactionId;
}
