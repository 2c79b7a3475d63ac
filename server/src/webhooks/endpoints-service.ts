import type { WebhookEndpoint } from '@paydesk/shared/schemas/webhooks';
import { diff, recordAudit, removed, values, type AuditWho } from '../audit/audit-log';
import type { Config } from '../config';
import type { Db } from '../db/db';
import { notFound, unprocessable } from '../errors/domain-error';
import { randomId } from '../ids/random-id';
import { addressPolicy } from './address-policy';
import * as endpoints from './endpoints-repository';
import { secretBox } from '../security/secret-box';
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

const endpointTarget = (id: string) => ({ type: 'webhook_endpoint' as const, id });
const auditedFields = ['url', 'description', 'event_types', 'enabled'] as const;
/** What an endpoint's audit entries show: never its secrets (AUD-03). */
const shown = (row: endpoints.EndpointRow) => ({
  url: row.url,
  description: row.description,
  event_types: row.event_types,
  enabled: row.enabled,
});

/** Endpoints of the back office (HOOK-02): secrets sealed at rest and shown once; addresses checked (HOOK-05). */
export function endpointsService(db: Db, config: ServiceConfig) {
  const box = secretBox(config.webhookSecretsKey);
  const policy = addressPolicy(config);

  const checkUrl = async (url: string): Promise<void> => {
    const refused = await policy.check(new URL(url));
    if (refused) throw unprocessable(`This URL is refused: ${refused}. Webhooks go to public addresses only.`, 'webhook_url_refused');
  };
  const found = (row: endpoints.EndpointRow | undefined): WebhookEndpoint => {
    if (!row) throw notFound('Webhook endpoint not found');
    return toEndpoint(row);
  };

  return {
    list: async () => (await endpoints.listEndpoints(db)).map(toEndpoint),

    async create(
      input: { url: string; description?: string; event_types: WebhookEndpoint['event_types']; enabled: boolean },
      createdBy: number | null,
      who: AuditWho,
    ) {
      await checkUrl(input.url);
      const id = randomId('we_', 24);
      const secret = newSigningSecret();
      const row = await db.transaction(async (tx) => {
        const inserted = await endpoints.insertEndpoint(tx, {
          id,
          url: input.url,
          description: input.description || null,
          eventTypes: [...new Set(input.event_types)],
          enabled: input.enabled,
          secretSealed: box.seal(secret, id),
          createdBy,
        });
        await recordAudit(tx, { action: 'webhook_endpoint.created', who, target: endpointTarget(id), changes: values(shown(inserted)) });
        return inserted;
      });
      return { endpoint: toEndpoint(row), secret };
    },

    async update(
      id: string,
      input: { url?: string; description?: string; event_types?: WebhookEndpoint['event_types']; enabled?: boolean },
      who: AuditWho,
    ) {
      if (input.url !== undefined) await checkUrl(input.url);
      return found(
        await db.transaction(async (tx) => {
          const before = await endpoints.findEndpoint(tx, id);
          const after =
            before &&
            (await endpoints.updateEndpoint(tx, id, {
              url: input.url,
              description: input.description === undefined ? undefined : input.description || null,
              eventTypes: input.event_types && [...new Set(input.event_types)],
              enabled: input.enabled,
            }));
          if (before && after)
            await recordAudit(tx, {
              action: 'webhook_endpoint.updated',
              who,
              target: endpointTarget(id),
              changes: diff(shown(before), shown(after), auditedFields),
            });
          return after;
        }),
      );
    },

    async remove(id: string, who: AuditWho): Promise<void> {
      const gone = await db.transaction(async (tx) => {
        const before = await endpoints.findEndpoint(tx, id);
        if (!before || !(await endpoints.deleteEndpoint(tx, id))) return false;
        await recordAudit(tx, {
          action: 'webhook_endpoint.deleted',
          who,
          target: endpointTarget(id),
          changes: removed({ url: before.url }),
        });
        return true;
      });
      if (!gone) throw notFound('Webhook endpoint not found');
    },

    async roll(id: string, graceHours: number, who: AuditWho) {
      const current = await endpoints.sealedSecretOf(db, id);
      if (!current) throw notFound('Webhook endpoint not found');
      const secret = newSigningSecret();
      const previous = graceHours > 0 ? current : null;
      const row = await db.transaction(async (tx) => {
        const rolled = await endpoints.rollSecret(tx, id, box.seal(secret, id), previous, graceHours);
        if (rolled) {
          const expires = rolled.previous_secret_expires_at ? iso(rolled.previous_secret_expires_at) : null;
          await recordAudit(tx, {
            action: 'webhook_endpoint.rolled',
            who,
            target: endpointTarget(id),
            changes: values({ previous_secret_expires_at: expires }),
          });
        }
        return rolled;
      });
      return { endpoint: found(row), secret };
    },
  };
}
