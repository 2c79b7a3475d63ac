import type { z } from 'zod';

/**
 * Attaches an example to a schema as JSON Schema `examples`, which the OpenAPI document
 * (/api/docs) shows beside the fields.
 */
export const withExample = <T extends z.ZodType>(schema: T, example: unknown): T => schema.meta({ examples: [example] });
