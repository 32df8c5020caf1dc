/**
 * The harta sepencarian fields of a will's property row (issue 41 item 5; ADR 0286): hidden until the switch is on;
 * then the spouse among the heirs (or a name typed when there is no spouse heir), the portion in % sent as basis
 * points, the basis and its note; a portion of 0 or over 100 is refused on its field before anything is sent.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { willImmoveableFieldsSchema } from '@wasiat/domain';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/components/test-utils.tsx';
import i18n from '@/lib/i18n.ts';
import { defaultsFor } from '../../../../components/instrument/party-fields.ts';
import { RecordForm } from '../../../../components/instrument/RecordForm.tsx';
import type { Heir, ImmoveableProperty } from '../../types.ts';
import { estateModel, parseTexts } from './estate.ts';
import { immoveableSpecs, sepencarianDefaults, sepencarianSpecs, valueSpecs } from './PropertyTab.tsx';

// jsdom has no FontFaceSet (Mantine's autosizing textarea).
if (!document.fonts) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}

const wife: Heir = { id: 'h-wife', name: 'Siti binti Ahmad', relationship: 'wife', ic_number: '800101145552' };
const land: ImmoveableProperty = {
  id: 'p1',
  category: 'land',
  property_type: 'geran',
  property_no: 'GRN 5555',
  lot_number: '45',
  city: 'Shah Alam',
  district: 'Petaling',
  state: 'Selangor',
  address: 'Lot 45, Jalan Kebun',
  value_sen: 60_000_000,
  value_estimated_on: '2026-01-15',
};

function LandForm({ spouses, row, onSave }: { spouses: Heir[]; row: ImmoveableProperty; onSave: (v: any) => void }) {
  const t = (k: string) => i18n.t(k);
  const specs = [...immoveableSpecs(t), ...valueSpecs(t), ...sepencarianSpecs(t, spouses)];
  return (
    <RecordForm
      title="Harta"
      schema={willImmoveableFieldsSchema}
      fields={specs}
      defaults={{ ...defaultsFor(specs, row as unknown as Record<string, unknown>), ...sepencarianDefaults(row) }}
      submitLabel="Simpan"
      onSave={async (v) => onSave(v)}
    />
  );
}

describe('harta sepencarian on a property row', { timeout: 60_000 }, () => {
  it('asks for the spouse heir, the portion in % and the basis once declared; sends basis points', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    renderPage(<LandForm spouses={[wife]} row={land} onSave={onSave} />);
    const toggle = await screen.findByRole('switch', { name: /Harta sepencarian/ });
    expect(screen.queryByRole('textbox', { name: /Bahagian pasangan/ })).toBeNull();
    await user.click(toggle);
    const portion = await screen.findByRole('textbox', { name: /Bahagian pasangan/ });
    // A spouse heir exists: a select of them; once one is picked no name is typed (the server copies it).
    expect(screen.getByRole('textbox', { name: /^Nama pasangan/ })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /Pasangan \(daripada senarai waris\)/ }));
    await user.click(await screen.findByRole('option', { name: 'Siti binti Ahmad (800101145552)', hidden: true }));
    expect(screen.queryByRole('textbox', { name: /^Nama pasangan/ })).toBeNull();
    // Over 100%: refused on the field, nothing sent.
    await user.type(portion, '150');
    await user.click(screen.getByRole('combobox', { name: /Asas bahagian/ }));
    await user.click(await screen.findByRole('option', { name: 'Dipersetujui', hidden: true }));
    await user.type(screen.getByRole('textbox', { name: /Keterangan asas/ }), 'Bersama');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText(/mestilah peratus lebih daripada 0 dan tidak melebihi 100/)).toBeInTheDocument();
    expect(portion).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();
    await user.clear(portion);
    await user.type(portion, '33.33');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0][0]).toMatchObject({
      sepencarian_spouse_heir_id: 'h-wife',
      sepencarian_bp: 3333,
      sepencarian_basis: 'agreed',
      sepencarian_basis_note: 'Bersama',
    });
  });

  it('asks for the name when there is no spouse heir, and shows a declared row back in %', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    const declared: ImmoveableProperty = {
      ...land,
      sepencarian_spouse_name: 'Hassan bin Omar',
      sepencarian_bp: 5000,
      sepencarian_basis: 'estimated',
      sepencarian_basis_note: 'Anggaran sumbangan',
    };
    renderPage(<LandForm spouses={[]} row={declared} onSave={onSave} />);
    expect(await screen.findByRole('switch', { name: /Harta sepencarian/ })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /Bahagian pasangan/ })).toHaveValue('50');
    const name = screen.getByRole('textbox', { name: /^Nama pasangan/ });
    expect(name).toHaveValue('Hassan bin Omar');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText(/Nyatakan pasangan/)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    // Switched off: every declaration field is sent as null (cleared).
    await user.click(screen.getByRole('switch', { name: /Harta sepencarian/ }));
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0][0]).toMatchObject({ sepencarian_bp: null, sepencarian_spouse_name: null });
  });
});

describe('the estate tab figures with declared property', () => {
  it('deduct the declared spouse portions instead of the typed single amount', () => {
    const sen = parseTexts({
      estimated_estate_sen: '',
      funeral_sen: '',
      debts_sen: '',
      harta_sepencarian_sen: '10000',
    }).sen;
    const base = { sen, propertySen: 60_000_000, heirs: [], bequests: [], detail: null };
    expect(estateModel(base).estate.net?.afterClaims).toBe(59_000_000);
    expect(estateModel({ ...base, declaredSepencarianSen: 30_000_000 }).estate.net?.afterClaims).toBe(30_000_000);
  });
});
