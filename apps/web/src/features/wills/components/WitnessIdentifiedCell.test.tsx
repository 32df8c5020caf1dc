/**
 * A witness identified in front of staff (issue 41 item 2; ADR 0302): staff who verify wills see "Sahkan di hadapan
 * saya" for a witness not yet identified on an unregistered will; the dialog names the witness and the MyKad number
 * and sends nothing until confirmed; then `POST witness/{id}/identification/staff`. A client, an identified witness
 * and a registered will get the label only.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { FeedbackHost } from '@/lib/feedback.tsx';
import { KEYS } from '@/lib/storage.ts';
import type { Will, Witness } from '../types.ts';
import { WitnessIdentifiedCell } from './WitnessIdentifiedCell.tsx';

const will = { id: 'w1', status: 1, user_id: 'c1', parts_done: [], unlocked: [] } as unknown as Will;
const witness = { id: 'x1', name: 'Faridah binti Kassim', ic_number: '800101145522' } as Witness;
let writes: { method: string; url: string }[] = [];

const as = (role: string) =>
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'u', name: 'U', roles: [{ name: role }] }));

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(KEYS.token, 'tok');
  writes = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method !== 'GET') writes.push({ method, url: String(url) });
      return jsonResponse({ witness: { ...witness, identified_by: 'staff' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const show = (w: Will = will, x: Witness = witness) =>
  renderPage(
    <>
      <WitnessIdentifiedCell will={w} witness={x} />
      <FeedbackHost />
    </>,
  );

describe('a witness identified in front of staff (issue 41 item 2)', { timeout: 30_000 }, () => {
  it('staff confirm in a dialog naming the witness and MyKad; nothing is sent before', async () => {
    as('Staff');
    show();
    const user = userEvent.setup();
    expect(screen.getByText('Belum dikenal pasti (ditandatangani pada peranti pewasiat)')).toBeInTheDocument();
    await user.click(screen.getByTestId('witness-staff-identify-x1'));
    const dialog = await screen.findByRole('dialog', { name: 'Saksi di hadapan anda' });
    expect(dialog).toHaveTextContent('Faridah binti Kassim');
    expect(dialog).toHaveTextContent('800101145522');
    expect(writes).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Ya, saya telah menyemak MyKad' }));
    await waitFor(() => expect(writes).toEqual([{ method: 'POST', url: '/api/witness/x1/identification/staff' }]));
  });

  it('a client, an identified witness and a registered will show the label only', async () => {
    as('Client');
    const { unmount } = show();
    expect(screen.queryByTestId('witness-staff-identify-x1')).toBeNull();
    unmount();
    as('Staff');
    const second = show(will, { ...witness, identified_by: 'email_code' });
    expect(screen.getByText('MyKad dan kod ke e-mel saksi sendiri')).toBeInTheDocument();
    expect(screen.queryByTestId('witness-staff-identify-x1')).toBeNull();
    second.unmount();
    show({ ...will, status: 2 } as Will);
    expect(screen.queryByTestId('witness-staff-identify-x1')).toBeNull();
  });
});
