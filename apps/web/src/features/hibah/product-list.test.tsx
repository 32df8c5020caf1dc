/**
 * The hibah/trust product list (issue 37 item 1; ADR 0244): each offered product says what it is, who it is for,
 * its price from the organisation's pricing, what the person needs and how long it takes; the "which one do I
 * need?" guide points to one offered product.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import { ProductGuide } from './components/ProductGuide.tsx';
import { ProductListPage } from './pages/ProductListPage.tsx';

const ALL = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14];

beforeEach(() => {
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Klien', roles: [{ name: 'Client' }] }));
});
afterEach(() => vi.unstubAllGlobals());

describe('product list (issue 37 item 1)', { timeout: 30_000 }, () => {
  it("shows the server's offered products with description, the organisation's price, needs and duration", async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse({
        organization: { id: 'o1', name: 'Syarikat Demo Amanah' },
        products: [
          { code: 9, name: 'Hibah Amanah Hartanah', price_sen: 85000 },
          { code: 7, name: 'Hibah Amanah Tunai', price_sen: 55000 },
          { code: 12, name: 'Hibah One Cent', price_sen: null },
          { code: 11, name: 'Amanah Perniagaan', price_sen: null },
        ],
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderPage(<ProductListPage />, { path: '/trust/product-list' });

    const land = await screen.findByTestId('product-card-9');
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toContain('/api/hibah/products');
    expect(within(land).getByRole('heading', { name: 'Hibah Amanah Hartanah' })).toBeInTheDocument();
    expect(
      within(land).getByText(/Hibah \(pemberian yang dibuat sekarang, semasa hayat anda\) tanah atau rumah/),
    ).toBeInTheDocument();
    expect(within(land).getByText(/memiliki tanah atau rumah/)).toBeInTheDocument();
    expect(within(land).getByTestId('facts-9-price')).toHaveTextContent('Harga: RM 850.00 (Syarikat Demo Amanah)');
    expect(within(land).getByText(/^Geran setiap tanah atau rumah/)).toBeInTheDocument();
    expect(
      within(land).getByText(/^Seorang penjaga untuk setiap penerima yang berumur bawah 18 tahun/),
    ).toBeInTheDocument();
    expect(within(land).getByText(/^2 orang saksi dewasa/)).toBeInTheDocument();
    expect(within(land).getByText(/anda menerima draf dalam tempoh 14 hari/)).toBeInTheDocument();
    expect(within(land).getByTestId('product-9')).toHaveAttribute('href', '/trust/part-a?type=9');

    expect(screen.getByTestId('facts-7-price')).toHaveTextContent('RM 550.00');
    // The one-cent price is the code's token amount; a product without a pricing row says so.
    expect(screen.getByTestId('facts-12-price')).toHaveTextContent(/Jumlah kod tebus anda/);
    expect(screen.getByTestId('facts-11-price')).toHaveTextContent(/Organisasi belum menetapkan harga/);
    // Only what the server lists.
    expect(screen.queryByTestId('product-card-1')).toBeNull();
    expect(screen.queryByTestId('product-2')).toBeNull();
  });

  it('says so when the organisation offers none', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ organization: { id: 'o1', name: 'X' }, products: [] })),
    );
    renderPage(<ProductListPage />, { path: '/hibah/product-list' });
    expect(await screen.findByText('Organisasi anda tidak menawarkan produk hibah atau amanah.')).toBeInTheDocument();
    expect(screen.queryByTestId('product-guide')).toBeNull();
  });
});

describe('"which one do I need?" guide', { timeout: 30_000 }, () => {
  const answer = async (offered: number[], clicks: string[]) => {
    const user = userEvent.setup();
    renderPage(<ProductGuide offered={offered} />, { path: '/hibah/product-list' });
    for (const c of clicks) await user.click(await screen.findByTestId(c));
    return screen.findByTestId('guide-result');
  };

  it('a person giving cash now → Hibah Amanah Tunai, its declaration form as an alternative', async () => {
    const r = await answer(ALL, ['guide-giver-person', 'guide-asset-cash', 'guide-form-hibah']);
    expect(r).toHaveTextContent('Anda perlukan: Hibah Amanah Tunai');
    expect(r).toHaveTextContent('Juga boleh: Deklarasi Hibah Amanah Tunai');
    expect(within(r).getByTestId('guide-open')).toHaveAttribute('href', '#product-card-7');
  });

  it('a company, a trust held for someone → Deklarasi Amanah Korporat (no asset question)', async () => {
    const r = await answer(ALL, ['guide-giver-company', 'guide-form-amanah']);
    expect(screen.queryByTestId('guide-asset-cash')).toBeNull();
    expect(r).toHaveTextContent('Anda perlukan: Deklarasi Amanah Korporat');
    expect(within(r).getByTestId('guide-open')).toHaveAttribute('href', '#product-card-2');
  });

  it('a person with land held in trust → Amanah Hartanah; the estate → Amanah Harta Pusaka (two questions)', async () => {
    const r = await answer(ALL, ['guide-giver-person', 'guide-asset-property', 'guide-form-amanah']);
    expect(r).toHaveTextContent('Anda perlukan: Amanah Hartanah');
    await userEvent.setup().click(screen.getByTestId('guide-asset-estate'));
    // The form question is not asked for the estate; the answer follows at once.
    expect(screen.queryByTestId('guide-form-hibah')).toBeNull();
    expect(screen.getByTestId('guide-result')).toHaveTextContent('Anda perlukan: Amanah Harta Pusaka');
  });

  it('points only to what the organisation offers', async () => {
    const decl = await answer([3, 9], ['guide-giver-person', 'guide-asset-cash', 'guide-form-hibah']);
    expect(decl).toHaveTextContent('Anda perlukan: Deklarasi Hibah Amanah Tunai');
    await userEvent.setup().click(screen.getByTestId('guide-giver-company'));
    await userEvent.setup().click(screen.getByTestId('guide-form-hibah'));
    expect(screen.getByTestId('guide-result')).toHaveTextContent(
      'Organisasi anda tidak menawarkan produk untuk jawapan ini.',
    );
  });
});
