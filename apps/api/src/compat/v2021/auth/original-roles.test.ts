import { PERMISSIONS } from '@wasiat/domain';
import { describe, expect, it } from 'vitest';
import { originalRoleOf, roleFromOriginal } from './original-roles.ts';

describe('2021 role strings (ADR 0135)', () => {
  it('maps the partner administrators to Partner in a partner organisation only', () => {
    for (const r of ['Super Admin', 'Admin', 'IT']) expect(roleFromOriginal(r, false)).toBe('Partner');
    expect(roleFromOriginal('Agent', false)).toBe('Agent');
    // in the provider's organisation nothing is translated: Admin stays our Admin, the others are refused later
    expect(roleFromOriginal('Super Admin', true)).toBe('Super Admin');
    expect(roleFromOriginal('IT', true)).toBe('IT');
    expect(Object.keys(PERMISSIONS)).not.toContain('Super Admin');
  });
  it('labels our roles for the 2021 client', () => {
    expect(originalRoleOf('Partner', true)).toBe('Super Admin');
    expect(originalRoleOf('Partner', false)).toBe('Admin');
    for (const r of ['Staff', 'Officer', 'Accountant', 'Admin']) expect(originalRoleOf(r, true)).toBe('Staff');
    expect(originalRoleOf('Client', true)).toBe('Client');
    expect(originalRoleOf('Agent', false)).toBe('Agent');
  });
});
