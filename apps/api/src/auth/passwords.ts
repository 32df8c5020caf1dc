/** Password hashing: argon2id, m = 19 MiB, t = 2, p = 1 (DESIGN.md §8; OWASP's minimum). */
import { hash, verify } from '@node-rs/argon2';

const OPTS = { algorithm: 2 /* argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hash a password (~15 ms). */
export const hashPassword = (password: string) => hash(password, OPTS);

/** Check a password against a stored hash; false for a missing or malformed hash. */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
