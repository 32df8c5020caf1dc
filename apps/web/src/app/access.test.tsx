import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { ClientPage } from '@/features/clients/ClientPages.tsx';
import { KEYS } from '@/lib/storage.ts';
import { withAccess } from './access.tsx';

const login = (role: string) => {
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Ujian', roles: [{ name: role }] }));
};

describe('route access (issue 17 item 11)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('gives the not-found page to a role that may not use the page, and the page to one that may', async () => {
    const load = withAccess(['promo:manage'], async () => ({ Component: () => <p>halaman kod promo</p> }));
    const { Component } = await load();
    login('Partner');
    renderPage(<Component />);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/tidak dijumpai/i);
    expect(screen.queryByText('halaman kod promo')).toBeNull();
    localStorage.clear();
    login('Staff');
    renderPage(<Component />);
    expect(await screen.findByText('halaman kod promo')).toBeTruthy();
  });

  it("shows another agent's client as not found, without a toast", async () => {
    login('Agent');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'Tidak dijumpai.' }, 404)),
    );
    renderPage(<ClientPage />, { path: '/client/:client_id', url: '/client/other' });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/tidak dijumpai/i);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
