/**
 * The hibah's receivers picked from heirs (issue 17 item 6 in the hibah wizard; ADR 0176): part E offers the
 * heirs of the grantor's newest will (and, for the estate trust, the hibah's own heirs, each person once)
 * in the shared HeirPicker; picking one fills the receiver form, which is saved as typed values.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import { PartE } from './parts/PartE.tsx';
import type { Hibah } from './useHibah.ts';

Element.prototype.scrollIntoView ??= () => {};
if (!document.fonts) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}

type Call = { method: string; url: string; body: any };
const daughter = {
  id: 'hw1',
  name: 'Siti binti Kamal',
  relationship: 'son',
  ic_number: '100505141234',
  mobile_number: null,
  email: null,
  address: 'No. 3, Jalan Kenanga',
  postcode: '43000',
  city: 'Kajang',
  state: 'Selangor',
};
const wife = { id: 'hw2', name: 'Aminah binti Ali', relationship: 'wife', ic_number: '880101145678' };

function stubApi(hibahHeirs: unknown[]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const c = {
        method: init?.method ?? 'GET',
        url: String(url),
        body: init?.body ? JSON.parse(String(init.body)) : null,
      };
      calls.push(c);
      if (c.method === 'POST') return jsonResponse({ receiver: { id: 'r1', ...c.body } }, 201);
      if (c.url.startsWith('/api/hibah/h1/receiver')) return jsonResponse({ receivers: { data: [] } });
      if (c.url.startsWith('/api/hibah/h1/heir')) return jsonResponse({ heirs: { data: hibahHeirs } });
      if (c.url.startsWith('/api/wasiat?')) return jsonResponse({ wasiats: { data: [{ id: 'w1' }] } });
      if (c.url === '/api/wasiat/w1/heir') return jsonResponse({ heirs: [daughter, wife] });
      return jsonResponse({ message: 'not found' }, 404);
    }),
  );
  return calls;
}
const hibah = (over: Partial<Hibah> = {}) =>
  ({ id: 'h1', hibah_type: 9, user_id: 'me', agent_id: null, status: 0, ...over }) as Hibah;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Kamal', roles: [{ name: 'Client' }] }));
});
afterEach(() => vi.unstubAllGlobals());

describe('hibah receivers from heirs', { timeout: 30_000 }, () => {
  it("fills a receiver from an heir of the grantor's will, and saves the form's values", async () => {
    const calls = stubApi([]);
    const user = userEvent.setup();
    renderPage(<PartE hibah={hibah()} />);
    await user.click(await screen.findByTestId('hibah-receiver-add'));
    const form = await screen.findByTestId('hibah-receiver-form');
    await user.click(await within(form).findByTestId('heir-picker'));
    await user.click(
      await screen.findByRole('option', { name: 'Siti binti Kamal (Anak perempuan) · bawah umur', hidden: true }),
    );
    await waitFor(() => expect(within(form).getByDisplayValue('Siti binti Kamal')).toBeTruthy());
    expect(within(form).getByDisplayValue('100505141234')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST') as Call;
    expect(post.url).toBe('/api/hibah/h1/receiver');
    expect(post.body).toMatchObject({ name: 'Siti binti Kamal', relationship: 'son', ic_number: '100505141234' });
    expect(calls.some((c) => c.url === '/api/wasiat?user_id=me&limit=1')).toBe(true);
  });

  it("offers the estate trust's own heirs and the will's, each person once", async () => {
    stubApi([{ ...wife, id: 'hh1' }]);
    const user = userEvent.setup();
    renderPage(<PartE hibah={hibah({ hibah_type: 14 })} />);
    await user.click(await screen.findByTestId('hibah-receiver-add'));
    const form = await screen.findByTestId('hibah-receiver-form');
    await user.click(await within(form).findByTestId('heir-picker'));
    const picker = within(form).getByTestId('heir-picker');
    const listbox = () => document.getElementById(picker.getAttribute('aria-controls') ?? '') as HTMLElement;
    await waitFor(() => expect(listbox()).toBeTruthy());
    expect(
      within(listbox())
        .getAllByRole('option', { hidden: true })
        .map((o) => o.textContent),
    ).toEqual(['Aminah binti Ali (Isteri)', 'Siti binti Kamal (Anak perempuan) · bawah umur']);
  });
});
