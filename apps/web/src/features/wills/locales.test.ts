import { describe, expect, it } from 'vitest';
import enPublic from '@/locales/en/public.json';
import enWills from '@/locales/en/wills.json';
import msPublic from '@/locales/ms/public.json';
import msWills from '@/locales/ms/wills.json';

const keys = (o: unknown, prefix = ''): string[] =>
  o && typeof o === 'object' ? Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)) : [prefix];

describe('wills/public locale files', () => {
  it('have the same keys in Malay and English', () => {
    expect(keys(enWills).sort()).toEqual(keys(msWills).sort());
    expect(keys(enPublic).sort()).toEqual(keys(msPublic).sort());
  });
  it('have no empty texts', () => {
    for (const file of [msWills, enWills, msPublic, enPublic]) {
      const leaves = keys(file).map((k) => k.split('.').reduce<any>((n, p) => n[p], file));
      expect(leaves.every((v) => typeof v === 'string' && v.trim().length > 0)).toBe(true);
    }
  });
});
