import { fetchBaseQuery, type BaseQueryApi, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { z } from 'zod';

/**
 * The payer pages' own base query, used from queryFn inside the one API slice: the public calls
 * carry the publishable key, never the staff token that the slice's base query would put on
 * them, and a refused public call must not end a staff session open in another tab.
 */
const rawPublicQuery = fetchBaseQuery({ baseUrl: '/api' });

export type PublicResult<T> = { data: T } | { error: FetchBaseQueryError };

export const customError = (message: string): { error: FetchBaseQueryError } => ({ error: { status: 'CUSTOM_ERROR', error: message } });

/** One public call; the answer is parsed with its schema, and anything else is 'Invalid response'. */
export async function publicCall<S extends z.ZodType>(
  args: FetchArgs,
  api: BaseQueryApi,
  schema: S,
  publishableKey?: string,
): Promise<PublicResult<z.infer<S>>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (publishableKey) headers.authorization = `Bearer ${publishableKey}`;
  const result = await rawPublicQuery({ ...args, headers }, api, {});
  if (result.error) return { error: result.error };
  const parsed = schema.safeParse(result.data);
  return parsed.success ? { data: parsed.data } : customError('Invalid response');
}

/**
 * The text to show for a failed public call: our own message for a custom error, the network
 * text when the API could not be reached, the API's message for a 4xx/5xx, else the fallback.
 */
export function publicErrorMessage(error: unknown, fallback: string, network = fallback): string {
  if (typeof error !== 'object' || error === null || !('status' in error)) return fallback;
  const { status } = error as { status: unknown };
  if (status === 'CUSTOM_ERROR') return String((error as unknown as { error: unknown }).error);
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return network;
  const data = (error as { data?: unknown }).data;
  if (typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string' && data.message) return data.message;
  return fallback;
}

/** HTTP status of a failed call, when the API answered. */
export const httpStatusOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number' ? error.status : undefined;
