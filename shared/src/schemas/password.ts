import { z } from 'zod';
import { COMMON_PASSWORDS } from './common-passwords';

/** The composition rule's one message (the wording users already know). */
export const PASSWORD_RULE = 'Password must be at least 12 characters and contain letters and digits';
export const COMMON_PASSWORD = 'This password is too common. Please choose one that is harder to guess';
export const PERSONAL_PASSWORD = 'Password must not be made of your name or email address';
export const SPACES_PASSWORD = 'Password must have at least 12 characters that are not spaces';
export const REPEATED_PASSWORD = 'Password must not be mostly one repeated character';

/** Length and character classes alone; the common-password list keeps only what this lets through. */
export const passwordComposition = z
  .string()
  .min(12, PASSWORD_RULE)
  .max(256)
  .regex(/[A-Za-z]/, PASSWORD_RULE)
  .regex(/\d/, PASSWORD_RULE);

const common = new Set(COMMON_PASSWORDS);

/** How many times the most frequent character occurs, in any letter case. */
function mostRepeated(characters: readonly string[]): number {
  const counts = new Map<string, number>();
  for (const character of characters) counts.set(character, (counts.get(character) ?? 0) + 1);
  return Math.max(0, ...counts.values());
}

/**
 * Why a password that meets the composition rule is still too weak, or undefined. In this order:
 * fewer than 12 characters besides whitespace (whitespace adds nothing to a guess: `' '.repeat(11)
 * + 'a1'`); one character, in any letter case, making up half or more of those characters
 * (`aaaaaaaaaaa1`); one of the passwords most seen in breaches, in any letter case (NIST SP
 * 800-63B, 3.1.1.2). docs/decisions/common-password-deny-list.md.
 */
export function passwordWeakness(password: string): string | undefined {
  const characters = [...password.toLowerCase().replace(/\s/gu, '')];
  if (characters.length < 12) return SPACES_PASSWORD;
  if (mostRepeated(characters) * 2 >= characters.length) return REPEATED_PASSWORD;
  return common.has(password.toLowerCase()) ? COMMON_PASSWORD : undefined;
}

/** A staff password: the composition rule, then passwordWeakness, one message at a time. */
export const staffPassword = passwordComposition.superRefine((value, ctx) => {
  // A password the composition rule refuses gets its message alone.
  if (!passwordComposition.safeParse(value).success) return;
  const weakness = passwordWeakness(value);
  if (weakness) ctx.addIssue({ code: 'custom', message: weakness });
});

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
