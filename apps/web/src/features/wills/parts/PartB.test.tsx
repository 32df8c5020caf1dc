/**
 * Part B's plan choice (issue 37 item 1; ADR 0244): each will plan shows the organisation's price and, from the
 * domain product catalogue, what it is, who it is for, what the person will need and how long it takes.
 */
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';

vi.mock('../components/WizardLayout.tsx', () => ({
  useWizard: () => ({
    will: { id: 'w1', status: 0, wasiat_type: 1, organization_id: 'o1', branch_id: 'b1', plan: 'basic' },
    wasiatId: 'w1',
    editable: true,
    setWasiatId: () => {},
    refresh: async () => null,
    goNext: async () => {},
  }),
}));

const { PartB } = await import('./PartB.tsx');

beforeEach(() => {
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Pewasiat', roles: [{ name: 'Client' }] }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (u: string) => {
      const url = String(u);
      if (url.includes('/pricing')) {
        return jsonResponse({
          pricings: {
            data: [
              { id: 'p1', plan: 'basic', price_sen: 35000 },
              { id: 'p2', plan: 'comprehensive', price_sen: 75000 },
            ],
            total: 2,
          },
        });
      }
      if (url.includes('/branch')) return jsonResponse({ branches: { data: [{ id: 'b1', branch_name: 'KL' }] } });
      if (url.includes('/user')) return jsonResponse({ users: { data: [] } });
      return jsonResponse({ organizations: { data: [{ id: 'o1', name: 'Syarikat Demo Amanah' }], total: 1 } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('part B: the will plans', { timeout: 30_000 }, () => {
  it("shows each plan's price, what it is, who it is for, what is needed and how long it takes", async () => {
    renderPage(<PartB />, { path: '/wasiat/part-b' });
    expect(await screen.findByRole('radio', { name: /Wasiat Asas — RM 350\.00/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Wasiat Komprehensif — RM 750\.00/ })).toBeInTheDocument();
    const basic = screen.getByTestId('plan-facts-basic');
    expect(basic).toHaveTextContent(/Wasiat yang menamakan waris anda/);
    expect(basic).toHaveTextContent(/Untuk siapa: Untuk individu yang ingin wasiat berdaftar/);
    expect(basic).toHaveTextContent(/2 orang saksi dewasa .* yang bukan waris anda/);
    expect(basic).toHaveTextContent(/kira-kira 20–30 minit/);
    const full = screen.getByTestId('plan-facts-comprehensive');
    expect(full).toHaveTextContent(/Penjaga untuk anak anda yang berumur bawah 18 tahun/);
    expect(full).toHaveTextContent(/Harta anda \(akaun bank, kenderaan, tanah bersama gerannya\)/);
  });
});
