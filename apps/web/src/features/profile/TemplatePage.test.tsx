import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import { TemplatePage } from './ProfilePages.tsx';

const as = (role: string) => {
  localStorage.clear();
  localStorage.setItem(KEYS.token, 't');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'u1', name: 'Rosli', roles: [{ name: role }] }));
};

/** /template offers each role the templates of what it may do (issue 38 item 11: the TEKUN template). */
describe('TemplatePage', () => {
  beforeEach(() => localStorage.clear());

  it('a partner gets the TEKUN certificates template with the headings the upload reads, and the promo codes one', async () => {
    as('Partner');
    renderPage(<TemplatePage />, { path: '/template', url: '/template' });
    const table = await screen.findByTestId('templates');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual([
      'Kod promo (CSV)',
      'Sijil TEKUN (CSV)',
    ]);
    expect(rows[1].textContent).toContain('Nama Ahli, No. KP, No. Sijil, Tarikh Keluaran');
  });

  it('an agent, who neither reads promo codes nor uploads certificates, is offered none', async () => {
    as('Agent');
    renderPage(<TemplatePage />, { path: '/template', url: '/template' });
    const table = await screen.findByTestId('templates');
    expect(within(table).getAllByRole('row')).toHaveLength(1);
  });
});
