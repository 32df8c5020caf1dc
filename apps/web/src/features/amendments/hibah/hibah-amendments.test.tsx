import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/components/test-utils.tsx';
import en from '@/locales/en/hibah-amendments.json';
import ms from '@/locales/ms/hibah-amendments.json';
import type { HibahDraft } from './api.ts';
import { HibahDraftSummary } from './HibahDraftSummary.tsx';

const keys = (o: unknown, prefix = ''): string[] =>
  o && typeof o === 'object' ? Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)) : [prefix];

describe('hibah amendment locale files', () => {
  it('have the same keys in Malay and English, none empty', () => {
    expect(keys(en).sort()).toEqual(keys(ms).sort());
    for (const file of [ms, en]) {
      const leaves = keys(file).map((k) => k.split('.').reduce<any>((n, p) => n[p], file));
      expect(leaves.every((v) => typeof v === 'string' && v.trim().length > 0)).toBe(true);
    }
  });
});

const draft: HibahDraft = {
  user_detail: { name: 'Kamal bin Hassan', ic_number: '800101145555' },
  fields: { trust_purpose: 'Rumah keluarga' },
  heirs: [],
  receivers: [
    { id: 'r1', name: 'Nurul Huda', relationship: 'son', is_minor: false },
    { id: 'r2', name: 'Irfan', relationship: 'son', is_minor: true },
  ],
  moveables: [],
  immoveables: [
    {
      id: 'p1',
      property_type: 'geran',
      property_no: 'GRN 55123',
      lot_number: 'Lot 4410',
      city: 'Kajang',
      shares: [
        { receiver_id: 'r1', portion: '50%' },
        { receiver_id: 'r2', portion: '1/2' },
      ],
    },
  ],
  caretakers: [{ id: 'c1', name: 'Salmah', receiver_id: 'r2' }],
  witnesses: [{ id: 'w1', name: 'Hasnah' }],
};

describe('HibahDraftSummary', () => {
  it('shows the grantor, receivers (minors marked), who receives what share, caretakers and witnesses', async () => {
    renderPage(<HibahDraftSummary draft={draft} />);
    expect(await screen.findByText('Penghibah: Kamal bin Hassan (800101145555)')).toBeTruthy();
    expect(screen.getByTestId('hd-receivers').textContent).toContain('Irfan — Anak (bawah umur)');
    expect(screen.getByTestId('hd-immoveables').textContent).toContain(
      'GRN 55123 / Lot 4410, Kajang: Nurul Huda (50%), Irfan (1/2)',
    );
    expect(screen.getByTestId('hd-caretakers').textContent).toContain('Salmah → Irfan');
    expect(screen.getByTestId('hd-witnesses').textContent).toContain('Hasnah');
  });
});
