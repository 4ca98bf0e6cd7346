/** Password hashing with argon2id (memory-hard), via @node-rs/argon2's defaults (m=19 MiB, t=2, p=1). */
import { hash, verify } from '@node-rs/argon2';

export const hashPassword = (password: string) => hash(password);

// Verified against when the email is unknown, so a wrong email takes as long as a wrong password.
const DUMMY_HASH = hash('rentloop-timing-equaliser');

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await DUMMY_HASH, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
