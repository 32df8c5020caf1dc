import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import i18n from '@/lib/i18n.ts';
import { session } from '@/lib/storage.ts';
import { changedFields, RecordHistory } from './RecordHistory.tsx';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  session.clear();
});

const asRole = (role: string) =>
  session.set({ id: 'u1', name: 'Pegawai', username: 'x', roles: [{ name: role }] } as never, 'token');

const events = [
  {
    id: 'e1',
    seq: 1,
    action: 'will.create',
    actor: { id: 'c1', name: 'Aminah binti Ahmad' },
    before: null,
    after: { id: 'w1', status: 0 },
    ip: '10.0.0.5',
    at: '2026-11-23T06:05:00Z',
    hash: 'a'.repeat(64),
  },
  {
    id: 'e2',
    seq: 2,
    action: 'document.issue',
    actor: null,
    before: null,
    after: { kind: 'will', sha256: 'b'.repeat(64) },
    ip: null,
    at: '2026-11-24T01:30:00Z',
    hash: 'c'.repeat(64),
  },
  {
    id: 'e3',
    seq: 3,
    action: 'something.new',
    actor: { id: 's1', name: 'Staf' },
    before: { status: 1, wasiat_no: null, made_up_column: 1, updated_at: 'x' },
    after: { status: 2, wasiat_no: 'W-1', made_up_column: 2, updated_at: 'y' },
    ip: '10.0.0.9',
    at: '2026-11-24T02:00:00Z',
    hash: 'd'.repeat(64),
  },
];

describe('RecordHistory', () => {
  it('shows staff the events of the record with Malaysian times, translated actions, actor and IP', async () => {
    asRole('Staff');
    const fetchMock = vi.fn(async () => jsonResponse({ data: events }));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    renderPage(<RecordHistory entityType="Wasiat" entityId="w1" />);
    expect(await screen.findByText('Wasiat dicipta')).toBeTruthy();
    const url = String((fetchMock.mock.calls[0] as unknown[])[0]);
    expect(url).toContain('/api/audit?');
    expect(url).toContain('entity_type=Wasiat');
    expect(url).toContain('entity_id=w1');
    expect(screen.getByText('Sejarah rekod')).toBeTruthy();
    expect(screen.getByText('23 Nov 26, 14:05')).toBeTruthy();
    expect(screen.getByText('24 Nov 26, 09:30')).toBeTruthy();
    expect(screen.getByText('Dokumen bermeterai dikeluarkan')).toBeTruthy();
    // an action or field outside the catalogue is never shown raw
    expect(screen.getByText('Perubahan lain')).toBeTruthy();
    expect(screen.queryByText(/something\.new|made_up_column|updated_at/)).toBeNull();
    expect(screen.getByText('Aminah binti Ahmad')).toBeTruthy();
    expect(screen.getByText('Sistem')).toBeTruthy();
    expect(screen.getByText('10.0.0.5')).toBeTruthy();
    expect(screen.getByText('Status, No. wasiat, 1 butiran lain')).toBeTruthy(); // labels, no updated_at
  });

  it('is in English when the language is English', async () => {
    asRole('Officer');
    globalThis.fetch = vi.fn(async () => jsonResponse({ data: events })) as unknown as typeof fetch;
    renderPage(<RecordHistory entityType="Wasiat" entityId="w1" />);
    await i18n.changeLanguage('en');
    expect(await screen.findByText('Will created')).toBeTruthy();
    expect(screen.getByText('Record history')).toBeTruthy();
    expect(screen.getByText('Sealed document issued')).toBeTruthy();
    expect(screen.getByText('Other change')).toBeTruthy();
    expect(screen.getByText('Status, Will no., 1 other detail')).toBeTruthy();
    expect(screen.getByText('Document kind, Document fingerprint')).toBeTruthy();
    await i18n.changeLanguage('ms');
  });

  it('renders nothing and calls nothing for a client', async () => {
    asRole('Client');
    const fetchMock = vi.fn(async () => jsonResponse({ data: events }));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const { container } = renderPage(<RecordHistory entityType="Wasiat" entityId="w1" />);
    await waitFor(() => expect(container.querySelector('[data-testid="record-history"]')).toBeNull());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('changedFields lists what differs, all fields of a creation, none of the bookkeeping', () => {
    expect(changedFields({ a: 1, b: 2, updated_at: 1 }, { a: 1, b: 3, updated_at: 2 })).toEqual(['b']);
    expect(changedFields(null, { a: 1, b: 2 })).toEqual(['a', 'b']);
    expect(changedFields({ a: 1 }, null)).toEqual(['a']);
  });
});
