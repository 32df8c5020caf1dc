/**
 * Part F shows the testator's signature pad only to a role with `will:sign:testator` (issue 16 item 7; ADR 0106):
 * the testator or the registering agent; a Partner sees who signs instead.
 */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/components/test-utils.tsx';
import { session } from '@/lib/storage.ts';
import { PartF } from './PartF.tsx';

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

const as = (role: string) =>
  session.set({ id: 'u', name: 'x', roles: [{ name: role }] } as unknown as Parameters<typeof session.set>[0], 't');

afterEach(() => localStorage.clear());

describe('PartF signature by role', () => {
  it('hides the signature pad from a Partner and says who signs', async () => {
    as('Partner');
    renderPage(<PartF />);
    expect(await screen.findByTestId('signature-testator-only')).toHaveTextContent(/Hanya pewasiat/);
    expect(screen.getAllByText(/Tandatangan pewasiat/)).toHaveLength(1);
  }, 30_000);

  it('shows the signature pad to the testator', async () => {
    as('Client');
    renderPage(<PartF />);
    await screen.findByRole('heading', { level: 2 });
    // the pad's label besides the section title
    expect(screen.getAllByText(/Tandatangan pewasiat/).length).toBeGreaterThan(1);
    expect(screen.queryByTestId('signature-testator-only')).toBeNull();
  }, 30_000);
});
