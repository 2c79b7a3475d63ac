import { makeStore } from '../store';
import { writeStoredSession } from '../session/storage';
import { fakeUploadXhr, fileNamed } from '../testing/fake-upload-xhr';
import { notify } from '../ui/notify';
import { sessionExpiredToast } from '../ui/session-expired-toast';
import { postForm } from './post-form';

jest.mock('../ui/notify', () => ({ notify: jest.fn() }));

/** A store as the page makes it: with the toast of an expired session. */
const pageStore = () => makeStore(undefined, sessionExpiredToast);

const user = { id: 1, username: 'Alex Admin', role: 'admin' as const, email: 'admin@paydesk.test' };
let xhr: ReturnType<typeof fakeUploadXhr>;
beforeEach(() => {
  localStorage.clear();
  jest.mocked(notify).mockClear();
});
afterEach(() => xhr.restore());

const aForm = () => {
  const form = new FormData();
  form.append('file', fileNamed('cards.xlsx'));
  return form;
};

test('posts the form to /api with the stored bearer token, reports progress and resolves with the answer', async () => {
  xhr = fakeUploadXhr();
  writeStoredSession({ token: 'tok-1', user });
  const progress: number[] = [];
  const answer = pageStore().dispatch(postForm('/backend/cards/upload', aForm(), { onProgress: (sent) => progress.push(sent) }));
  const [upload] = xhr.sent;
  expect(upload).toMatchObject({ method: 'POST', url: '/api/backend/cards/upload', fileName: 'cards.xlsx' });
  expect(upload!.headers.authorization).toBe('Bearer tok-1');
  upload!.progress(25, 100);
  upload!.progress(100, 100);
  upload!.respond(201, { status: 'success', message: 'Cards uploaded successfully' });
  await expect(answer).resolves.toEqual({ status: 201, body: { status: 'success', message: 'Cards uploaded successfully' } });
  expect(progress).toEqual([0.25, 1, 1]);
});

test('a 401 with a token ends the session with the Unauthorized toast (AUTH-07), like every API call', async () => {
  xhr = fakeUploadXhr({ status: 401, body: { status: 'error', message: 'Unauthorized' } });
  writeStoredSession({ token: 'tok-1', user });
  const store = pageStore();
  await expect(store.dispatch(postForm('/x', aForm()))).resolves.toMatchObject({ status: 401 });
  expect(store.getState().session).toEqual({ user: null, token: null, permissions: null, roleName: null });
  expect(localStorage.getItem('token')).toBeNull();
  expect(notify).toHaveBeenCalledWith('error', 'Unauthorized', 'Your session has expired. Please log in again.');
});

test('silent401 logs out without the toast; a 401 without a token leaves the session alone', async () => {
  xhr = fakeUploadXhr({ status: 401, body: { status: 'error', message: 'Unauthorized' } });
  writeStoredSession({ token: 'tok-1', user });
  const store = pageStore();
  await store.dispatch(postForm('/x', aForm(), { silent401: true }));
  expect(store.getState().session.token).toBeNull();
  expect(notify).not.toHaveBeenCalled();

  const anonymous = pageStore();
  await anonymous.dispatch(postForm('/x', aForm()));
  expect(xhr.sent[1]!.headers.authorization).toBeUndefined();
  expect(notify).not.toHaveBeenCalled();
});

test('rejects with a TypeError when the request does not get through, an AbortError when aborted', async () => {
  xhr = fakeUploadXhr();
  const store = pageStore();
  const failed = store.dispatch(postForm('/x', aForm()));
  xhr.sent[0]!.fail();
  await expect(failed).rejects.toBeInstanceOf(TypeError);

  const controller = new AbortController();
  const aborted = store.dispatch(postForm('/x', aForm(), { signal: controller.signal }));
  controller.abort();
  await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
  expect(xhr.sent[1]!.aborted).toBe(true);
});

test('a body that is not JSON comes back as text', async () => {
  xhr = fakeUploadXhr({ status: 502, body: '<html>Bad gateway</html>' });
  await expect(pageStore().dispatch(postForm('/x', aForm()))).resolves.toEqual({ status: 502, body: '<html>Bad gateway</html>' });
});
