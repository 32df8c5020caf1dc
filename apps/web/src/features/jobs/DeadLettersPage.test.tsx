import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navFor } from '@/app/layout/nav.ts';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import i18n from '@/lib/i18n.ts';
import { session } from '@/lib/storage.ts';
import { DeadLettersPage } from './DeadLettersPage.tsx';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  session.clear();
});

const page = (data: unknown[], last_page = 1) => ({
  dead_letters: { data, total: data.length, per_page: 25, current_page: 1, last_page },
});

const rows = [
  {
    id: 'd1',
    job_name: 'payments.receipt-mail',
    queue_job_id: 'q1',
    attempts: 4,
    error: 'connect ECONNREFUSED 10.0.0.7:587',
    failed_at: '2026-11-24T01:30:00Z',
  },
  {
    id: 'd2',
    job_name: 'wills.new-job',
    queue_job_id: null,
    attempts: 1,
    error: 'boom',
    failed_at: '2026-11-23T06:05:00Z',
  },
];

describe('DeadLettersPage', () => {
  it('lists failed job runs with Malaysian times, translated job names and the last error', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(page(rows)));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    renderPage(<DeadLettersPage />);
    expect(await screen.findByText('Cubaan semula e-mel resit')).toBeTruthy();
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toContain('/api/jobs/dead-letters?');
    expect(screen.getByText('Tugas gagal')).toBeTruthy();
    expect(screen.getByText('24 Nov 26, 09:30')).toBeTruthy();
    expect(screen.getByText('connect ECONNREFUSED 10.0.0.7:587')).toBeTruthy();
    expect(screen.getByText('wills.new-job')).toBeTruthy(); // a job without a label: its name
    expect(screen.getByText('4')).toBeTruthy();
  });

  it('says so when nothing failed, in English too', async () => {
    globalThis.fetch = vi.fn(async () => jsonResponse(page([]))) as unknown as typeof fetch;
    renderPage(<DeadLettersPage />);
    expect(await screen.findByText('Tiada tugas gagal.')).toBeTruthy();
    await i18n.changeLanguage('en');
    expect(await screen.findByText('No failed jobs.')).toBeTruthy();
    expect(screen.getByText('Failed jobs')).toBeTruthy();
    await i18n.changeLanguage('ms');
  });

  it('is in the menu of staff and admin only', () => {
    const has = (role: string) => navFor(role).some((n) => n.to === '/jobs/dead-letters');
    expect(has('Staff')).toBe(true);
    expect(has('Admin')).toBe(true);
    expect(has('Client')).toBe(false);
    expect(has('Agent')).toBe(false);
    expect(has('Officer')).toBe(false);
  });
});
