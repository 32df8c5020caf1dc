import { describe, expect, it } from 'vitest';
import { RELEASE_ROLES } from './deaths.ts';
import {
  ACTIONS,
  can,
  canInEstate,
  ESTATE_ACTIONS,
  ESTATE_PERMISSIONS,
  ESTATE_ROLES,
  estateRolesOf,
  PERMISSIONS,
  RELEASE_ESTATE_ROLE,
  ROLES,
  roleOf,
} from './permissions.ts';

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

describe('estate roles (issue 40 item 9; ADR 0288)', () => {
  it('an estate role is never an account role, nor an estate action an account action', () => {
    for (const r of ESTATE_ROLES) {
      expect(ROLES as readonly string[]).not.toContain(r);
      expect(roleOf({ roles: [{ name: r }] })).toBeUndefined();
      for (const a of ACTIONS) expect(can(r, a)).toBe(false);
    }
    for (const a of ESTATE_ACTIONS) expect(ACTIONS as readonly string[]).not.toContain(a);
    for (const r of ROLES) for (const a of ESTATE_ACTIONS) expect(canInEstate({ roles: [r] }, a)).toBe(false);
  });
  it('every release role maps to one estate role; every estate role is reached and names only estate actions', () => {
    expect(Object.keys(RELEASE_ESTATE_ROLE).sort()).toEqual([...RELEASE_ROLES].sort());
    expect(RELEASE_ESTATE_ROLE).toEqual({
      executor: 'EstateExecutor',
      heir: 'EstateHeir',
      beneficiary: 'EstateNamed',
      guardian: 'EstateNamed',
      receiver: 'EstateNamed',
      caretaker: 'EstateNamed',
    });
    expect(new Set(Object.values(RELEASE_ESTATE_ROLE))).toEqual(new Set(ESTATE_ROLES));
    for (const r of ESTATE_ROLES) for (const a of ESTATE_PERMISSIONS[r]) expect(ESTATE_ACTIONS).toContain(a);
  });
  it('only an heir consents; only the executor reads the receipts; everyone named reads their documents', () => {
    const who = (a: (typeof ESTATE_ACTIONS)[number]) => RELEASE_ROLES.filter((r) => canInEstate({ roles: [r] }, a));
    expect(who('estate:consent:decide')).toEqual(['heir']);
    expect(who('estate:consent-record:read')).toEqual(['heir']);
    expect(who('estate:receipts:read')).toEqual(['executor']);
    expect(who('estate:documents:read')).toEqual([...RELEASE_ROLES]);
    expect(who('estate:release:open')).toEqual([...RELEASE_ROLES]);
  });
  it('a release holds the rights of each of its roles, and none for a role it does not know (fail closed)', () => {
    expect(estateRolesOf({ roles: ['beneficiary', 'heir'] })).toEqual(['EstateHeir', 'EstateNamed']);
    expect(canInEstate({ roles: ['executor', 'heir'] }, 'estate:consent:decide')).toBe(true);
    expect(estateRolesOf({ roles: ['toString', 'constructor', 'Staff'] })).toEqual([]);
    for (const a of ESTATE_ACTIONS) expect(canInEstate({ roles: [] }, a)).toBe(false);
  });
});
