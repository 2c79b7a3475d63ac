import type { z } from 'zod';
import {
  createEndpointRequest,
  ENDPOINT_URL_CREDENTIALS_MESSAGE,
  type EventType,
  type WebhookEndpoint,
} from '@paydesk/shared/schemas/webhooks';

/** What the create and update calls send. */
export type EndpointInput = z.output<typeof createEndpointRequest>;

export interface EndpointFormValues {
  url: string;
  description: string;
  eventTypes: EventType[];
  enabled: boolean;
}

export type EndpointFormErrors = Partial<Record<'url' | 'description' | 'eventTypes', string>>;

export const blankEndpoint: EndpointFormValues = { url: '', description: '', eventTypes: [], enabled: true };

export const valuesOf = (endpoint: WebhookEndpoint): EndpointFormValues => ({
  url: endpoint.url,
  description: endpoint.description ?? '',
  eventTypes: [...endpoint.event_types],
  enabled: endpoint.enabled,
});

const fieldOf: Record<string, keyof EndpointFormErrors> = { url: 'url', description: 'description', event_types: 'eventTypes' };

/** The server's own schema: what it would refuse is said beside the field, without a call. */
export function checkEndpoint(values: EndpointFormValues): { input: EndpointInput } | { errors: EndpointFormErrors } {
  const parsed = createEndpointRequest.safeParse({
    url: values.url,
    description: values.description.trim() || undefined,
    event_types: values.eventTypes,
    enabled: values.enabled,
  });
  if (parsed.success) return { input: parsed.data };
  const errors: EndpointFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOf[String(issue.path[0])];
    // A URL with user:password@ is told why (HOOK-07); any other bad URL gets the one hint.
    const urlHint = issue.message === ENDPOINT_URL_CREDENTIALS_MESSAGE ? issue.message : 'Enter an http or https address';
    if (field) errors[field] ??= field === 'url' ? urlHint : issue.message;
  }
  return { errors };
}
