import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { z } from 'zod/mini';
import { readApiError } from '@paydesk/shared/api/api-error';

/**
 * The payer pages' calls to the public API, without Redux: the pay form and the widget render
 * and validate with this alone, so their first load carries no store. The RTK Query endpoints
 * (payments-api.ts) call it too. Errors have fetchBaseQuery's shapes, so one set of messages
 * (publicErrorMessage) reads both. The public calls carry the publishable key, never the staff
 * token, and a refused public call never ends a staff session open in another tab.
 */
export type PublicResult<T> = { data: T } | { error: FetchBaseQueryError };

export const customError = (message: string): { error: FetchBaseQueryError } => ({ error: { status: 'CUSTOM_ERROR', error: message } });

export interface PublicRequest {
  /** Below /api, e.g. `/public/config`. */
  url: string;
  method?: 'GET' | 'POST';
  body?: unknown;
}

/** One public call; the answer is parsed with its schema, and anything else is 'Invalid response'. */
export async function publicFetch<S extends z.ZodMiniType>(
  { url, method = 'GET', body }: PublicRequest,
  schema: S,
  publishableKey?: string,
): Promise<PublicResult<z.infer<S>>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (publishableKey) headers.authorization = `Bearer ${publishableKey}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`/api${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (error) {
    return { error: { status: 'FETCH_ERROR', error: String(error) } };
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch (error) {
    return { error: { status: 'PARSING_ERROR', originalStatus: response.status, data: text, error: String(error) } };
  }
  if (!response.ok) return { error: { status: response.status, data } };
  return parsedAnswer(data, schema);
}

/** An answer's body parsed with its schema: anything else is 'Invalid response'. */
export function parsedAnswer<S extends z.ZodMiniType>(body: unknown, schema: S): PublicResult<z.infer<S>> {
  const parsed = schema.safeParse(body);
  return parsed.success ? { data: parsed.data } : customError('Invalid response');
}

/**
 * The text to show for a failed public call: our own message for a custom error, the network
 * text when the API could not be reached, the API's message for a 4xx/5xx, else the fallback.
 */
export function publicErrorMessage(error: unknown, fallback: string, network = fallback): string {
  const { status, message } = readApiError(error);
  if (status === 'network' || status === 'timeout') return network;
  return message ?? fallback;
}
