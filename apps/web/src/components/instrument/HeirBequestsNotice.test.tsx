import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { HeirBequestsNotice } from './HeirBequestsNotice.tsx';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('HeirBequestsNotice (ADR 0155, 0257)', () => {
  it('says the bequests to heirs need the other heirs’ consent after the death, with each amount', async () => {
    globalThis.fetch = vi.fn(async () =>
      jsonResponse({
        acknowledged: false,
        acknowledgement: null,
        heir_bequests: [
          {
            heir_id: 'h1',
            heir_name: 'Siti',
            property_id: 'p1',
            property_kind: 'ImmoveableProperty',
            share: '1/2',
            faraid: '1/8',
            excess: '3/8',
            value_sen: 15_000_000,
            property_label: { ms: 'Sebidang Tanah — GRN 1', en: 'Land — GRN 1' },
            relationship_label: { ms: 'Isteri', en: 'Wife' },
          },
          {
            heir_id: 'h2',
            heir_name: 'Ali',
            property_id: 'b1',
            property_kind: 'Bequest',
            share: '1/20',
            faraid: '7/8',
            excess: '1/20',
            value_sen: null,
            property_label: { ms: 'Wasiat am — Pendidikan', en: 'General bequest — Education' },
            relationship_label: { ms: 'Anak lelaki', en: 'Son' },
          },
        ],
      }),
    ) as typeof fetch;
    renderPage(<HeirBequestsNotice subject={{ kind: 'wasiat', id: 'w1' }} editable />);
    const notice = await screen.findByTestId('heir-bequests-notice');
    expect(notice).toHaveTextContent('selepas kematian anda');
    expect(notice).toHaveTextContent('seksyen 26(2)');
    expect(notice).toHaveTextContent('Anda tidak boleh memberi atau merekodkan persetujuan itu.');
    expect(notice).toHaveTextContent(
      'Siti (Isteri) — Sebidang Tanah — GRN 1: diberi 50%, bahagian faraid 12.50%, lebihan 37.50%, bernilai RM 150,000.00',
    );
    // a general bequest to an heir, its amount not known yet (no estate value)
    expect(notice).toHaveTextContent('Ali (Anak lelaki) — Wasiat am — Pendidikan: 5% daripada harta bersih');
    expect(notice).not.toHaveTextContent(
      'Ali (Anak lelaki) — Wasiat am — Pendidikan: 5% daripada harta bersih, bernilai',
    );
  });
});
