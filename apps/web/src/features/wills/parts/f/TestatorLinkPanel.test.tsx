/**
 * Part F for an agent preparing a client's will (ADR 0298): "Send a link to the testator" beside signing here; once
 * the testator signed through the link, the page says so with the date and "Next" goes on without saving again.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { session } from '@/lib/storage.ts';
import { PartF } from '../PartF.tsx';

const goNext = vi.fn(async () => {});
vi.mock('../../components/WizardLayout.tsx', () => ({
  useWizard: () => ({
    will: { id: 'w1', user_id: 'client-1', status: 0, wasiat_type: 1, signature_id: 'sig1' },
    wasiatId: 'w1',
    editable: true,
    setWasiatId: () => {},
    refresh: async () => null,
    goNext,
  }),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  goNext.mockClear();
});

const link = {
  id: 'l1',
  channel: 'email',
  destination: 'c***@example.com',
  sent_at: '2026-12-07T02:00:00Z',
  expires_at: '2026-12-14T02:00:00Z',
  opened_at: null,
  signed_at: null,
  state: 'open',
};

function stub(answer: (url: string, method: string) => Response) {
  const calls: { url: string; method: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url: String(url), method: init?.method ?? 'GET' });
      return answer(String(url), init?.method ?? 'GET');
    }),
  );
  return calls;
}

const asAgent = () =>
  session.set(
    { id: 'agent-1', name: 'Ejen', roles: [{ name: 'Agent' }] } as unknown as Parameters<typeof session.set>[0],
    't',
  );

describe('part F: a link to the testator', () => {
  it('sends the link and shows where it went', async () => {
    asAgent();
    let sent = false;
    const calls = stub((u, m) => {
      if (u.includes('signature-status')) return jsonResponse({ signatures: { testator: { state: 'missing' } } });
      if (m === 'POST') {
        sent = true;
        return jsonResponse({ link, message: 'Pautan tandatangan telah dihantar kepada pewasiat (c***@example.com).' });
      }
      return jsonResponse({ link: sent ? link : null });
    });
    renderPage(<PartF />);
    fireEvent.click(await screen.findByRole('button', { name: 'Hantar pautan kepada pewasiat' }));
    expect(await screen.findByTestId('testator-link-open')).toHaveTextContent(/c\*\*\*@example.com/);
    expect(calls.find((c) => c.method === 'POST')?.url).toBe('/api/wasiat/w1/testator-link');
    expect(screen.getByRole('button', { name: 'Hantar pautan baharu' })).toBeTruthy();
  }, 30_000);

  it('signed by the testator via link: says so, and Next goes on without saving the declarations again', async () => {
    asAgent();
    const calls = stub((u) =>
      u.includes('signature-status')
        ? jsonResponse({ signatures: { testator: { state: 'current' } } })
        : jsonResponse({ link: { ...link, state: 'signed', signed_at: '2026-12-08T03:00:00Z' } }),
    );
    renderPage(<PartF />);
    expect(await screen.findByTestId('testator-link-signed')).toHaveTextContent(
      /Ditandatangani oleh pewasiat melalui pautan pada/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Seterusnya' }));
    await waitFor(() => expect(goNext).toHaveBeenCalledWith('f'));
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  }, 30_000);
});
