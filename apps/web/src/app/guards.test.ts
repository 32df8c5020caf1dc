import type { LoaderFunctionArgs } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { KEYS } from '../lib/storage.ts';
import { redirectIfAuthenticated, requireAuth, requireSignature } from './guards.ts';

const args = {} as LoaderFunctionArgs;
const login = (role: string, signature: { id: string } | null) => {
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'u1', roles: [{ name: role }], signature }));
};
const location = (r: unknown) => (r instanceof Response ? r.headers.get('Location') : null);

describe('guards (spec §2)', () => {
  beforeEach(() => localStorage.clear());

  it('requireSignature sends a non-Client without a signature to /signature', () => {
    login('Agent', null);
    expect(location(requireSignature(args))).toBe('/signature');
    login('Staff', null);
    expect(location(requireSignature(args))).toBe('/signature');
  });

  it('requireSignature passes a Client without a signature, and a non-Client with one', () => {
    login('Client', null);
    expect(requireSignature(args)).toBeUndefined();
    login('Agent', { id: 's1' });
    expect(requireSignature(args)).toBeUndefined();
  });

  it('requireAuth sends an anonymous user to the root path; redirectIfAuthenticated sends a user to /dashboard', () => {
    expect(location(requireAuth(args))).toBe('/');
    expect(redirectIfAuthenticated(args)).toBeUndefined();
    login('Client', null);
    expect(requireAuth(args)).toBeUndefined();
    expect(location(redirectIfAuthenticated(args))).toBe('/dashboard');
  });
});
