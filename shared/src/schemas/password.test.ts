import { dictionary } from '@zxcvbn-ts/language-common';
import { COMMON_PASSWORDS } from './common-passwords';
import { COMMON_PASSWORD, commonPasswordsFrom, PASSWORD_RULE, PERSONAL_PASSWORD, REPEATED_PASSWORD, SPACES_PASSWORD } from './password';
import { createUserRequest, updateUserBody, updateUserRequest } from './user';

const user = (password: string, name = 'Ada Lovelace', email = 'ada.lovelace@example.com') => ({ name, email, password });
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

test('the common-password list is the installed package list, less what the composition rule refuses anyway', () => {
  // After an update of @zxcvbn-ts/language-common: node --import tsx scripts/common-passwords.mjs
  expect(COMMON_PASSWORDS).toEqual(commonPasswordsFrom(dictionary['passwords-common']));
  expect(COMMON_PASSWORDS).toContain('password1234');
});

test.each(['password1234', 'Password1234', 'PASSWORD1234', 'qwerty123456', '123456789abc'])(
  '%s is refused as common, in any letter case',
  (password) => {
    expect(messages(createUserRequest.safeParse(user(password)))).toEqual([COMMON_PASSWORD]);
  },
);

test.each(['Short-1', 'no-digits-in-this-one', '123456789012345'])('the composition rule keeps its words for %s', (password) => {
  expect(PASSWORD_RULE).toBe('Password must be at least 12 characters and contain letters and digits');
  expect(messages(createUserRequest.safeParse(user(password)))[0]).toBe(PASSWORD_RULE);
});

test.each([
  ['the name', 'AdaLovelace2024'],
  ['the name, any case and punctuation', 'ada-LOVELACE-1815!'],
  ["the e-mail's local part", 'ada.lovelace1815'],
  ['the e-mail address', 'ada.lovelace@example.com1'],
])('a password made of %s is refused', (_case, password) => {
  expect(messages(createUserRequest.safeParse(user(password)))).toEqual([PERSONAL_PASSWORD]);
  expect(messages(updateUserBody.safeParse({ ...user(password), status: 'active' }))).toEqual([PERSONAL_PASSWORD]);
});

test.each([
  ['one letter repeated', 'aaaaaaaaaaa1'],
  ['one letter repeated, in mixed case', 'AaAaAaAaAaAa7'],
  ['one letter in every other place', 'a1a1a1a1a1a1'],
  ['a digit repeated after a word', 'x1111111111111'],
  ['half the characters one symbol', 'Qz7!!!!!!!!!!Kp3'],
  ['whitespace left out of the count', 'zzzzzzzzz zz1 q'],
])('a password mostly of one character (%s) is refused', (_case, password) => {
  expect(REPEATED_PASSWORD).toBe('Password must not be mostly one repeated character');
  expect(messages(createUserRequest.safeParse(user(password)))).toStrictEqual([REPEATED_PASSWORD]);
  expect(messages(updateUserBody.safeParse({ ...user(password), status: 'active' }))).toStrictEqual([REPEATED_PASSWORD]);
});

test.each([
  ['eleven spaces and a1', '           a1'],
  ['padding around a short one', '   Ada-1815   '],
  ['tabs and line breaks', 'a1\t\t\t\t\t\n\n\n\n\n\r\r'],
  ['no-break spaces', 'Ab-1\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0'],
])('a password with fewer than 12 characters besides whitespace (%s) is refused', (_case, password) => {
  expect(SPACES_PASSWORD).toBe('Password must have at least 12 characters that are not spaces');
  expect(messages(createUserRequest.safeParse(user(password)))).toStrictEqual([SPACES_PASSWORD]);
});

test('the length rule speaks alone for a short password, whatever it is made of', () => {
  expect(messages(createUserRequest.safeParse(user('aaaa1')))).toStrictEqual([PASSWORD_RULE]);
  expect(messages(createUserRequest.safeParse(user('   a1')))).toStrictEqual([PASSWORD_RULE]);
});

test.each([
  'correct horse battery 1', // spaces between words count toward nothing, and there are 20 other characters
  'Bookkeeper-1977', // double letters
  'Mississippi-2026', // a letter four times in sixteen
  'Qz7!!!!!!Kp3x', // a run, under half the characters
])('%j is accepted', (password) => {
  expect(createUserRequest.safeParse(user(password)).success).toBe(true);
});

// The shared schema accepts the demo password: only the server knows the mode, and refuses it outside demo mode.
test.each(['Paydesk-demo-2026', 'Ada-writes-programs-1843', 'Lovelace-1815-engine'])('%s is accepted', (password) => {
  expect(createUserRequest.safeParse(user(password)).success).toBe(true);
});

test('an edit form may still leave the password out', () => {
  expect(
    updateUserRequest.omit({ password: true }).safeParse({ name: 'Ada', email: 'ada@example.com', role: 'viewer', status: 'active' })
      .success,
  ).toBe(true);
  expect(updateUserBody.safeParse({ ...user(''), status: 'active' }).success).toBe(true);
});
