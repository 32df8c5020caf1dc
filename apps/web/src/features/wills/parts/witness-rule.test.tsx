/**
 * Part G and who may witness (issue 41 item 2; ADR 0259): the rule of the will's governing law is stated, a
 * witness the server refuses shows the refusal at its field (MyKad, or the spouse's MyKad), and a witness is
 * identified by the code sent to their own e-mail.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';

// jsdom has no 2D canvas: the pad is a button that gives a typed signature.
vi.mock('@/components/SignaturePad.tsx', async (original) => ({
  ...(await original<typeof import('@/components/SignaturePad.tsx')>()),
  SignaturePad: ({ label, onChange }: { label: string; onChange: (url: string, method: 'typed') => void }) => (
    <button type="button" onClick={() => onChange('data:image/png;base64,AAAA', 'typed')}>
      taip {label}
    </button>
  ),
}));

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

const { PartG } = await import('./PartG.tsx');

if (!document.fonts) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}

const listed = {
  id: 'wt1',
  name: 'Saksi Dua',
  ic_number: '800101145511',
  email: 'saksi.dua@example.com',
  address: 'No. 5, Jalan Melur',
  postcode: '43000',
  signature_id: 'att1',
  identified_by: null as string | null,
};

type Call = { method: string; url: string; body: any };
let calls: Call[] = [];
/** What POST /api/witness answers (a refusal by default). */
let refusal: Record<string, string[]> = {};

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Pewasiat', roles: [{ name: 'Client' }] }));
  calls = [];
  listed.identified_by = null;
  refusal = { ic_number: ['Waris tidak boleh menjadi saksi.'] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const c = {
        method: init?.method ?? 'GET',
        url: String(url),
        body: init?.body ? JSON.parse(String(init.body)) : null,
      };
      calls.push(c);
      if (c.url.startsWith('/api/wasiat/w1/witness')) return jsonResponse({ witnesses: { data: [listed] } });
      if (c.url.startsWith('/api/wasiat/w1/governing-law'))
        return jsonResponse({
          governing_law: {
            state: 'Selangor',
            confirmed_at: '2026-12-01T00:00:00.000Z',
            suggested_state: 'Selangor',
            enactment: {
              state: 'Selangor',
              title_ms: 'Enakmen Wasiat Orang Islam (Selangor) 1999',
              title_en: 'Muslim Wills (Selangor) Enactment 1999',
              year: 1999,
              number: 'En. 4/1999',
              witnessSection: '3',
            },
            witness_rule: 'witness.rule.selangor',
          },
        });
      if (c.url.startsWith('/api/wasiat/w1/signature-status'))
        return jsonResponse({
          signatures: { version: 'v1', testator: { state: 'current', signed_at: null }, witnesses: [] },
        });
      if (c.method === 'POST' && c.url === '/api/witness')
        return jsonResponse({ message: Object.values(refusal)[0][0], errors: refusal }, 422);
      if (c.url === '/api/witness/wt1/identification/code')
        return jsonResponse({ otp: { channel: 'email' }, message: 'Kod telah dihantar ke e-mel saksi.' });
      if (c.url === '/api/witness/wt1/identification') {
        if (c.body.code !== '123456') return jsonResponse({ message: 'x', errors: { code: ['Kod salah.'] } }, 422);
        listed.identified_by = 'email_code';
        return jsonResponse({ witness: listed });
      }
      return jsonResponse({ message: 'not found' }, 404);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** Open the new-witness form, fill it (pasted: typing each key is slow in jsdom), sign and save. */
async function addWitness(user: ReturnType<typeof userEvent.setup>, spouse = '') {
  await user.click(await screen.findByRole('button', { name: 'Tambah saksi' }));
  const form = await screen.findByTestId('witness-form');
  const f = within(form);
  const fill = async (name: RegExp, text: string) => {
    await user.click(f.getByRole('textbox', { name }));
    await user.paste(text);
  };
  await fill(/^Nama/, 'Ali bin Abu');
  await fill(/^No\. MyKad/, '850505145552');
  await fill(/^E-mel/, 'ali@example.com');
  await fill(/^Alamat/, 'No. 3, Jalan Kenanga');
  await fill(/^Poskod/, '43000');
  if (spouse) await fill(/^MyKad suami atau isteri saksi/, spouse);
  await user.click(f.getByRole('button', { name: /^taip/ }));
  await user.click(f.getByRole('button', { name: 'Simpan' }));
  return form;
}

describe('part G: who may witness (ADR 0259)', { timeout: 60_000 }, () => {
  it('states the witness rule of the governing enactment and the product refusals', async () => {
    renderPage(<PartG />);
    const notice = await screen.findByTestId('witness-rule');
    expect(notice).toHaveTextContent('Enakmen Wasiat Orang Islam (Selangor) 1999, seksyen 3');
    expect(notice).toHaveTextContent(
      'sekurang-kurangnya dua orang saksi yang boleh diterima sebagai saksi menurut Hukum Syarak',
    );
    expect(notice).toHaveTextContent('Produk ini menolak saksi yang berumur bawah 18 tahun mengikut MyKad');
  });

  it("shows the server's refusal at the MyKad field", async () => {
    const user = userEvent.setup();
    renderPage(<PartG />);
    const form = await addWitness(user);
    expect(await within(form).findByText('Waris tidak boleh menjadi saksi.')).toBeInTheDocument();
    // at the MyKad field itself (its accessible description), not only somewhere on the form
    expect(within(form).getByRole('textbox', { name: /^No\. MyKad/ })).toHaveAccessibleDescription(
      'Waris tidak boleh menjadi saksi.',
    );
    const sent = calls.find((c) => c.method === 'POST' && c.url === '/api/witness')?.body;
    expect(sent).toMatchObject({ ic_number: '850505145552', witnessable_id: 'w1' });
  });

  it("shows a spouse refusal at the spouse's MyKad field", async () => {
    refusal = { spouse_ic_number: ['Suami atau isteri kepada waris atau penerima tidak boleh menjadi saksi.'] };
    const user = userEvent.setup();
    renderPage(<PartG />);
    const form = await addWitness(user, '800101145511');
    expect(
      await within(form).findByText('Suami atau isteri kepada waris atau penerima tidak boleh menjadi saksi.'),
    ).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /^MyKad suami atau isteri saksi/ })).toHaveAccessibleDescription(
      'Suami atau isteri kepada waris atau penerima tidak boleh menjadi saksi.',
    );
    const sent = calls.find((c) => c.method === 'POST' && c.url === '/api/witness')?.body;
    expect(sent.spouse_ic_number).toBe('800101145511');
  });

  it('identifies a witness by the code sent to their own e-mail, and shows how', async () => {
    const user = userEvent.setup();
    renderPage(<PartG />);
    const panel = await screen.findByTestId('witness-identify-wt1');
    expect(panel).toHaveTextContent('Belum dikenal pasti');
    await user.click(within(panel).getByRole('button', { name: 'Hantar kod kepada Saksi Dua' }));
    const code = await within(panel).findByRole('textbox', { name: 'Kod daripada Saksi Dua' });
    await user.type(code, '000000');
    await user.click(within(panel).getByRole('button', { name: 'Sahkan kod Saksi Dua' }));
    expect(await within(panel).findByText('Kod salah.')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(panel).getByRole('button', { name: 'Sahkan kod Saksi Dua' }));
    expect(await screen.findByTestId('witness-identified-wt1')).toHaveTextContent(
      'MyKad dan kod ke e-mel saksi sendiri',
    );
    expect(calls.filter((c) => c.url === '/api/witness/wt1/identification').map((c) => c.body.code)).toEqual([
      '000000',
      '123456',
    ]);
  });
});
