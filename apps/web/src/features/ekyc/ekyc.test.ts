import { describe, expect, it } from 'vitest';
import { navFor } from '@/app/layout/nav.ts';
import enEkyc from '@/locales/en/ekyc.json';
import msEkyc from '@/locales/ms/ekyc.json';

const keys = (o: unknown, prefix = ''): string[] =>
  o && typeof o === 'object' ? Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)) : [prefix];

describe('eKYC review (staff)', () => {
  it('is in the menu only for roles with ekyc:review', () => {
    for (const role of ['Staff', 'Officer', 'Admin']) expect(navFor(role).map((n) => n.to)).toContain('/ekyc/review');
    for (const role of ['Client', 'Agent', 'Partner', 'Accountant'])
      expect(navFor(role).map((n) => n.to)).not.toContain('/ekyc/review');
  });
  it('has the same locale keys in Malay and English', () => {
    expect(keys(enEkyc).sort()).toEqual(keys(msEkyc).sort());
  });
});
