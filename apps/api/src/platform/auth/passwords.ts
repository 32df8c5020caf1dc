/** Password hashing: argon2id, m = 19 MiB, t = 2, p = 1 (DESIGN.md §8; OWASP's minimum). */
import { randomBytes } from 'node:crypto';
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

/**
 * An argon2id hash (same parameters) of a random secret nobody knows: login verifies an unknown username's
 * attempt against it, so it costs what a known username's does (issue 16 item 4; ADR 0105).
 */
export const DUMMY_HASH: Promise<string> = hashPassword(randomBytes(24).toString('base64url'));
