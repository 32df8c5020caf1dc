import { describe, expect, it } from 'vitest';
import type { UserAccessShape } from '../../../modules/organisations/index.ts';
import { accessWithLabel, loginContractOf, userWithLabels } from './original-contract.ts';

const shape = {
  id: 'u1',
  roles: [{ name: 'Partner' }],
  user_access: { id: 'a1', role: 'Partner' },
} as unknown as Parameters<typeof userWithLabels>[0];

describe('the 2021 login and labels (ADR 0135)', () => {
  it('opens a 2021 session only for a login body with `role`', () => {
    expect(loginContractOf({ username: 'x', password: 'y', role: 'Admin' })).toBe('2021');
    expect(loginContractOf({ username: 'x', password: 'y' })).toBeUndefined();
  });

  it('labels the user always, and leads roles with the 2021 label in a 2021 session only', () => {
    const ours = userWithLabels(shape, { role: 'Partner', atHeadquarter: true, contract: null }) as Record<string, any>;
    expect(ours.roles).toEqual([{ name: 'Partner' }]);
    expect(ours.original_role).toBe('Super Admin');
    expect(ours.user_access.original_role).toBe('Super Admin');
    const theirs = userWithLabels(shape, { role: 'Partner', atHeadquarter: false, contract: '2021' }) as Record<
      string,
      any
    >;
    expect(theirs.roles).toEqual([{ name: 'Admin' }, { name: 'Partner' }]);
    expect(theirs.user_access.original_role).toBe('Admin');
    const none = userWithLabels(
      { ...shape, user_access: null },
      { role: 'Client', atHeadquarter: true, contract: null },
    );
    expect(none.user_access).toBeNull();
  });

  it('labels a membership beside our role', () => {
    const a = { id: 'a1', role: 'Officer' } as unknown as UserAccessShape;
    expect(accessWithLabel(a, { role: 'Officer', atHeadquarter: true })).toMatchObject({
      role: 'Officer',
      original_role: 'Staff',
    });
  });
});
