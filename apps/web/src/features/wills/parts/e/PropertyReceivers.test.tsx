import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { PropertyReceivers } from './PropertyReceivers.tsx';

const receivers = [{ id: 'r1', name: 'Ali bin Abu', relationship: 'son' }];
const SERVER_MSG = 'Jumlah bahagian melebihi keseluruhan harta (pelayan).';

function mockApi(existing: { id: string; portion: string }[]) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  globalThis.fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const u = String(url);
    calls.push({ method: init?.method ?? 'GET', url: u, body: init?.body ? JSON.parse(String(init.body)) : null });
    if (u.includes('/receiver')) {
      return jsonResponse({ receivers: { data: existing.map((e) => ({ ...e, receiver: receivers[0] })) } });
    }
    if (u.endsWith('/api/property-receiver')) {
      return jsonResponse({ message: 'invalid', errors: { portion: [SERVER_MSG] } }, 422);
    }
    return jsonResponse({});
  }) as typeof fetch;
  return calls;
}

async function fillShare(portion: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /Tambah penerima bagi/ }));
  // the only receiver is preselected
  expect(screen.getAllByLabelText(/^Penerima/).find((e) => e.tagName === 'INPUT')).toHaveValue('Ali bin Abu');
  const input = screen.getByLabelText(/^Bahagian/);
  await user.type(input, portion);
  await user.click(screen.getByRole('button', { name: 'Simpan' }));
  return input;
}

describe('PropertyReceivers share portions', () => {
  const realFetch = globalThis.fetch;
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('shows the server 422 share_total_over message next to the portion field and keeps what was typed', async () => {
    const calls = mockApi([]);
    renderPage(
      <PropertyReceivers kind="MoveableProperty" propertyId="p1" receivers={receivers} editable label="Kereta" />,
    );
    const input = await fillShare('40%');
    expect(await screen.findByText(SERVER_MSG)).toBeInTheDocument();
    expect(input).toHaveValue('40%');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({
      receiver_id: 'r1',
      portion: '40%',
      propertyable_type: 'MoveableProperty',
      propertyable_id: 'p1',
    });
  });

  it('refuses a share over the whole before calling the server', async () => {
    const calls = mockApi([{ id: 'pr1', portion: '3/4' }]);
    renderPage(
      <PropertyReceivers kind="MoveableProperty" propertyId="p1" receivers={receivers} editable label="Kereta" />,
    );
    const input = await fillShare('30%');
    expect(await screen.findByText('Jumlah bahagian melebihi keseluruhan harta.')).toBeInTheDocument();
    expect(input).toHaveValue('30%');
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(false));
  });

  it('rejects a portion that is neither a percentage nor a fraction', async () => {
    mockApi([]);
    renderPage(
      <PropertyReceivers kind="MoveableProperty" propertyId="p1" receivers={receivers} editable label="Kereta" />,
    );
    await fillShare('separuh');
    expect(await screen.findByText(/Bahagian mesti nombor dengan %/)).toBeInTheDocument();
  });
});
