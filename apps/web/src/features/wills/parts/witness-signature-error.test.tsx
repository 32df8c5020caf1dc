/**
 * Part G: a witness added without a signature is told the WITNESS's signature is required — not the testator's
 * (issue 37 item 6.1; the witness schema's message `wills.witness_signature_required`).
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { witnessFieldsSchema } from '@wasiat/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import i18n from '@/lib/i18n.ts';
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

const { PartG } = await import('./PartG.tsx');

// jsdom has no FontFaceSet (Mantine's autosizing textarea of the address).
if (!document.fonts) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Pewasiat', roles: [{ name: 'Client' }] }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL) => {
      const u = String(url);
      if (u.startsWith('/api/wasiat/w1/witness')) return jsonResponse({ witnesses: { data: [] } });
      if (u.startsWith('/api/wasiat/w1/signature-status'))
        return jsonResponse({
          signatures: { version: 'v1', testator: { state: 'current', signed_at: null }, witnesses: [] },
        });
      return jsonResponse({ message: 'not found' }, 404);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('witness signature error (issue 37 item 6.1)', { timeout: 30_000 }, () => {
  it("the witness schema's missing-signature message speaks of the witness", () => {
    const r = witnessFieldsSchema.safeParse({ signature: '' });
    const issue = r.error?.issues.find((i) => i.path[0] === 'signature');
    expect(issue?.message).toBe('wills.witness_signature_required');
    expect(i18n.t('wills.witness_signature_required', { lng: 'ms' })).toBe('Tandatangan saksi diperlukan.');
  });

  it('an unsigned new witness is told the witness must sign, not the testator', async () => {
    const user = userEvent.setup();
    renderPage(<PartG />);
    await user.click(await screen.findByRole('button', { name: 'Tambah saksi' }));
    const form = await screen.findByTestId('witness-form');
    await user.click(form.querySelector('button[type="submit"]') as HTMLButtonElement);
    expect(await screen.findByText('Tandatangan saksi diperlukan.')).toBeInTheDocument();
    expect(screen.queryByText(/Tandatangan pewasiat diperlukan/)).toBeNull();
  });
});
