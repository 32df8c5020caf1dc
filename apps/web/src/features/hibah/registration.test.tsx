/**
 * The hibah wizards' registration screens (ADRs 0025, 0027, 0028): part A for an agent (a client by
 * MyKad, created when new), part C (organisation, branch, the plan's price; no price sent; 422 on the
 * branch), part G's caretaker allowance (ringgit → sen, the "other" frequency), the one-cent codes page,
 * the amendments link of a registered hibah and the dashboard's register section by role.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import { HibahSections } from './components/DashboardSections.tsx';
import { CouponsPage } from './pages/CouponsPage.tsx';
import { HibahTable } from './pages/ListPages.tsx';
import { PartA } from './parts/PartA.tsx';
import { PartC } from './parts/PartC.tsx';
import { PartDraft } from './parts/PartDraft.tsx';
import { PartG } from './parts/PartG.tsx';
import type { Hibah } from './useHibah.ts';

// jsdom has no scrollIntoView; Mantine's combobox calls it when moving through options.
Element.prototype.scrollIntoView ??= () => {};
// jsdom has no FontFaceSet; Mantine's autosizing textarea listens to it.
if (!document.fonts) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}

type Call = { method: string; url: string; body: any };
/** A fetch stub: `routes` maps a method + URL test to a reply; every call is recorded. */
function stubApi(reply: (c: Call) => Response | undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const c = {
        method: init?.method ?? 'GET',
        url: String(url),
        body: init?.body ? JSON.parse(String(init.body)) : null,
      };
      calls.push(c);
      return reply(c) ?? jsonResponse({ message: 'not found' }, 404);
    }),
  );
  return calls;
}
const signIn = (role: string, id = 'me') =>
  localStorage.setItem(KEYS.user, JSON.stringify({ id, name: 'Pengguna', roles: [{ name: role }] }));

const hibah = (over: Partial<Hibah> = {}): Hibah =>
  ({
    id: 'h1',
    hibah_number: null,
    hibah_type: 9,
    user_id: 'client1',
    agent_id: 'me',
    organization_id: 'org1',
    branch_id: 'b1',
    pricing_id: 'p1',
    status: 0,
    price_sen: 85000,
    amount_due_sen: 85000,
    payment_received_at: null,
    has_signature: 0,
    is_draft_accepted: 0,
    draft_expires_at: null,
    current_total_sen: 0,
    one_cent_maximum_moveable_property: 0,
    rejected_reason: null,
    created_at: '2026-01-01T00:00:00Z',
    user: { name: 'Kamal bin Hassan', ic_number: '850101145677' },
    organization: { name: 'Syarikat Demo Amanah Sdn Bhd' },
    ...over,
  }) as Hibah;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(KEYS.token, 'tok');
});
afterEach(() => vi.unstubAllGlobals());

describe('part A for an agent', { timeout: 30_000 }, () => {
  it('finds no client by MyKad, creates one and registers the hibah for them with the agent as registrar', async () => {
    signIn('Agent');
    const calls = stubApi((c) => {
      if (c.method === 'GET' && c.url.includes('/api/user?')) return jsonResponse({ users: null });
      if (c.method === 'POST' && c.url.endsWith('/api/user'))
        return jsonResponse({ user: { id: 'new1', name: c.body.name, ic_number: c.body.ic_number } }, 201);
      if (c.method === 'POST' && c.url.endsWith('/api/hibah')) return jsonResponse({ hibah: hibah({ id: 'h9' }) }, 201);
    });
    const user = userEvent.setup();
    renderPage(<PartA base="/trust" />, {
      path: '/trust/part-a',
      url: '/trust/part-a?type=9',
      routes: [{ path: '/trust/part-c', element: <p>bahagian C</p> }],
    });
    expect(screen.getByRole('combobox', { name: /Produk/ })).toHaveValue('Hibah Amanah Hartanah');
    await user.type(screen.getByRole('textbox', { name: /No. MyKad pelanggan/ }), '850101145677');
    await user.click(screen.getByTestId('hibah-client-search'));
    const form = await screen.findByTestId('hibah-client-create');
    expect(within(form).getByRole('textbox', { name: /No. MyKad/ })).toHaveValue('850101145677');
    await user.type(within(form).getByRole('textbox', { name: /Nama/ }), 'Kamal bin Hassan');
    await user.click(screen.getByTestId('hibah-client-create-submit'));
    expect(await screen.findByText('bahagian C')).toBeInTheDocument();
    const create = calls.find((c) => c.method === 'POST' && c.url.endsWith('/api/hibah'));
    expect(create?.body).toEqual({ user_id: 'new1', hibah_type: 9, agent_id: 'me' });
  });
});

