import { describe, expect, it } from 'vitest';
import { ACTIONS, can, PERMISSIONS, ROLES, roleOf } from './permissions.ts';

describe('permission table (spec §6)', () => {
  it('the role is the first entry of roles', () => {
    expect(roleOf({ roles: [{ name: 'Agent' }, { name: 'Client' }] })).toBe('Agent');
    expect(roleOf({ roles: [{ name: 'Hacker' }] })).toBeUndefined();
    expect(roleOf(null)).toBeUndefined();
  });
  it('fails closed for unknown roles', () => {
    for (const a of ACTIONS) expect(can('Hacker', a)).toBe(false);
    expect(can(undefined, 'will:read:own')).toBe(false);
  });
  it('only verifying roles may verify wills; a client may not', () => {
    const verifiers = ROLES.filter((r) => can(r, 'will:verify'));
    expect(verifiers.sort()).toEqual(['Admin', 'Officer', 'Staff']);
  });
  it('every action named in the table exists', () => {
    for (const r of ROLES) for (const a of PERMISSIONS[r]) expect(ACTIONS).toContain(a);
  });
});
