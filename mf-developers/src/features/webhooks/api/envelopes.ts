import { z } from 'zod';
import { withData } from '@paydesk/shared/schemas/common';
import { paginated } from '@paydesk/shared/schemas/transaction';
import { deliveryAttempt, endpointWithSecret, webhookEndpoint, webhookEvent } from '@paydesk/shared/schemas/webhooks';

/** The answers of `/api/backend/webhooks`, built from the shared contract's shapes (DEV-01). */
/** Every endpoint, newest first: a merchant has a handful, so the list is not paged. */
export const endpointsResponse = withData(z.array(webhookEndpoint));
export const attemptsResponse = withData(paginated(deliveryAttempt));
export const eventsResponse = withData(paginated(webhookEvent));

/** Creation and roll: the endpoint and its secret, in the API's `data` envelope. */
export const secretResponse = withData(endpointWithSecret).transform((body) => body.data);

/** Update, delete and resend: success is all the page needs to know (it refetches what changed). */
export const doneResponse = z.object({ status: z.literal('success'), message: z.string().optional() });

export type AttemptPage = z.infer<typeof attemptsResponse>['data'];
export type EventPage = z.infer<typeof eventsResponse>['data'];
export type EndpointWithSecret = z.infer<typeof endpointWithSecret>;
export type Done = z.infer<typeof doneResponse>;
