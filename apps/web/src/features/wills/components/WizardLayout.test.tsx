/**
 * The wizard frame while its will loads (issue 18 item 4): the page's heading shows at once with the spinner under
 * it, and it is the same element once the will is there (it paints once and keeps the focus).
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import type { Will } from '../types.ts';
import { WizardLayout } from './WizardLayout.tsx';

beforeEach(() => {
  localStorage.setItem(KEYS.token, 't');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'u1', name: 'Pelanggan', roles: [{ name: 'Client' }] }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('WizardLayout', () => {
  it('shows the heading and a spinner while the will loads, then the part under the same heading', async () => {
    let answer: (r: Response) => void = () => {};
    const fetchMock = vi.fn(
      (_url: string, _init?: RequestInit) => new Promise<Response>((resolve) => (answer = resolve)),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderPage(<WizardLayout />, { path: '/wasiat/part-b', url: '/wasiat/part-b?wasiat_id=w1' });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Pendaftaran Wasiat' });
    expect(screen.getByRole('status', { name: 'Sedang memuatkan' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(String(fetchMock.mock.calls[0][0])).toContain('/api/wasiat/w1');

    const will = { id: 'w1', status: 0, plan: 'basic', parts_done: ['a'], unlocked: ['a', 'b'] } as Will;
    answer(jsonResponse({ wasiat: will }));
    const nav = await screen.findByRole('navigation', { name: 'Bahagian pendaftaran wasiat' });
    // The part open is announced as the current step (issue 34; ADR 0234), and only it.
    expect(within(nav).getByTestId('part-link-b')).toHaveAttribute('aria-current', 'step');
    expect(nav.querySelectorAll('[aria-current="step"]')).toHaveLength(1);
    expect(screen.queryByRole('status', { name: 'Sedang memuatkan' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Pendaftaran Wasiat' })).toBe(heading);
  });
});
