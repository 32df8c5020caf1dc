/**
 * The amendment's property pages offer the will's harta sepencarian declaration (issue 41 item 5; ADR 0286) with the
 * will's own fields (wills `sepencarianSpecs`): a declared property shows its declaration in the list, a change of
 * another field sends the declaration back as it was, and an undeclared property can be declared (the spouse among
 * the draft's heirs, the portion in % sent as basis points, the basis and its note) in
 * `PATCH /api/amendment/{id}/draft { immoveables }`.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import type { AmendmentContext } from '../components/AmendmentWizard.tsx';
import type { Amendment, Draft } from '../types.ts';

const { PropertyPage } = await import('./PropertyParts.tsx');

// jsdom has no FontFaceSet (Mantine's autosizing textarea).
if (!document.fonts) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}

const landOf = (id: string, property_no: string, over: Record<string, unknown> = {}) => ({
  id,
  category: 'land',
  property_type: 'geran',
  property_no,
  lot_number: '45',
  city_type: null,
  city: 'Shah Alam',
  district: 'Petaling',
  state: 'Selangor',
  address: 'Lot 45, Jalan Kebun',
  value_sen: 60_000_000,
  value_estimated_on: '2026-01-15',
  sepencarian_spouse_heir_id: null,
  sepencarian_spouse_name: null,
  sepencarian_spouse_ic: null,
  sepencarian_bp: null,
  sepencarian_basis: null,
  sepencarian_basis_note: null,
  shares: [],
  ...over,
});
const declaredLand = landOf('p1', 'GRN 5555', {
  sepencarian_spouse_heir_id: 'h-wife',
  sepencarian_spouse_name: 'Siti binti Ahmad',
  sepencarian_spouse_ic: '800101145552',
  sepencarian_bp: 5000,
  sepencarian_basis: 'agreed',
  sepencarian_basis_note: 'Dibeli bersama',
});
const plainLand = landOf('p2', 'GRN 7777');

const draft = {
  user_detail: { name: 'Ahmad bin Ali', ic_number: '780101145551' },
  estate: {},
  heirs: [
    { id: 'h-wife', name: 'Siti binti Ahmad', relationship: 'wife', ic_number: '800101145552' },
    { id: 'h-son', name: 'Ali bin Ahmad', relationship: 'son', ic_number: '100101145551' },
  ],
  receivers: [],
  moveables: [],
  immoveables: [declaredLand, plainLand],
  caretakers: [],
  bequests: [],
  witnesses: [],
} as unknown as Draft;

const amendment = {
  id: 'a1',
  user_id: 'me',
  reference_no: 'P2026-000286',
  status: 0,
  paid: 1,
  amendmentable_type: 'Wasiat',
  amendmentable_id: 'w1',
  amendmentable: { id: 'w1', wasiat_no: 'W2026-000001', user: null },
  witnesses: [],
  draft,
} as unknown as Amendment;

/** Render the immovable property page in an editable draft; the draft saves sent are collected. */
function renderPropertyPage() {
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Pewasiat', roles: [{ name: 'Client' }] }));
  const saves: Record<string, any>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/api/amendment/a1/draft')) {
        saves.push(JSON.parse(String(init?.body)));
        return jsonResponse({ amendment });
      }
      return jsonResponse({});
    }),
  );
  const ctx: AmendmentContext = { wasiatId: 'w1', amendment, draft, editable: true, refresh: async () => {} };
  renderPage(
    <Routes>
      <Route element={<Outlet context={ctx} />}>
        <Route path="*" element={<PropertyPage kind="immoveables" />} />
      </Route>
    </Routes>,
    { path: '*', url: '/wasiat/w1/pindaan-harta-tak-alih' },
  );
  return saves;
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe("an amendment's property and the harta sepencarian declaration", { timeout: 60_000 }, () => {
  it('shows the declaration, and keeps it when another field of the property is changed', async () => {
    const user = userEvent.setup();
    const saves = renderPropertyPage();
    const list = await screen.findByTestId('draft-immoveables');
    expect(within(list).getByRole('columnheader', { name: 'Harta sepencarian' })).toBeInTheDocument();
    expect(list).toHaveTextContent('50% — Siti binti Ahmad (Dipersetujui)');

    await user.click(within(list).getByRole('button', { name: /^Ubah GRN 5555/ }));
    const form = await screen.findByTestId('draft-immoveables-form');
    expect(within(form).getByRole('switch', { name: /Harta sepencarian/ })).toBeChecked();
    expect(within(form).getByRole('textbox', { name: /Bahagian pasangan/ })).toHaveValue('50');
    expect(within(form).getByRole('textbox', { name: /Keterangan asas/ })).toHaveValue('Dibeli bersama');
    const address = within(form).getByRole('textbox', { name: /Alamat/ });
    await user.clear(address);
    await user.type(address, 'Lot 45, Jalan Baru');
    await user.click(within(form).getByRole('button', { name: 'Simpan' }));

    await waitFor(() => expect(saves).toHaveLength(1));
    const [changed, other] = saves[0].immoveables;
    expect(changed).toMatchObject({
      id: 'p1',
      address: 'Lot 45, Jalan Baru',
      sepencarian_spouse_heir_id: 'h-wife',
      sepencarian_bp: 5000,
      sepencarian_basis: 'agreed',
      sepencarian_basis_note: 'Dibeli bersama',
    });
    // The other property is sent as it was: not declared.
    expect(other).toMatchObject({ id: 'p2', property_no: 'GRN 7777' });
    expect(other).not.toHaveProperty('sepencarian_bp');
  });

  it('declares a property: the spouse among the draft heirs, the portion in % sent as basis points, the basis', async () => {
    const user = userEvent.setup();
    const saves = renderPropertyPage();
    const list = await screen.findByTestId('draft-immoveables');
    await user.click(within(list).getByRole('button', { name: /^Ubah GRN 7777/ }));
    const form = await screen.findByTestId('draft-immoveables-form');
    const toggle = within(form).getByRole('switch', { name: /Harta sepencarian/ });
    expect(toggle).not.toBeChecked();
    expect(within(form).queryByRole('textbox', { name: /Bahagian pasangan/ })).toBeNull();
    await user.click(toggle);
    // Only the wife is offered (husbands and wives of the draft's heirs, not the son).
    await user.click(within(form).getByRole('combobox', { name: /Pasangan \(daripada senarai waris\)/ }));
    expect(screen.queryByRole('option', { name: /Ali bin Ahmad/, hidden: true })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Siti binti Ahmad (800101145552)', hidden: true }));
    await user.type(within(form).getByRole('textbox', { name: /Bahagian pasangan/ }), '33.33');
    await user.click(within(form).getByRole('combobox', { name: /Asas bahagian/ }));
    await user.click(await screen.findByRole('option', { name: 'Anggaran', hidden: true }));
    await user.type(within(form).getByRole('textbox', { name: /Keterangan asas/ }), 'Sumbangan ansuran');
    await user.click(within(form).getByRole('button', { name: 'Simpan' }));

    await waitFor(() => expect(saves).toHaveLength(1));
    const [first, declared] = saves[0].immoveables;
    expect(declared).toMatchObject({
      id: 'p2',
      sepencarian_spouse_heir_id: 'h-wife',
      sepencarian_bp: 3333,
      sepencarian_basis: 'estimated',
      sepencarian_basis_note: 'Sumbangan ansuran',
    });
    expect(first).toMatchObject({ id: 'p1', sepencarian_bp: 5000 });
  });
});
