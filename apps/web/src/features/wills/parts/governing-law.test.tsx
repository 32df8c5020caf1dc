/**
 * Part C and the law that governs the will (issue 41 item 8; ADR 0260): the state of the testator's address is
 * shown with its enactment, another state may be chosen (with "none recorded" when the state has no recorded
 * enactment), and saving the part confirms the state shown.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';

vi.mock('../components/WizardLayout.tsx', () => ({
  useWizard: () => ({
    will: { id: 'w1', status: 0, wasiat_type: 1 },
    wasiatId: 'w1',
    editable: true,
    setWasiatId: () => {},
    refresh: async () => null,
    goNext: async () => {},
  }),
}));

const { PartC } = await import('./PartC.tsx');

// jsdom has no scrolling: the Select's listbox scrolls its options into view.
Element.prototype.scrollIntoView ??= () => {};
if (!document.fonts) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}

const detail = {
  designation: 'mr',
  name: 'Ahmad bin Abdullah',
  ic_number: '800101145511',
  gender: 1,
  race: 1,
  religion: 1,
  nationality: 1,
  marital_status: 'married',
  email: 'ahmad@example.com',
  mobile_number: '0123456789',
  correspondence_address: 'No. 1, Jalan Mawar',
  correspondence_postcode: '40400',
  correspondence_city: 'Shah Alam',
  correspondence_state: 'Selangor',
  permanent_address: 'No. 1, Jalan Mawar',
  permanent_postcode: '40400',
  permanent_city: 'Shah Alam',
  permanent_state: 'Selangor',
};

type Call = { method: string; url: string; body: any };
let calls: Call[] = [];

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Ahmad', roles: [{ name: 'Client' }] }));
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const c = {
        method: init?.method ?? 'GET',
        url: String(url),
        body: init?.body ? JSON.parse(String(init.body)) : null,
      };
      calls.push(c);
      if (c.url.startsWith('/api/wasiat/w1/user-detail')) return jsonResponse({ user_detail: detail });
      if (c.url === '/api/wasiat/w1/governing-law' && c.method === 'GET')
        return jsonResponse({
          governing_law: {
            state: 'Selangor',
            confirmed_at: null,
            suggested_state: 'Selangor',
            enactment: null,
            witness_rule: 'witness.rule.selangor',
          },
        });
      if (c.url === '/api/wasiat/w1/governing-law') return jsonResponse({ governing_law: { state: c.body.state } });
      if (c.url.startsWith('/api/postcode/')) return jsonResponse({ message: 'not found' }, 404);
      return jsonResponse({ message: 'not found' }, 404);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('part C: the governing law (ADR 0260)', { timeout: 60_000 }, () => {
  it('shows the address state with its enactment; another state is chosen and confirmed with the save', async () => {
    const user = userEvent.setup();
    renderPage(<PartC />);
    const field = await screen.findByTestId('governing-law');
    const select = within(field).getByRole('combobox', { name: /Negeri yang undang-undangnya mentadbir/ });
    expect(select).toHaveValue('Selangor');
    expect(within(field).getByTestId('governing-law-enactment')).toHaveTextContent(
      'Enakmen: Enakmen Wasiat Orang Islam (Selangor) 1999',
    );

    await user.click(select);
    const listbox = document.getElementById(select.getAttribute('aria-controls') ?? '') as HTMLElement;
    await user.click(within(listbox).getByRole('option', { name: 'Johor', hidden: true }));
    expect(within(field).getByTestId('governing-law-enactment')).toHaveTextContent(
      'Tiada enakmen wasiat khusus direkodkan bagi negeri ini.',
    );

    await user.click(screen.getByRole('button', { name: 'Seterusnya' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/wasiat/w1/governing-law')).toBe(true),
    );
    const saved = calls.findIndex((c) => c.method === 'POST' && c.url === '/api/wasiat/w1/user-detail');
    const confirmed = calls.findIndex((c) => c.method === 'PUT' && c.url === '/api/wasiat/w1/governing-law');
    expect(saved).toBeGreaterThanOrEqual(0);
    expect(confirmed).toBeGreaterThan(saved);
    expect(calls[confirmed].body).toEqual({ state: 'Johor' });
  });
});
