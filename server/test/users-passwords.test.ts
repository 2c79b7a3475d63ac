import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMMON_PASSWORD, PERSONAL_PASSWORD } from '@paydesk/shared/schemas/password';
import { findUserById } from '../src/users/users-repository';
import { builtCommand } from './built-server';
import { buildTestApp, login, type TestApp } from './helper';
import { addUser, countUsers, editOf, STRONG_PASSWORD, uniqueEmail, usersApi } from './users-fixtures';

/** Staff passwords: the common ones and the person's own name or e-mail are refused everywhere a password is set. */
let t: TestApp;
let superAdmin: ReturnType<typeof usersApi>;
beforeAll(async () => {
  t = await buildTestApp();
  superAdmin = usersApi(t.app, await login(t.app, 'superadmin@paydesk.test'));
}, 60_000);
afterAll(() => t?.close());

const common = { status: 'error', message: `password: ${COMMON_PASSWORD}`, code: 'invalid_request' };
const personal = { status: 'error', message: `password: ${PERSONAL_PASSWORD}`, code: 'invalid_request' };

test.each(['password1234', 'Password1234', 'PASSWORD1234', 'qwerty123456', '1q2w3e4r5t6y'])(
  'adding a user with the common password %j is refused with 400, adding nothing',
  async (password) => {
    const before = await countUsers(t.db);
    const response = await superAdmin.create({ name: 'Common', email: uniqueEmail('common'), password });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(common);
    expect(await countUsers(t.db)).toBe(before);
  },
);

test.each([
  ['the name', 'Grace Hopper', 'grace@users.test', 'GraceHopper2026'],
  ['the e-mail address', 'G. H.', 'grace.hopper@users.test', 'grace.hopper@users.test1'],
  ["the e-mail's local part", 'G. H.', 'grace.hopper@users.test', 'Grace.Hopper-1906'],
])('adding a user whose password is %s with digits added is refused with 400', async (_case, name, email, password) => {
  const response = await superAdmin.create({ name, email, password });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual(personal);
});

test('a password reset to a common password, or to the name, is refused and changes nothing', async () => {
  const user = await addUser(t.db, 'viewer');
  for (const [password, answer] of [
    ['Password1234', common],
    [`${user.name.replace(' ', '')}-2026`, personal],
  ] as const) {
    const response = await superAdmin.update(user.id, { ...editOf(user), password });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(answer);
    expect(await findUserById(t.db, user.id)).toEqual(user);
  }
});

// The demo password is refused outside demo mode (weak-passwords.test.ts).
test('an uncommon password is accepted', async () => {
  expect((await superAdmin.create({ name: 'Fine', email: uniqueEmail('fine'), password: STRONG_PASSWORD })).statusCode).toBe(201);
});

describe('npm run create-admin', () => {
  /**
   * Runs the command line tool (built into server/dist, as the server is) with ADMIN_PASSWORD; the
   * database is never reached when the input is refused.
   */
  function createAdmin(password: string): Promise<{ code: number | null; stderr: string }> {
    const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-cli-'));
    const child = spawn(process.execPath, builtCommand('create-admin', '--email', 'grace@users.test', '--name', 'Grace Hopper'), {
      env: {
        ...process.env,
        ADMIN_PASSWORD: password,
        DATA_DIR: dataDir,
        DATABASE_URL: 'postgres://127.0.0.1:1/unreachable',
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    return new Promise((done) =>
      child.on('exit', (code) => {
        rmSync(dataDir, { recursive: true, force: true });
        done({ code, stderr });
      }),
    );
  }

  test.each([
    ['password1234', COMMON_PASSWORD],
    ['Grace-Hopper-1906', PERSONAL_PASSWORD],
  ])('refuses %j with its message', async (password, message) => {
    const { code, stderr } = await createAdmin(password);
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(message);
  });
});
