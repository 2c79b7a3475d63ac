import { HIDDEN_URL_PART, holdsHiddenUrlPart, shownEndpointUrl, type WebhookEndpoint } from '@paydesk/shared/schemas/webhooks';
import { diff, recordAudit, removed, values, type AuditWho } from '../audit/audit-log';
import type { Config } from '../config';
import type { Db } from '../db/db';
import { invalid, notFound, unprocessable } from '../errors/domain-error';
import { randomId } from '../ids/random-id';
import { addressPolicy } from './address-policy';
import * as endpoints from './endpoints-repository';
import { deliveryUrl, storedUrl } from './endpoints-url';
import { secretBox } from '../security/secret-box';
import { newSigningSecret } from './signature';
import { iso } from '../db/timestamps';

type ServiceConfig = Pick<Config, 'mode' | 'webhookAllowedHosts' | 'webhookSecretsKey'>;

export function toEndpoint(row: endpoints.EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    // Shown again here: a row not sealed yet (saved before migration 029) shows no more than a sealed one.
    url: shownEndpointUrl(row.url),
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
/** What an endpoint's audit entries show: never its secrets, nor its URL's query values or credentials (AUD-03, HOOK-07). */
const shown = (row: endpoints.EndpointRow) => ({
  url: shownEndpointUrl(row.url),
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
  /** A shown URL sent back as a new one would deliver `…redacted` instead of the value (HOOK-07). */
  const hiddenPartRefused = () =>
    invalid(
      `The URL still holds ${HIDDEN_URL_PART} where a hidden value was: type the values again to change the URL, or leave the URL as it is shown to keep the stored one`,
    );
  const found = (row: endpoints.EndpointRow | undefined): WebhookEndpoint => {
    if (!row) throw notFound('Webhook endpoint not found');
    return toEndpoint(row);
  };

  return {
    list: async () => (await endpoints.listEndpoints(db)).map(toEndpoint),

    /**
     * Seals the URLs saved before migration 029 (run at start-up: SQL has not the key). A row
     * changed meanwhile, by another process sealing it too, is left to that change. Answers how many.
     */
    async sealStoredUrls(): Promise<number> {
      let sealed = 0;
      for (const row of await endpoints.unsealedUrls(db)) {
        const url = storedUrl(box, row.id, row.url);
        if (url.urlSealed && (await endpoints.sealUrl(db, row.id, row.url, url))) sealed += 1;
      }
      return sealed;
    },

    async create(
      input: { url: string; description?: string; event_types: WebhookEndpoint['event_types']; enabled: boolean },
      createdBy: number | null,
      who: AuditWho,
    ) {
      if (holdsHiddenUrlPart(input.url)) throw hiddenPartRefused();
      await checkUrl(input.url);
      const id = randomId('we_', 24);
      const secret = newSigningSecret();
      const row = await db.transaction(async (tx) => {
        const inserted = await endpoints.insertEndpoint(tx, {
          id,
          url: storedUrl(box, id, input.url),
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
      // The URL as shown, sent back unchanged (the edit dialog sends every field), keeps the stored
      // one with its hidden values; any other URL with the mark of a hidden value is refused.
      const keepsUrl = input.url !== undefined && holdsHiddenUrlPart(input.url);
      if (input.url !== undefined && !keepsUrl) await checkUrl(input.url);
      return found(
        await db.transaction(async (tx) => {
          const before = await endpoints.findEndpoint(tx, id);
          if (!before) return undefined;
          if (keepsUrl && input.url !== shownEndpointUrl(before.url)) throw hiddenPartRefused();
          const url = input.url === undefined || keepsUrl ? undefined : input.url;
          const after = await endpoints.updateEndpoint(tx, id, {
            url: url === undefined ? undefined : storedUrl(box, id, url),
            description: input.description === undefined ? undefined : input.description || null,
            eventTypes: input.event_types && [...new Set(input.event_types)],
            enabled: input.enabled,
          });
          if (after) {
            const changes = diff(shown(before), shown(after), auditedFields);
            // New hidden values behind the same shown URL are a change of URL all the same.
            if (url !== undefined && !changes.url && url !== deliveryUrl(box, id, before))
              changes.url = { from: shown(before).url, to: shown(after).url };
            await recordAudit(tx, { action: 'webhook_endpoint.updated', who, target: endpointTarget(id), changes });
          }
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
          changes: removed({ url: shown(before).url }),
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
