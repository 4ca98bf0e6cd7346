/**
 * The rules a new password must pass, after NIST SP 800-63B §3.1.1.2: at least 8 characters, no
 * composition rules, no control characters, not too repetitive (the domain's `passwordSchema`, which
 * the web forms also check), and, on the server only: not on a list of common and leaked passwords
 * nor a common variant of one (case, digits and symbols at the ends, look-alike letters), and not made of the account's own email address or name. Every path that sets a password calls
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
 * lower-cased. Loaded on first use, not at start-up: it is only needed when a password is set, and
 * costs a few MB. Kept whole (not only the entries long enough to pass the length rule): a short entry
 * is what a common variant is made from ("monkey" in "M0nkey2024!").
 */
function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())),
  );
  return common;
}

/** The usual letter-for-symbol swaps ("p@ssw0rd"); "1" is tried as both "i" and "l". */
const LEET: Record<string, string> = {
  '0': 'o',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '9': 'g',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'l',
  '+': 't',
};
const unleet = (v: string, one: 'i' | 'l') =>
  v.replace(/[0-9@$!|+]/g, (c) => (c === '1' ? one : (LEET[c] ?? c)));

/** The shortest list word a variant is matched against: shorter ones ("abc") would refuse too much. */
const MIN_BASE_LENGTH = 4;

/**
 * What a common password becomes when people "strengthen" it: the case changed, digits and symbols
 * added at either end ("Password1!", "2024dragon"), letters swapped for look-alikes ("Passw0rd!"),
 * and those combined. Each is looked up in the list.
 */
export function commonVariants(password: string): string[] {
  const lower = password.toLowerCase().trim();
  const noTail = lower.replace(/[^a-z]+$/u, '');
  const bases = [
    lower,
    noTail,
    noTail.replace(/^[^a-z]+/u, ''),
    // Only digits off the front: a leading symbol may be a letter ("@dmin1" is "admin").
    noTail.replace(/^[0-9]+/u, ''),
  ];
  const out = new Set<string>();
  for (const base of bases) {
    out.add(base);
    out.add(unleet(base, 'i'));
    out.add(unleet(base, 'l'));
  }
  return [...out].filter((v) => v.length >= MIN_BASE_LENGTH);
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
  if (commonVariants(password).some((v) => list.has(v))) return MESSAGES.passwordCommon;
  return null;
}

/** A 422 on `password` saying why, when the password may not be used. */
export async function assertPasswordAllowed(password: string, owner: PasswordOwner): Promise<void> {
  const problem = await passwordProblem(password, owner);
  if (problem) throw invalid('password', problem);
}
