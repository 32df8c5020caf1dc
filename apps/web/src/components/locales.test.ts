import { describe, expect, it } from 'vitest';
import enAccount from '@/locales/en/account.json';
import enAuth from '@/locales/en/auth.json';
import enDashboard from '@/locales/en/dashboard.json';
import msAccount from '@/locales/ms/account.json';
import msAuth from '@/locales/ms/auth.json';
import msDashboard from '@/locales/ms/dashboard.json';

const keys = (o: unknown, prefix = ''): string[] =>
  o && typeof o === 'object'
    ? Object.entries(o as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];

describe('locales of auth, dashboard and account', () => {
  it.each([
    ['auth', msAuth, enAuth],
    ['dashboard', msDashboard, enDashboard],
    ['account', msAccount, enAccount],
  ])('%s has the same keys in ms and en, none empty', (_name, ms, en) => {
    expect(keys(ms).sort()).toEqual(keys(en).sort());
    for (const k of keys(ms)) expect(k.split('.').reduce<any>((o, p) => o[p], ms)).not.toBe('');
  });

  it('has the will status labels of spec §4 in Malay', () => {
    expect(msDashboard.will_status).toEqual({
      none: 'Belum dimohon',
      '0': 'Dalam pendaftaran',
      '1': 'Menunggu pengesahan penyedia',
      '2': 'Berdaftar',
      '3': 'Dibatalkan, perlu dikemas kini',
    });
  });
});