describe('part A of the one-cent trust', () => {
  it('sends a client to the redeem page: the trust is opened by a code', () => {
    signIn('Client');
    renderPage(<PartA base="/trust-onecent" fixedType={12} />);
    expect(screen.getByTestId('hibah-one-cent-by-code')).toHaveTextContent('kod tebusan');
    expect(screen.getByRole('link', { name: 'Tebus kod one-cent' })).toHaveAttribute('href', '/trust-onecent/redeem');
  });
});

describe('part C', { timeout: 30_000 }, () => {
  const reply = (c: Call) => {
    if (c.url.includes('/api/organization?'))
      return jsonResponse({ organizations: { data: [{ id: 'org1', name: 'Syarikat Demo Amanah Sdn Bhd' }] } });
    if (c.url.includes('/api/organization/org1/branch'))
      return jsonResponse({
        branches: {
          data: [
            { id: 'b1', branch_name: 'Cawangan Kuala Lumpur', is_headquarter: 1 },
            { id: 'b2', branch_name: 'Cawangan Shah Alam', is_headquarter: 0 },
          ],
        },
      });
    if (c.url.includes('/api/organization/org1/pricing'))
      return jsonResponse({
        pricings: { data: [{ id: 'p1', plan: 'property', price_sen: 85000, description: 'Hibah Amanah Hartanah' }] },
      });
  };

  it("an agent chooses the organisation and branch; the plan's price is shown and no price is sent", async () => {
    signIn('Agent');
    const calls = stubApi((c) =>
      c.method === 'POST' ? jsonResponse({ hibah: hibah({ branch_id: 'b2' }) }) : reply(c),
    );
    const next = vi.fn();
    const user = userEvent.setup();
    renderPage(<PartC hibah={hibah()} next={next} />);
    expect(await screen.findByTestId('hibah-offered-price')).toHaveTextContent(
      'Harga Hibah Amanah Hartanah: RM 850.00',
    );
    expect(screen.getByRole('combobox', { name: /Organisasi/ })).toHaveValue('Syarikat Demo Amanah Sdn Bhd');
    const pricingUrl = calls.find((c) => c.url.includes('/pricing'))?.url ?? '';
    expect(pricingUrl).toContain('product=Hibah');
    expect(pricingUrl).toContain('plan=property');
    await user.click(screen.getByRole('combobox', { name: /Cawangan/ }));
    await user.click(await screen.findByRole('option', { name: 'Cawangan Shah Alam', hidden: true }));
    await user.click(screen.getByTestId('hibah-part-c-save'));
    await waitFor(() => expect(next).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toMatch(/\/api\/hibah\/h1$/);
    expect(post?.body).toEqual({ organization_id: 'org1', branch_id: 'b2', pricing_id: 'p1' });
  });

  it("shows the server's 422 on the branch field", async () => {
    signIn('Agent');
    stubApi((c) =>
      c.method === 'POST'
        ? jsonResponse({ message: 'x', errors: { branch_id: ['Sila pilih cawangan organisasi tersebut.'] } }, 422)
        : reply(c),
    );
    const user = userEvent.setup();
    renderPage(<PartC hibah={hibah()} next={() => {}} />);
    await screen.findByTestId('hibah-offered-price');
    await user.click(screen.getByTestId('hibah-part-c-save'));
    expect(await screen.findByRole('combobox', { name: /Cawangan/ })).toHaveAccessibleDescription(
      'Sila pilih cawangan organisasi tersebut.',
    );
  });

  it("a client sees their hibah's organisation (no organisation list) and may choose the branch", async () => {
    signIn('Client', 'client1');
    const calls = stubApi(reply);
    renderPage(<PartC hibah={hibah({ agent_id: null })} next={() => {}} />);
    expect(await screen.findByTestId('hibah-organization-name')).toHaveTextContent('Syarikat Demo Amanah Sdn Bhd');
    expect(screen.queryByRole('combobox', { name: /Organisasi/ })).toBeNull();
    expect(screen.getByTestId('hibah-part-c-save')).toBeEnabled();
    expect(calls.some((c) => c.url.includes('/api/organization?'))).toBe(false);
    // Before payment, the product says what it is, what is needed and how long it takes (issue 37 item 1).
    const facts = screen.getByTestId('hibah-product-facts');
    expect(facts).toHaveTextContent(/Geran setiap tanah atau rumah/);
    expect(facts).toHaveTextContent(/dalam tempoh 14 hari/);
  });
});

describe("part G: the caretaker's allowance", { timeout: 30_000 }, () => {
  const row = {
    id: 'c1',
    hibah_id: 'h1',
    receiver_id: null,
    name: 'Salmah binti Idris',
    ic_number: '850101145678',
    relationship: 'guardian',
    mobile_number: '0137654321',
    email: null,
    address: 'No. 8, Jalan Seroja',
    postcode: '43000',
    city: 'Kajang',
    state: 'Selangor',
    bank_name: null,
    bank_account_number: null,
    has_allowance: false,
    allowance_amount_sen: null,
    allowance_frequency: null,
    other_allowance_frequency: null,
  };

  it('lists the allowance; the switch shows amount (ringgit → sen), frequency and the "other" text', async () => {
    signIn('Client', 'client1');
    const calls = stubApi((c) => {
      if (c.url.endsWith('/receiver'))
        return jsonResponse({ receivers: { data: [{ id: 'r1', name: 'Irfan bin Kamal', is_minor: true }] } });
      if (c.url.endsWith('/caretaker'))
        return jsonResponse({
          caretakers: {
            data: [
              row,
              {
                ...row,
                id: 'c2',
                name: 'Hasnah binti Yusof',
                has_allowance: true,
                allowance_amount_sen: 25000,
                allowance_frequency: 'monthly',
              },
            ],
          },
        });
      if (c.method === 'POST') return jsonResponse({ caretaker: row });
    });
    const user = userEvent.setup();
    renderPage(<PartG hibah={hibah({ agent_id: null })} />);
    const table = await screen.findByTestId('hibah-caretaker-table');
    await waitFor(() => expect(table).toHaveTextContent('RM 250.00 · Bulanan'));
    expect(within(table).getByRole('row', { name: /Salmah/ })).toHaveTextContent('Tiada');

    await user.click(screen.getByTestId('hibah-caretaker-edit-c1'));
    const form = await screen.findByTestId('hibah-caretaker-edit-form');
    expect(within(form).queryByRole('textbox', { name: /Amaun elaun/ })).toBeNull();
    await user.click(within(form).getByRole('switch', { name: 'Elaun kepada penjaga' }));
    await user.type(within(form).getByRole('textbox', { name: /Amaun elaun/ }), '300');
    const frequency = within(form).getByRole('combobox', { name: /Kekerapan elaun/ });
    await user.click(frequency);
    const listbox = document.getElementById(frequency.getAttribute('aria-controls') ?? '') as HTMLElement;
    await user.click(within(listbox).getByRole('option', { name: 'Lain-lain', hidden: true }));
    const other = await within(form).findByRole('textbox', { name: /Kekerapan lain/ });
    await user.click(within(form).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(other).toHaveAccessibleDescription('Ruangan ini wajib diisi.'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(other, 'Setiap minggu persekolahan');
    await user.click(within(form).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const saved = calls.find((c) => c.method === 'POST');
    expect(saved?.url).toMatch(/\/api\/hibah\/h1\/caretaker\/c1$/);
    expect(saved?.body).toMatchObject({
      _method: 'PATCH',
      has_allowance: true,
      allowance_amount_sen: 30000,
      allowance_frequency: 'other',
      other_allowance_frequency: 'Setiap minggu persekolahan',
    });
  });

  it('refuses an amount that is not ringgit', async () => {
    signIn('Client', 'client1');
    const calls = stubApi((c) => {
      if (c.url.endsWith('/receiver')) return jsonResponse({ receivers: { data: [] } });
      if (c.url.endsWith('/caretaker')) return jsonResponse({ caretakers: { data: [row] } });
    });
    const user = userEvent.setup();
    renderPage(<PartG hibah={hibah({ agent_id: null })} />);
    await user.click(await screen.findByTestId('hibah-caretaker-edit-c1'));
    const form = await screen.findByTestId('hibah-caretaker-edit-form');
    await user.click(within(form).getByRole('switch', { name: 'Elaun kepada penjaga' }));
    const amount = within(form).getByRole('textbox', { name: /Amaun elaun/ });
    await user.type(amount, '-5');
    await user.click(within(form).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(amount).toHaveAttribute('aria-invalid', 'true'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});

describe('one-cent codes page', { timeout: 30_000 }, () => {
  it('generates codes of an amount in sen and lists who redeemed them and when', async () => {
    signIn('Staff');
    const calls = stubApi((c) => {
      if (c.method === 'POST') return jsonResponse({ coupons: [{ id: 'k1', code: 'ABCDEFGH23' }] }, 201);
      return jsonResponse({
        coupons: {
          data: [
            {
              id: 'k1',
              code: 'ABCDEFGH23',
              amount_sen: 1,
              expires_at: null,
              created_at: '2026-03-01T02:00:00Z',
              created_by: { id: 's', name: 'Nurul Aina binti Hassan' },
              redeemed_at: '2026-03-02T03:30:00Z',
              redeemed_by: { id: 'c', name: 'Kamal bin Hassan' },
              hibah_id: 'h5',
              hibah_number: null,
            },
          ],
          total: 1,
          last_page: 1,
        },
      });
    });
    const user = userEvent.setup();
    renderPage(<CouponsPage />, { path: '/trust-onecent/codes' });
    const row = await screen.findByTestId('coupon-ABCDEFGH23');
    expect(row).toHaveTextContent('RM 0.01');
    expect(row).toHaveTextContent('Kamal bin Hassan');
    expect(within(row).getByRole('link', { name: 'Buka amanah' })).toHaveAttribute(
      'href',
      '/trust-onecent/part-d?id=h5',
    );
    const count = screen.getByRole('textbox', { name: /Bilangan kod/ });
    await user.clear(count);
    await user.type(count, '3');
    const amount = screen.getByRole('textbox', { name: /Amaun/ });
    await user.clear(amount);
    await user.type(amount, '0.05');
    await user.click(screen.getByRole('button', { name: 'Jana kod' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ count: '3', amount_sen: 5 });
  });
});

describe('links and sections by role', () => {
  it('a registered hibah of the grantor links to its amendments', () => {
    signIn('Client', 'client1');
    renderPage(
      <HibahTable
        caption="x"
        rows={[hibah({ status: 5, hibah_number: 'H2026-000001' }), hibah({ id: 'h2', status: 2 })]}
      />,
    );
    expect(screen.getByTestId('hibah-amend-h1')).toHaveAttribute('href', '/trust/part-listpindaan?id=h1');
    expect(screen.getByRole('link', { name: 'H2026-000001' })).toHaveAttribute('href', '/trust/part-i?id=h1');
    expect(screen.queryByTestId('hibah-amend-h2')).toBeNull();
  });

  it('"register new hibah/trust" is for those who may register; staff also get the one-cent codes', async () => {
    stubApi(() => jsonResponse({ hibahs: { data: [], total: 0 } }));
    signIn('Accountant');
    const { unmount } = renderPage(<HibahSections />, { path: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Hibah dalam proses' })).toBeInTheDocument();
    expect(screen.queryByTestId('register-hibah')).toBeNull();
    unmount();
    signIn('Staff');
    renderPage(<HibahSections />, { path: '/dashboard' });
    expect(await screen.findByTestId('register-hibah')).toBeInTheDocument();
    expect(screen.getByTestId('hibah-codes')).toHaveAttribute('href', '/trust-onecent/codes');
  });
});

describe('the draft step', () => {
  it("shows the draft's deadline as day, short month, 2-digit year, hour:minute in Kuala Lumpur (spec §9; issue 34)", async () => {
    signIn('Client', 'client1');
    stubApi(() => undefined);
    // 16:15 UTC on 20 December is 00:15 on 21 December in Kuala Lumpur
    renderPage(<PartDraft hibah={hibah({ status: 3, draft_expires_at: '2026-12-20T16:15:53.999Z' })} />);
    expect(await screen.findByText('Sila terima draf sebelum 21 Dis 26, 00:15.')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('2026-12-20');
  });
});
