/**
 * Part I of the hibah wizards, issue 34: a paid cash hibah whose draft was approved and accepted and whose
 * receiver signed (status 4) offers "Tambah" for its witnesses — the domain's `HIBAH_STEP_STATUSES`, the table the
 * server enforces (ADR 0223) — keeps a confirmed witness as they confirmed, and enables "Lengkapkan pendaftaran"
 * once the domain's completion rule is met (two or more witnesses, all confirmed).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import { PartI } from './parts/PartI.tsx';
import type { Hibah } from './useHibah.ts';

// jsdom has no FontFaceSet; Mantine's autosizing textarea (the address) listens to it.
if (!document.fonts) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}

type Call = { method: string; url: string; body: any };
/** A fetch stub: `reply` answers a call (else 404); every call is recorded. */
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

/** A paid cash hibah trust (type 7) of the signed-in grantor, approved, accepted and signed by its receiver. */
const cashHibah = (over: Partial<Hibah> = {}): Hibah =>
  ({
    id: 'h1',
    hibah_number: null,
    hibah_type: 7,
    user_id: 'grantor1',
    agent_id: null,
    organization_id: 'org1',
    branch_id: 'b1',
    pricing_id: 'p1',
    status: 4,
    price_sen: 50000,
    amount_due_sen: 0,
    payment_received_at: '2026-12-01T02:00:00Z',
    has_signature: 1,
    is_draft_accepted: 1,
    draft_expires_at: '2026-12-15T02:00:00Z',
    current_total_sen: 0,
    one_cent_maximum_moveable_property: 0,
    rejected_reason: null,
    created_at: '2026-11-30T02:00:00Z',
    ...over,
  }) as Hibah;

const witness = (id: string, name: string, confirmed: boolean) => ({
  id,
  hibah_id: 'h1',
  name,
  ic_number: '800101145671',
  email: `${id}@example.com`,
  mobile_number: null,
  address: 'No. 5, Jalan Melur',
  postcode: '43000',
  city: 'Kajang',
  state: 'Selangor',
  confirmed_at: confirmed ? '2026-12-05T03:00:00Z' : null,
});

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'grantor1', name: 'Kamal', roles: [{ name: 'Client' }] }));
});
afterEach(() => vi.unstubAllGlobals());

describe('part I after payment, approval and the receivers’ signatures (status 4)', { timeout: 30_000 }, () => {
  it('offers "Tambah" and adds a witness; completion waits for the witnesses', async () => {
    let rows: ReturnType<typeof witness>[] = [];
    const calls = stubApi((c) => {
      if (c.method === 'GET' && c.url.includes('/api/hibah/h1/witness'))
        return jsonResponse({ witnesses: { data: rows } });
      if (c.method === 'POST' && c.url.endsWith('/api/hibah/h1/witness')) {
        rows = [witness('w1', c.body.name, false)];
        return jsonResponse({ witness: rows[0] }, 201);
      }
    });
    const user = userEvent.setup();
    renderPage(<PartI hibah={cashHibah()} />);
    const finish = await screen.findByTestId('hibah-finish');
    expect(finish).toHaveTextContent('Lengkapkan pendaftaran');
    expect(finish).toBeDisabled();
    expect(await screen.findByTestId('hibah-finish-blocker')).toHaveTextContent(
      'Sekurang-kurangnya dua saksi diperlukan.',
    );

    await user.click(screen.getByTestId('hibah-witness-add'));
    const form = await screen.findByTestId('hibah-witness-form');
    await user.type(within(form).getByRole('textbox', { name: /^Nama/ }), 'Saksi Pertama');
    await user.type(within(form).getByRole('textbox', { name: /^No\. MyKad/ }), '800101145671');
    await user.type(within(form).getByRole('textbox', { name: /^E-mel/ }), 'w1@example.com');
    await user.type(within(form).getByRole('textbox', { name: /^Alamat/ }), 'No. 5, Jalan Melur');
    await user.type(within(form).getByRole('textbox', { name: /^Poskod/ }), '43000');
    await user.click(within(form).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: expect.stringMatching(/\/api\/hibah\/h1\/witness$/),
      body: { name: 'Saksi Pertama', ic_number: '800101145671', email: 'w1@example.com', postcode: '43000' },
    });
    const table = await screen.findByTestId('hibah-witness-table');
    await waitFor(() => expect(table).toHaveTextContent('Saksi Pertama'));
    // The new witness may be corrected or removed, and their link shared; another may be added.
    expect(screen.getByTestId('hibah-witness-edit-w1')).toBeInTheDocument();
    expect(screen.getByTestId('hibah-witness-delete-w1')).toBeInTheDocument();
    expect(screen.getByTestId('get-link-w1')).toBeInTheDocument();
    expect(screen.getByTestId('hibah-witness-add')).toBeInTheDocument();
    expect(screen.getByTestId('hibah-finish')).toBeDisabled();
  });

  it('keeps a confirmed witness; the complete button is enabled once two have confirmed and finishes the registration', async () => {
    let rows = [witness('w1', 'Saksi Pertama', true), witness('w2', 'Saksi Kedua', false)];
    const calls = stubApi((c) => {
      if (c.method === 'GET' && c.url.includes('/api/hibah/h1/witness'))
        return jsonResponse({ witnesses: { data: rows } });
      if (c.method === 'POST' && c.url.endsWith('/api/hibah/h1'))
        return jsonResponse({ hibah: cashHibah({ status: 5 }) });
    });
    const user = userEvent.setup();
    const first = renderPage(<PartI hibah={cashHibah()} />);
    const table = await screen.findByTestId('hibah-witness-table');
    await waitFor(() => expect(table).toHaveTextContent('Saksi Kedua'));
    expect(screen.queryByTestId('hibah-witness-edit-w1')).toBeNull();
    expect(screen.queryByTestId('hibah-witness-delete-w1')).toBeNull();
    expect(screen.getByTestId('hibah-witness-delete-w2')).toBeInTheDocument();
    expect(screen.getByTestId('hibah-finish')).toBeDisabled();
    expect(screen.getByTestId('hibah-finish-blocker')).toHaveTextContent('Setiap saksi mesti mengesahkan dahulu.');
    first.unmount();

    rows = [witness('w1', 'Saksi Pertama', true), witness('w2', 'Saksi Kedua', true)];
    renderPage(<PartI hibah={cashHibah()} />);
    await waitFor(() => expect(screen.getByTestId('hibah-finish')).toBeEnabled());
    expect(screen.queryByTestId('hibah-finish-blocker')).toBeNull();
    await user.click(screen.getByTestId('hibah-finish'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.url.endsWith('/api/hibah/h1'))?.body).toEqual({ status: 5 }),
    );
  });

  it('a registered hibah (status 5) offers no more changes to its witnesses', async () => {
    stubApi((c) =>
      c.url.includes('/api/hibah/h1/witness')
        ? jsonResponse({ witnesses: { data: [witness('w1', 'Saksi Pertama', true)] } })
        : undefined,
    );
    renderPage(<PartI hibah={cashHibah({ status: 5, hibah_number: 'H2026-000001' })} />);
    expect(await screen.findByTestId('hibah-registered')).toHaveTextContent('H2026-000001');
    expect(screen.queryByTestId('hibah-witness-add')).toBeNull();
    expect(screen.queryByTestId('hibah-finish')).toBeNull();
  });
});
