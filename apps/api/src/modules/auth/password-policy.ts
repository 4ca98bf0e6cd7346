/**
 * The rules a new password must pass, after NIST SP 800-63B §3.1.1.2: at least 8 characters, no
 * composition rules, no control characters, not too repetitive (the domain's `passwordSchema`, which
 * the web forms also check), and, on the server only: not on a list of common and leaked passwords,
 * and not made of the account's own email address or name. Every path that sets a password calls
 * `assertPasswordAllowed` (reset, invitation, registration, password change, first operator).
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { PASSWORD_MIN_LENGTH, passwordSchema } from '@rentloop/domain/users';
import { invalid } from '../../errors.ts';

export interface PasswordOwner {
  email: string;
  name: string;
}

let common: Promise<Set<string>> | undefined;

/**
 * zxcvbn's list of ~49,000 passwords most often found in breach corpora (@zxcvbn-ts/language-common),
 * kept to those long enough to pass the length rule. Loaded on first use, not at start-up: it is
 * only needed when a password is set, and costs a few MB.
 */
function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(
        dictionary['passwords-common']
          .filter((p) => p.length >= PASSWORD_MIN_LENGTH)
          .map((p) => p.toLowerCase()),
      ),
  );
  return common;
}

/** The words of the account a guesser would try first: email, its local part, the name and their parts. */
function personalWords(owner: PasswordOwner): string[] {
  const email = owner.email.trim().toLowerCase();
  const local = email.split('@')[0] ?? '';
  const name = owner.name.trim().toLowerCase();
  const words = [
    email,
    local,
    name,
    name.replace(/\s+/g, ''),
    ...local.split(/[._+-]+/),
    ...name.split(/\s+/),
  ];
  // Shorter pieces ("al", "jo") would refuse half the dictionary for nothing.
  return [...new Set(words.filter((w) => w.length >= 3))];
}

/**
 * Made of the email or name: the password contains the whole email, or one of the account's words
 * with fewer than 8 other characters around it ("jane.doe2024", "Doe12345"). A passphrase that merely
 * includes a name ("e2e-admin-password" for admin@...) keeps enough of its own to pass.
 */
function madeOfPersonalWords(password: string, owner: PasswordOwner): boolean {
  const lower = password.toLowerCase();
  const email = owner.email.trim().toLowerCase();
  if (email && lower.includes(email)) return true;
  return personalWords(owner).some(
    (word) => lower.includes(word) && lower.replaceAll(word, '').length < PASSWORD_MIN_LENGTH,
  );
}

/** The reason a password is refused, or null when it may be used. */
export async function passwordProblem(password: string, owner: PasswordOwner): Promise<string | null> {
  const parsed = passwordSchema.safeParse(password);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? MESSAGES.validationFailed;
  if (madeOfPersonalWords(password, owner)) return MESSAGES.passwordPersonal;
  const list = await commonPasswords();
  const lower = password.toLowerCase();
  if (list.has(lower) || list.has(lower.trim())) return MESSAGES.passwordCommon;
  return null;
}

/** A 422 on `password` saying why, when the password may not be used. */
export async function assertPasswordAllowed(password: string, owner: PasswordOwner): Promise<void> {
  const problem = await passwordProblem(password, owner);
  if (problem) throw invalid('password', problem);
}
