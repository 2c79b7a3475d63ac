import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { TOKEN_KEY } from '../session/storage';
import { sessionExpired } from '@paydesk/shared/session/session-slice';

/** Per-endpoint options: a 401 logs out with a toast, or silently for the wallet calls (AUTH-07). */
export interface PaydeskExtraOptions {
  silent401?: boolean;
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/api',
  prepareHeaders: (headers) => {
    // A call that names its own credential (the payer pages' publishable key) keeps it.
    const token = localStorage.getItem(TOKEN_KEY);
    if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, PaydeskExtraOptions> = async (args, api, extraOptions) => {
  const hadToken = localStorage.getItem(TOKEN_KEY) !== null;
  const result = await rawBaseQuery(args, api, extraOptions ?? {});
  // A 401 on a call made with our token means the session is over; a 401 without one is a
  // wrong password at sign-in, which the login page reports itself.
  if (result.error?.status === 401 && hadToken) {
    api.dispatch(sessionExpired({ silent: extraOptions?.silent401 === true }));
  }
  return result;
};

/** The one API slice of the product. Each remote adds its endpoints with injectEndpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'Me',
    'Dashboard',
    'Transaction',
    'User',
    'Card',
    'Wallet',
    'Withdrawal',
    'Checkout',
    'WebhookEndpoint',
    'WebhookAttempt',
    'WebhookEvent',
    'ApiKey',
    'ApiRequest',
    'AuditEntry',
    'Role',
  ],
  endpoints: () => ({}),
});
