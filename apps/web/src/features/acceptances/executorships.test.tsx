/**
 * /pelantikan-wasi (issue 41 item 3; ADR 0276 amended): a partner sees the executorships of their organisation
 * without the will, answers a pending one, and the list shows the answer; none: the empty sentence.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import i18n from '@/lib/i18n.ts';
import { ExecutorshipsPage } from './ExecutorshipsPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  void i18n.changeLanguage('ms');
});

const pending = {
  id: 'a1',
  wasiat_id: 'w1',
  wasiat_no: 'W2026-000123',
  testator_name: 'Aminah binti Ahmad',
  organisation: 'Amanah Demo Berhad',
  state: 'pending',
  asked_at: '2026-12-07T02:00:00.000Z',
  decided_at: null,
  reason: null,
};

describe('ExecutorshipsPage', () => {
  it('lists the pending executorship and records an acceptance on the request alone', async () => {
    let state = 'pending';
    const posts: [string, unknown][] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posts.push([String(url), JSON.parse(String(init.body))]);
          state = 'accepted';
          return jsonResponse({ message: 'Jawapan anda direkodkan.', acceptance: { ...pending, state } });
        }
        return jsonResponse({
          executorships: [{ ...pending, state, decided_at: state === 'pending' ? null : '2026-12-07T03:00:00.000Z' }],
        });
      }),
    );
    renderPage(<ExecutorshipsPage />);
    expect(await screen.findByText('Aminah binti Ahmad')).toBeInTheDocument();
    expect(screen.getByText('W2026-000123')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: i18n.t('acceptances.panel.accept') }));
    await waitFor(() => expect(posts).toEqual([['/api/wasiat/w1/acceptances/a1/decide', { decision: 'accept' }]]));
    expect(await screen.findByText(i18n.t('acceptances.state.accepted'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: i18n.t('acceptances.panel.accept') })).toBeNull();
  });

  it('says so when the organisation has none', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ executorships: [] })),
    );
    renderPage(<ExecutorshipsPage />);
    expect(await screen.findByText('Tiada pelantikan sebagai wasi untuk organisasi anda.')).toBeInTheDocument();
  });
});
