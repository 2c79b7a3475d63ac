import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id is the library's default algorithm; these are OWASP's minimum costs (19 MiB, 2 passes).
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, options);

export const verifyPassword = (passwordHash: string, password: string): Promise<boolean> =>
  verify(passwordHash, password).catch(() => false);

let dummy: Promise<string> | undefined;
const dummyHash = (): Promise<string> => (dummy ??= hashPassword(randomBytes(18).toString('base64')));

/** Computes the dummy hash ahead of the first sign-in, so even that one takes the usual time. */
export function prepareDummyHash(): void {
  void dummyHash();
}

/** Spends the time of a real check when the e-mail is unknown, so timing tells nothing. Always false. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(await dummyHash(), password);
  return false;
}
