/**
 * The corporate grantor's part D (issue 21 item 6; ADR 0165) and the shares form's errors (item 9): the
 * company form asks for no person's particulars, checks the SSM number and the signatories in the browser,
 * puts the server's 422 on the signatory field it names, and reads in English; a share error is shown under
 * the input it is about.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import i18n from '@/lib/i18n.ts';
import { KEYS } from '@/lib/storage.ts';
import { CompanyPart } from './parts/Company.tsx';
import { Shares } from './parts/Shares.tsx';
import type { Hibah } from './useHibah.ts';

Element.prototype.scrollIntoView ??= () => {};
if (!document.fonts) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}

type Call = { method: string; url: string; body: any };
function stubApi(reply: (c: Call) => Response | undefined) {
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
      return reply(c) ?? jsonResponse({ message: 'not found' }, 404);
    }),
  );
  return calls;
}

const hibah = { id: 'h1', hibah_type: 2, user_id: 'me', agent_id: null, status: 0 } as unknown as Hibah;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Zulkifli', roles: [{ name: 'Client' }] }));
});
afterEach(() => vi.unstubAllGlobals());

describe('part D of a corporate trust: the company', { timeout: 30_000 }, () => {
  it('asks for the company and its signatories, not a person, and checks them before sending', async () => {
    const calls = stubApi((c) => {
      if (c.method === 'GET' && c.url.endsWith('/api/hibah/h1/company')) return jsonResponse({ company: null });
    });
    const user = userEvent.setup();
    renderPage(<CompanyPart hibah={hibah} />);
    const form = await screen.findByTestId('hibah-company');
    expect(screen.queryByRole('combobox', { name: /Agama/ })).toBeNull();
    expect(screen.queryByRole('combobox', { name: /Status perkahwinan/ })).toBeNull();
    await user.type(within(form).getByRole('textbox', { name: /Nama syarikat/ }), 'Syarikat Maju Jaya Sdn. Bhd.');
    await user.type(within(form).getByRole('textbox', { name: /No. pendaftaran SSM/ }), '12345678-A');
    await user.click(within(form).getByRole('button', { name: 'Simpan' }));
    expect(await within(form).findByText(/Nombor pendaftaran SSM tidak sah/)).toBeInTheDocument();
    const signatory = screen.getByTestId('company-signatory-0');
    expect(within(signatory).getByRole('textbox', { name: /No. MyKad/ })).toHaveAccessibleDescription(
      'Ruangan ini wajib diisi.',
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    // No upload before the company is saved.
    expect(screen.getByTestId('company-resolution')).toHaveTextContent('Simpan maklumat syarikat dahulu');
  });

  it("puts the server's 422 on the signatory field it names", async () => {
    stubApi((c) => {
      if (c.method === 'GET' && c.url.endsWith('/api/hibah/h1/company')) return jsonResponse({ company: null });
      if (c.method === 'POST' && c.url.endsWith('/api/hibah/h1/company'))
        return jsonResponse(
          {
            message: 'Penandatangan ini telah disenaraikan.',
            errors: { 'signatories.1.ic_number': ['Penandatangan ini telah disenaraikan.'] },
          },
          422,
        );
    });
    const user = userEvent.setup();
    renderPage(<CompanyPart hibah={hibah} />);
    const form = await screen.findByTestId('hibah-company');
    await user.type(within(form).getByRole('textbox', { name: /Nama syarikat/ }), 'Syarikat Maju Jaya Sdn. Bhd.');
    await user.type(within(form).getByRole('textbox', { name: /No. pendaftaran SSM/ }), '202001234567');
    await user.type(within(form).getByRole('textbox', { name: /^Alamat/ }), 'Lot 5, Jalan Teknologi');
    await user.type(within(form).getByRole('textbox', { name: /Poskod/ }), '43000');
    await user.type(within(form).getByRole('textbox', { name: /Bandar/ }), 'Kajang');
    await user.click(within(form).getByRole('combobox', { name: /Negeri/ }));
    await user.click(await screen.findByRole('option', { name: 'Selangor', hidden: true }));
    await user.click(screen.getByTestId('company-add-signatory'));
    for (const [i, name, ic, job] of [
      [0, 'Ahmad bin Ismail', '750101145011', 'Pengarah'],
      [1, 'Siti Aminah binti Yusof', '760202145022', 'Setiausaha'],
    ] as const) {
      const s = screen.getByTestId(`company-signatory-${i}`);
      await user.type(within(s).getByRole('textbox', { name: /Nama penuh/ }), name);
      await user.type(within(s).getByRole('textbox', { name: /No. MyKad/ }), ic);
      await user.type(within(s).getByRole('textbox', { name: /Jawatan/ }), job);
    }
    await user.click(within(form).getByRole('button', { name: 'Simpan' }));
    const second = screen.getByTestId('company-signatory-1');
    await waitFor(() =>
      expect(within(second).getByRole('textbox', { name: /No. MyKad/ })).toHaveAccessibleDescription(
        'Penandatangan ini telah disenaraikan.',
      ),
    );
    const first = screen.getByTestId('company-signatory-0');
    expect(within(first).getByRole('textbox', { name: /No. MyKad/ })).not.toHaveAccessibleDescription(
      'Penandatangan ini telah disenaraikan.',
    );
  });

  it('reads in English', async () => {
    stubApi((c) => {
      if (c.method === 'GET' && c.url.endsWith('/api/hibah/h1/company')) return jsonResponse({ company: null });
    });
    renderPage(<CompanyPart hibah={hibah} />);
    await screen.findByTestId('hibah-company');
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('heading', { name: 'Company particulars' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /SSM registration no\./ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Authorised signatories' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a signatory' })).toBeInTheDocument();
    expect(screen.getByTestId('company-intro')).toHaveTextContent('A corporate hibah or trust is made by a company');
    await act(() => i18n.changeLanguage('ms'));
  });
});

describe('the shares form puts each error under its own input (issue 21 item 9)', { timeout: 30_000 }, () => {
  const rows = (c: Call) => {
    if (c.method === 'GET' && c.url.endsWith('/api/hibah/h1/property/p1/receiver'))
      return jsonResponse({
        receivers: { data: [{ id: 's1', receiver_id: 'r2', portion: '60%', receiver: { name: 'Aisyah' } }] },
      });
    if (c.method === 'GET' && c.url.endsWith('/api/hibah/h1/receiver'))
      return jsonResponse({
        receivers: {
          data: [
            { id: 'r1', name: 'Ali' },
            { id: 'r2', name: 'Aisyah' },
          ],
        },
      });
  };

  it('a receiver not chosen is said under the receiver, a total over the whole under the portion', async () => {
    const calls = stubApi(rows);
    const user = userEvent.setup();
    renderPage(<Shares hibahId="h1" propertyId="p1" editable />);
    await user.click(await screen.findByTestId('shares-p1'));
    const receiver = screen.getByRole('combobox', { name: 'Penerima' });
    const portion = screen.getByRole('textbox', { name: /Bahagian/ });
    await user.type(portion, '40%');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(receiver).toHaveAccessibleDescription('Sila pilih satu.');
    expect(portion).toHaveAccessibleDescription('');
    await user.click(receiver);
    await user.click(await screen.findByRole('option', { name: 'Ali', hidden: true }));
    // Aisyah has 60%: 50% more is over the whole.
    await user.clear(portion);
    await user.type(portion, '50%');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(portion).toHaveAccessibleDescription(/melebihi/);
    expect(receiver).toHaveAccessibleDescription('');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("the server's 422 lands on the field it names", async () => {
    stubApi((c) => {
      if (c.method === 'POST')
        return jsonResponse(
          {
            message: 'Sila pilih penerima bagi hibah ini.',
            errors: { receiver_id: ['Sila pilih penerima bagi hibah ini.'] },
          },
          422,
        );
      return rows(c);
    });
    const user = userEvent.setup();
    renderPage(<Shares hibahId="h1" propertyId="p1" editable />);
    await user.click(await screen.findByTestId('shares-p1'));
    const receiver = screen.getByRole('combobox', { name: 'Penerima' });
    const portion = screen.getByRole('textbox', { name: /Bahagian/ });
    await user.click(receiver);
    await user.click(await screen.findByRole('option', { name: 'Ali', hidden: true }));
    await user.type(portion, '40%');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(receiver).toHaveAccessibleDescription('Sila pilih penerima bagi hibah ini.'));
    expect(portion).toHaveAccessibleDescription('');
  });
});
