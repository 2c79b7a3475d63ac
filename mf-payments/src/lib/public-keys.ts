import type { BaseQueryApi, FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { envelopeKeys } from '@paydesk/shared/crypto/envelope';
import type { PublicConfig } from '@paydesk/shared/schemas/public-api';
import { publicConfigApi } from './public-config-api';

/** The deployment's public configuration, from the slice's cache (fetched on first need). */
export async function configFor(baseApi: BaseQueryApi): Promise<{ config: PublicConfig } | { error: FetchBaseQueryError }> {
  const result = await baseApi.dispatch(publicConfigApi.endpoints.publicConfig.initiate(undefined, { subscribe: false }));
  if (result.data) return { config: result.data };
  const error = result.error && 'status' in result.error ? result.error : undefined;
  return { error: error ?? { status: 'FETCH_ERROR', error: 'The payment configuration could not be loaded' } };
}

const derived = new Map<string, ReturnType<typeof envelopeKeys>>();

/** Envelope keys of this deployment, derived once per key. */
export function keysFor(config: PublicConfig): ReturnType<typeof envelopeKeys> {
  let keys = derived.get(config.envelopeKey);
  if (!keys) {
    keys = envelopeKeys(config.envelopeKey);
    derived.set(config.envelopeKey, keys);
  }
  return keys;
}
