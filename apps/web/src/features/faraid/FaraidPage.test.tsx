import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/components/test-utils.tsx';
import en from '@/locales/en/faraid.json';
import ms from '@/locales/ms/faraid.json';
import { computeView } from './calculate.ts';
import { FaraidPage } from './FaraidPage.tsx';

const keys = (o: object, pre = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${pre}${k}.`) : [`${pre}${k}`]));

describe('faraid calculator', () => {
  it('the Malay and English texts have the same keys', () => {
    expect(keys(ms).sort()).toEqual(keys(en).sort());
  });

  it('computes rows with amounts that add up to the estate', () => {
    const v = computeView('male', { wife: 1, daughter: 1 }, 'baitulmal', 100_000);
    expect(v.rows.map((r) => [r.key, r.share, r.amount])).toEqual([
      ['wife', '1/8', 12_500],
      ['daughter', '1/2', 50_000],
      ['baitulmal', '3/8', 37_500],
    ]);
  });

  it('names the impossible field', () => {
    expect(computeView('female', { husband: 2 }, 'baitulmal', null).errors).toEqual({
      husband: 'faraid.errors.at_most_one',
    });
  });

  it('shows the table, the chart and the reasons as heirs are entered', async () => {
    renderPage(<FaraidPage />, { path: '/faraid' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Kalkulator faraid' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Isteri'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Anak lelaki'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Saudara lelaki seibu sebapa'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Harta bersih (RM, pilihan)'), { target: { value: '80000' } });
    const table = await screen.findByTestId('faraid-table');
    const wife = within(table).getByRole('rowheader', { name: 'Isteri' }).closest('tr') as HTMLElement;
    expect(within(wife).getByText('1/8')).toBeInTheDocument();
    expect(within(wife).getByText('RM 10,000.00')).toBeInTheDocument();
    const son = within(table).getByRole('rowheader', { name: 'Anak lelaki' }).closest('tr') as HTMLElement;
    expect(within(son).getByText('7/8')).toBeInTheDocument();
    expect(screen.getByTestId('faraid-chart')).toHaveAttribute('aria-hidden', 'true');
    expect(within(screen.getByTestId('faraid-reasons')).getByText(/oleh Anak lelaki/)).toBeInTheDocument();
  });
});
