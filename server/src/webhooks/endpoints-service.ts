import type { WebhookEndpoint } from '@paydesk/shared/schemas/webhooks';
import type { Config } from '../config';
import type { Db } from '../db/db';
import { HttpError, notFound } from '../http/http-error';
import { randomId } from '../payments/payment-ids';
import { addressPolicy } from './address-policy';
import * as endpoints from './endpoints-repository';
import { secretBox } from './secret-box';
import { newSigningSecret } from './signature';

type ServiceConfig = Pick<Config, 'mode' | 'webhookAllowedHosts' | 'webhookSecretsKey'>;

const iso = (at: Date | string): string => new Date(at).toISOString();

export function toEndpoint(row: endpoints.EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: row.event_types,
    enabled: row.enabled,
    status: !row.enabled ? 'disabled' : row.failing ? 'failing' : 'enabled',
    previous_secret_expires_at: row.previous_secret_expires_at ? iso(row.previous_secret_expires_at) : null,
    created_at: iso(row.created_at),
  };
}

/** Endpoints of the back office (HOOK-02): secrets sealed at rest and shown once; addresses checked (HOOK-05). */
export function endpointsService(db: Db, config: ServiceConfig) {
  const box = secretBox(config.webhookSecretsKey);
  const policy = addressPolicy(config);

  const checkUrl = async (url: string): Promise<void> => {
    const refused = await policy.check(new URL(url));
    if (refused) throw new HttpError(422, `This URL is refused: ${refused}. Webhooks go to public addresses only.`, 'webhook_url_refused');
  };
  const found = (row: endpoints.EndpointRow | undefined): WebhookEndpoint => {
    if (!row) throw notFound('Webhook endpoint not found');
    return toEndpoint(row);
  };

  return {
    list: async () => (await endpoints.listEndpoints(db)).map(toEndpoint),

    async create(input: { url: string; description?: string; event_types: WebhookEndpoint['event_types']; enabled: boolean }, createdBy: number | null) {
      await checkUrl(input.url);
      const id = randomId('we_', 24);
      const secret = newSigningSecret();
      const row = await endpoints.insertEndpoint(db, {
        id, url: input.url, description: input.description || null, eventTypes: [...new Set(input.event_types)], enabled: input.enabled,
        secretSealed: box.seal(secret, id), createdBy,
      });
      return { endpoint: toEndpoint(row), secret };
    },

    async update(id: string, input: { url?: string; description?: string; event_types?: WebhookEndpoint['event_types']; enabled?: boolean }) {
      if (input.url !== undefined) await checkUrl(input.url);
      return found(await endpoints.updateEndpoint(db, id, {
        url: input.url, description: input.description === undefined ? undefined : input.description || null,
        eventTypes: input.event_types && [...new Set(input.event_types)], enabled: input.enabled,
      }));
    },

    async remove(id: string): Promise<void> {
      if (!(await endpoints.deleteEndpoint(db, id))) throw notFound('Webhook endpoint not found');
    },

    async roll(id: string, graceHours: number) {
      const current = await endpoints.sealedSecretOf(db, id);
      if (!current) throw notFound('Webhook endpoint not found');
      const secret = newSigningSecret();
      const previous = graceHours > 0 ? current : null;
      return { endpoint: found(await endpoints.rollSecret(db, id, box.seal(secret, id), previous, graceHours)), secret };
    },
  };
}
