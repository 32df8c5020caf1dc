/**
 * Role names in the UI language (issue 38 item 11): the staff list of /dashboard/staff shows each user's role from
 * the `roles` catalogue (ADR 0245) — Malay in ms, English in en — never the code name the API sends ('Agent').
 */
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import i18n from '@/lib/i18n.ts';
import { KEYS } from '@/lib/storage.ts';
import { StaffDashboardPage } from './AccessPages.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('ms');
});

const ROLES = ['Agent', 'Officer', 'Staff', 'Accountant', 'Partner', 'Admin'];
const row = (role: string, n: number) => ({
  id: `u${n}`,
  name: `Pengguna ${role}`,
  username: `pengguna${n}`,
  email: null,
  user_access: { id: `a${n}`, role, status: 1, organization: { name: 'Syarikat Demo' }, accessible: null },
});

/** The role cell of the row of `role`'s user (third column: name, organisation, role, status). */
const roleCell = (role: string) => {
  const tr = screen.getByText(`Pengguna ${role}`).closest('tr') as HTMLElement;
  return within(tr).getAllByRole('cell')[2].textContent;
};

describe('/dashboard/staff: role names (issue 38 item 11)', () => {
  it('shows each role in Malay, then in English after switching language', async () => {
    localStorage.setItem(KEYS.token, 'tok');
    localStorage.setItem(
      KEYS.user,
      JSON.stringify({
        id: 'me',
        name: 'Pentadbir',
        roles: [{ name: 'Admin' }],
        user_access: { organization_id: 'o1' },
      }),
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        jsonResponse({
          user_accesses: { data: String(url).includes('pending') ? [] : ROLES.map((r, i) => row(r, i)) },
        }),
      ),
    );
    renderPage(<StaffDashboardPage />);
    await screen.findByText('Pengguna Agent');
    expect(Object.fromEntries(ROLES.map((r) => [r, roleCell(r)]))).toEqual({
      Agent: 'Ejen',
      Officer: 'Pegawai',
      Staff: 'Staf',
      Accountant: 'Akauntan',
      Partner: 'Pentadbir rakan niaga',
      Admin: 'Pentadbir',
    });
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    expect(Object.fromEntries(ROLES.map((r) => [r, roleCell(r)]))).toEqual({
      Agent: 'Agent',
      Officer: 'Officer',
      Staff: 'Staff',
      Accountant: 'Accountant',
      Partner: 'Partner administrator',
      Admin: 'Administrator',
    });
  });
});
