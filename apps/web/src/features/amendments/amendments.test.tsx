import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/components/test-utils.tsx';
import enAmendments from '@/locales/en/amendments.json';
import msAmendments from '@/locales/ms/amendments.json';
import { AmendmentStatusBadge, AmendmentTimeline } from './components/AmendmentStatus.tsx';

const keys = (o: unknown, prefix = ''): string[] =>
  o && typeof o === 'object' ? Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)) : [prefix];

describe('amendments locale files', () => {
  it('have the same keys in Malay and English, none empty', () => {
    expect(keys(enAmendments).sort()).toEqual(keys(msAmendments).sort());
    for (const file of [msAmendments, enAmendments]) {
      const leaves = keys(file).map((k) => k.split('.').reduce<any>((n, p) => n[p], file));
      expect(leaves.every((v) => typeof v === 'string' && v.trim().length > 0)).toBe(true);
    }
  });
});

describe('amendment status (spec §4)', () => {
  it('labels the statuses in Malay and shows other values as invalid/cancelled', async () => {
    renderPage(
      <>
        <AmendmentStatusBadge status={4} />
        <AmendmentStatusBadge status={9} />
      </>,
    );
    expect(await screen.findByText('Menunggu Pengesahan Saksi')).toBeTruthy();
    expect(screen.getByText('Tidak sah/Batal')).toBeTruthy();
  });

  it('shows the timeline application sent → passed → awaiting witness verification → completed', async () => {
    renderPage(<AmendmentTimeline status={4} />);
    for (const label of ['Permohonan dihantar', 'Lulus', 'Menunggu pengesahan saksi', 'Selesai']) {
      expect(await screen.findByText(label)).toBeTruthy();
    }
  });
});

describe('/carian/semak', () => {
  it('checks a MyKad like every MyKad field, and passes a will number on', async () => {
    const { SemakPage } = await import('./pages/SearchPages.tsx');
    const { fireEvent } = await import('@testing-library/react');
    renderPage(<SemakPage />, {
      path: '/carian/semak',
      routes: [{ path: '/carian/senarai', element: <p>senarai</p> }],
    });
    const input = await screen.findByRole('textbox');
    const submit = screen.getByRole('button');
    fireEvent.change(input, { target: { value: '12345' } });
    fireEvent.click(submit);
    expect(await screen.findByText('No. MyKad mesti 12 digit tanpa sengkang.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '801399140011' } });
    fireEvent.click(submit);
    expect(screen.queryByText('senarai')).toBeNull();
    fireEvent.change(input, { target: { value: '800101-14-0011' } });
    fireEvent.click(submit);
    expect(await screen.findByText('senarai')).toBeTruthy();
  });

  it('searches a will number as printed, its dash kept (issue 38 item 8)', async () => {
    const { SemakPage } = await import('./pages/SearchPages.tsx');
    const { fireEvent } = await import('@testing-library/react');
    const { useLocation } = await import('react-router');
    const Where = () => <p>{useLocation().search}</p>;
    renderPage(<SemakPage />, {
      path: '/carian/semak',
      routes: [{ path: '/carian/senarai', element: <Where /> }],
    });
    fireEvent.change(await screen.findByRole('textbox'), { target: { value: ' w2026-000002 ' } });
    fireEvent.click(screen.getByRole('button'));
    expect(await screen.findByText('?wasiat_no=W2026-000002')).toBeTruthy();
  });
});
