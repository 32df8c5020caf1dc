/**
 * The screens offer only what the organisation's preference allows, with the limits named (issue 38 item 9): the
 * will's and the hibah's add buttons sit in one gate that reads `GET /api/{kind}/{id}/offer`; an agent's or
 * partner's menu hides a product their organisation has switched off and names it.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navFor, navSwitchedOff } from '@/app/layout/nav.ts';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { OfferGate, useOffer } from './OfferGate.tsx';

afterEach(() => vi.unstubAllGlobals());

function Host({ row }: { row: 'property' | 'caretaker' | 'bequest' }) {
  const offer = useOffer('wasiat', 'w1');
  return (
    <OfferGate offer={offer} row={row}>
      <button type="button">Tambah</button>
    </OfferGate>
  );
}

function withOffer(offer: unknown) {
  const fetchMock = vi.fn(async (..._args: unknown[]) => jsonResponse({ offer }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the add button follows the organisation’s preference', () => {
  it('names the limit and the count, and offers the button below it', async () => {
    const f = withOffer({ property: { allowed: true, limit: 3, count: 1, full: false } });
    renderPage(<Host row="property" />);
    expect(await screen.findByText('Harta: paling banyak 3 (had organisasi); 1 telah ditambah.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tambah' })).toBeTruthy();
    expect(String(f.mock.calls[0][0])).toMatch(/\/api\/wasiat\/w1\/offer$/);
  });

  it('at the limit says so and offers no button', async () => {
    withOffer({ caretaker: { allowed: true, limit: 2, count: 2, full: true } });
    renderPage(<Host row="caretaker" />);
    expect(await screen.findByText('Penjaga: had organisasi sebanyak 2 telah dicapai.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Tambah' })).toBeNull();
  });

  it('switched off: says the organisation does not allow it, with no button', async () => {
    withOffer({ bequest: { allowed: false, limit: null, count: 0, full: true } });
    renderPage(<Host row="bequest" />);
    expect(await screen.findByText('Organisasi tidak membenarkan penambahan wasiat am.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Tambah' })).toBeNull();
  });

  it('no limit and allowed: just the button', async () => {
    withOffer({ property: { allowed: true, limit: null, count: 5, full: false } });
    renderPage(<Host row="property" />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Tambah' })).toBeTruthy());
    expect(screen.queryByTestId('offer-property')).toBeNull();
  });
});

describe('the menu of an agent or partner follows their organisation’s preference', () => {
  const off = { allow_wasiat: 1, allow_hibah: 2 };
  it('hides the hibah for an agent whose organisation switched it off, and names it', () => {
    const to = navFor('Agent', off).map((n) => n.to);
    expect(to).toContain('/wasiat/part-a');
    expect(to).not.toContain('/hibah/list');
    expect(navSwitchedOff('Agent', off).map((n) => n.labelKey)).toEqual(['nav.hibah_list']);
    expect(navFor('Partner', { allow_wasiat: 2, allow_hibah: 1 }).map((n) => n.to)).not.toContain('/wasiat/part-a');
  });

  it('leaves the provider’s staff and a client as the permission table says', () => {
    expect(navFor('Staff', off).map((n) => n.to)).toContain('/hibah/list');
    expect(navFor('Client', null).map((n) => n.to)).toContain('/hibah/list');
    expect(navFor('Agent', null).map((n) => n.to)).toContain('/hibah/list'); // preference not known yet
  });
});
