import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { webhookDocument } from './openapi-webhooks';

/**
 * OpenAPI 3.1 generated from the routes' zod schemas (PLAT-10), browsable at /api/docs, with the
 * webhook events Paydesk POSTs to merchants' endpoints and their signature header (`webhooks`,
 * openapi-webhooks.ts).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const { components, webhooks } = webhookDocument();
  const document = {
    openapi: '3.1.0',
    info: {
      title: 'Paydesk provider API',
      version: '1.0.0',
      description:
        "The merchant API (secret key), the payer pages' calls (publishable key), the back office (a session token) and " +
        "a remote's releases (a deploy token), each sent as a bearer credential. Webhooks: the events Paydesk POSTs to " +
        'the endpoints subscribed to their types, each signed with the `Paydesk-Signature` header.',
    },
    components: {
      ...components,
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        deployToken: { type: 'http', scheme: 'bearer', description: "A deploy token (pdt_…): releases its one remote, from a team's CI" },
      },
    },
    webhooks,
  };
  await app.register(swagger, {
    // zod's JSON Schema type and openapi-types' SchemaObject describe the same JSON in two ways.
    openapi: document as NonNullable<FastifyDynamicSwaggerOptions['openapi']>,
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
