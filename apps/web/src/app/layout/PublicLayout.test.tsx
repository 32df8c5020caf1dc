import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '@/components/test-utils.tsx';
import i18n from '../../lib/i18n.ts';
import { KEYS, session } from '../../lib/storage.ts';
import { PublicLayout } from './PublicLayout.tsx';

describe('PublicLayout (issue 21 item 9)', () => {
  afterEach(() => localStorage.clear());

  it('offers "Log Masuk" to a visitor', () => {
    renderPage(<PublicLayout />, { path: '/payment-status' });
    expect(screen.getByRole('link', { name: 'Log Masuk' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'Papan Pemuka' })).toBeNull();
  });

  it('offers the dashboard, not a login, to a logged-in user (Malay and English)', async () => {
    localStorage.setItem(KEYS.token, 'a-token');
    session.set({ id: 'u1', name: 'Aminah', role: 'Client' } as unknown as Parameters<typeof session.set>[0]);
    renderPage(<PublicLayout />, { path: '/payment-status' });
    expect(screen.getByRole('link', { name: 'Papan Pemuka' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Log Masuk' })).toBeNull();
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
  });
});
