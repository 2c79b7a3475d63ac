import { clearStoredSession, readStoredSession, TOKEN_KEY, USER_KEY, writeStoredSession } from './storage';

const user = { id: 7, username: 'Alex Admin', role: 'admin' as const, email: 'admin@paydesk.test' };

beforeEach(() => localStorage.clear());

test('a written session reads back under the keys token and admin_user (CONST-11)', () => {
  writeStoredSession({ token: 'abc', user });
  expect(localStorage.getItem(TOKEN_KEY)).toBe('abc');
  expect(JSON.parse(localStorage.getItem(USER_KEY) ?? '')).toEqual(user);
  expect(readStoredSession()).toEqual({ token: 'abc', user });
});

test.each([
  ['not JSON', '{oops'],
  ['a role that is no role key', JSON.stringify({ ...user, role: 'Owner <script>' })],
  ['a missing id', JSON.stringify({ username: 'x', role: 'admin', email: 'a@b.c' })],
])('a stored user with %s counts as signed out', (_case, raw) => {
  localStorage.setItem(TOKEN_KEY, 'abc');
  localStorage.setItem(USER_KEY, raw);
  expect(readStoredSession()).toBeNull();
});

test('a token without a user counts as signed out, and clearing removes both keys', () => {
  localStorage.setItem(TOKEN_KEY, 'abc');
  expect(readStoredSession()).toBeNull();
  writeStoredSession({ token: 'abc', user });
  clearStoredSession();
  expect([localStorage.getItem(TOKEN_KEY), localStorage.getItem(USER_KEY)]).toEqual([null, null]);
});
