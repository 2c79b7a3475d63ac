import { z } from 'zod';
import { COMMON_PASSWORDS } from './common-passwords';

/** The composition rule's one message (the wording users already know). */
export const PASSWORD_RULE = 'Password must be at least 12 characters and contain letters and digits';
export const COMMON_PASSWORD = 'This password is too common. Please choose one that is harder to guess';
export const PERSONAL_PASSWORD = 'Password must not be made of your name or email address';

/** Length and character classes alone; the common-password list keeps only what this lets through. */
export const passwordComposition = z
  .string()
  .min(12, PASSWORD_RULE)
  .max(256)
  .regex(/[A-Za-z]/, PASSWORD_RULE)
  .regex(/\d/, PASSWORD_RULE);

const common = new Set(COMMON_PASSWORDS);

/**
 * A staff password: the composition rule, then not one of the passwords most seen in breaches,
 * in any letter case (NIST SP 800-63B, 3.1.1.2).
 */
export const staffPassword = passwordComposition.refine((value) => !common.has(value.toLowerCase()), COMMON_PASSWORD);

/** The entries of a common-password list that the composition rule would accept: lower case, once each, sorted. */
export const commonPasswordsFrom = (list: readonly string[]): string[] =>
  [...new Set(list.map((entry) => entry.toLowerCase()))].filter((entry) => passwordComposition.safeParse(entry).success).sort();

/** The letters of a text, lower case, in any script: "Ada Lovelace-1" and "ada.lovelace" both give "adalovelace". */
const lettersOf = (text: string): string => text.toLowerCase().replace(/[^\p{L}]/gu, '');

/**
 * True when the password is the person's name or e-mail address (or its local part) with only
 * digits, punctuation or letter case added: the first guesses of anyone who knows the account.
 */
export function isPersonalPassword(password: string, person: { name: string; email: string }): boolean {
  const core = lettersOf(password);
  const local = person.email.split('@')[0] ?? '';
  return [person.name, person.email, local].map(lettersOf).some((part) => part.length >= 3 && part === core);
}

/** An object-level check for a schema with name, email and an optional password. */
export function refusePersonalPassword(value: { name: string; email: string; password?: string | undefined }, ctx: z.RefinementCtx): void {
  if (value.password && isPersonalPassword(value.password, value)) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: PERSONAL_PASSWORD });
  }
}
