import { z } from 'zod';
import { makeStore } from '../store';
import { writeStoredSession } from '../session/storage';
import { notify } from '../ui/notify';
import { sessionExpiredToast } from '../ui/session-expired-toast';
import { fakeApi, json, type FakeApi } from '../testing/fake-api';
import { api } from './api-slice';

jest.mock('../ui/notify', () => ({ notify: jest.fn() }));

/** A store as the page makes it: with the toast of an expired session. */
const pageStore = () => makeStore(undefined, sessionExpiredToast);

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query({ query: () => '/probe', transformResponse: (raw: unknown) => z.object({ ok: z.boolean() }).parse(raw) }),
    quietProbe: build.query({ query: () => '/quiet', extraOptions: { silent401: true } }),
    keyedProbe: build.query({ query: () => ({ url: '/public', headers: { authorization: 'Bearer pk_test' } }) }),
  }),
});

const user = { id: 1, username: 'Alex Admin', role: 'admin' as const, email: 'admin@paydesk.test' };
/** The three probes' addresses, all answered by `status` and `body`. */
const serve = (status: number, body: unknown): FakeApi => {
  const reply = () => json(status, body);
  return fakeApi({ 'GET /api/probe': reply, 'GET /api/quiet': reply, 'GET /api/public': reply });
};

beforeEach(() => {
  localStorage.clear();
  jest.mocked(notify).mockClear();
});

test('calls carry the stored bearer token', async () => {
  writeStoredSession({ token: 'tok-1', user });
  const fake = serve(200, { ok: true });
  const store = pageStore();
  const result = await store.dispatch(probeApi.endpoints.probe.initiate(undefined));
  expect(result.data).toEqual({ ok: true });
  expect(fake.calls[0]!.headers.get('authorization')).toBe('Bearer tok-1');
});

test('a call that carries its own credential keeps it, even when staff are signed in', async () => {
  writeStoredSession({ token: 'tok-1', user });
  const fake = serve(200, {});
  await pageStore().dispatch(probeApi.endpoints.keyedProbe.initiate(undefined));
  expect(fake.calls[0]!.headers.get('authorization')).toBe('Bearer pk_test');
});

test('a 401 with a token ends the session, clears storage and shows the Unauthorized toast (AUTH-07)', async () => {
  writeStoredSession({ token: 'tok-1', user });
  serve(401, { status: 'error', message: 'Unauthorized' });
  const store = pageStore();
  expect(store.getState().session.user).toEqual(user);
  await store.dispatch(probeApi.endpoints.probe.initiate(undefined));
  expect(store.getState().session).toEqual({ user: null, token: null, permissions: null, roleName: null });
  expect(localStorage.getItem('token')).toBeNull();
  expect(localStorage.getItem('admin_user')).toBeNull();
  expect(notify).toHaveBeenCalledWith('error', 'Unauthorized', 'Your session has expired. Please log in again.');
});

test('a 401 on a silent call (wallet) logs out without a toast', async () => {
  writeStoredSession({ token: 'tok-1', user });
  serve(401, { status: 'error', message: 'Unauthorized' });
  const store = pageStore();
  await store.dispatch(probeApi.endpoints.quietProbe.initiate(undefined));
  expect(store.getState().session.token).toBeNull();
  expect(notify).not.toHaveBeenCalled();
});

test('a 401 without a token (a wrong password at sign-in) leaves the session alone', async () => {
  serve(401, { status: 'error', message: 'Invalid username or password' });
  const store = pageStore();
  const result = await store.dispatch(probeApi.endpoints.probe.initiate(undefined));
  expect(result.error).toMatchObject({ status: 401 });
  expect(notify).not.toHaveBeenCalled();
});
