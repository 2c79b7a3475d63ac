import { refusePersonalPassword } from '@paydesk/shared/schemas/password';
import { createUserRequest } from '@paydesk/shared/schemas/user';
import { z } from 'zod';
import { SUPER_ADMIN } from '../auth/built-in-roles';
import { hashPassword } from '../auth/password-hasher';
import { loadConfig } from '../config';
import { migrate } from '../db/migrate';
import { openDb } from '../db/open-db';
import { insertUser, isDuplicateEmail } from '../users/users-repository';
import { readSecret } from './read-secret';
import { CliError, runCli, stringOptions } from './run-cli';

const usage =
  'Usage: npm run create-admin -- --email admin@example.com --name "Ada Admin"\n' +
  'The password comes from ADMIN_PASSWORD, or is asked on the terminal.';

const input = z
  .object({
    email: createUserRequest.shape.email,
    name: createUserRequest.shape.name,
    password: createUserRequest.shape.password,
  })
  .superRefine(refusePersonalPassword);

async function askPassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  const first = await readSecret('Password (at least 12 characters, letters and digits): ');
  const again = await readSecret('Repeat the password: ');
  if (first !== again) throw new CliError('The passwords do not match.');
  return first;
}

/** Creates a super_admin: the first account of a production deployment. */
async function createAdmin(): Promise<void> {
  const values = stringOptions(['email', 'name'], usage);
  if (!values.email || !values.name) throw new CliError(usage);
  const parsed = input.safeParse({ email: values.email, name: values.name, password: await askPassword() });
  if (!parsed.success) throw new CliError(parsed.error.issues[0]?.message ?? 'Invalid input');

  const db = await openDb(loadConfig());
  try {
    await migrate(db);
    const passwordHash = await hashPassword(parsed.data.password);
    const user = await insertUser(db, { ...parsed.data, passwordHash, role: SUPER_ADMIN, status: 'active' });
    console.log(`Created super_admin ${user.email} (id ${user.id}).`);
  } catch (error) {
    if (isDuplicateEmail(error)) throw new CliError(`A user with the e-mail ${parsed.data.email} already exists.`);
    throw error;
  } finally {
    await db.close();
  }
}

runCli(createAdmin);
