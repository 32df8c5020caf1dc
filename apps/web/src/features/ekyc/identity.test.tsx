import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navFor } from '@/app/layout/nav.ts';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import enIdentity from '@/locales/en/identity.json';
import msIdentity from '@/locales/ms/identity.json';
import { isPublicVisit } from './EkycEntry.tsx';
import { EkycLinkPanel } from './EkycLinkPanel.tsx';
import { EkycStep, serverFailed } from './EkycStep.tsx';
import { UserEkycPage, UserValidationPage } from './UserEkycPages.tsx';

const keys = (o: unknown, prefix = ''): string[] =>
  o && typeof o === 'object' ? Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)) : [prefix];

const login = () => {
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Klien', roles: [{ name: 'Client' }] }));
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('identity strings and menu', () => {
  it('have the same keys in Malay and English, none empty', () => {
    expect(keys(enIdentity).sort()).toEqual(keys(msIdentity).sort());
    for (const file of [msIdentity, enIdentity]) {
      const leaves = keys(file).map((k) => k.split('.').reduce<any>((n, p) => n[p], file));
      expect(leaves.every((v) => typeof v === 'string' && v.trim().length > 0)).toBe(true);
    }
  });
  it('offers "My eKYC" to the roles that may make an attempt', () => {
    expect(navFor('Client').map((n) => n.to)).toContain('/ekyc');
    expect(navFor('Accountant').map((n) => n.to)).not.toContain('/ekyc');
  });
});

describe('/ekyc: public link or logged-in user', () => {
  it('is public with a signed link, with public=1, or without a login; else the user page', () => {
    expect(isPublicVisit('?wasiat_id=w&link_id=l&expires=1&signature=s')).toBe(true);
    expect(isPublicVisit('')).toBe(true);
    login();
    expect(isPublicVisit('')).toBe(false);
    expect(isPublicVisit('?public=1')).toBe(true);
    expect(isPublicVisit('?wasiat_id=w&link_id=l&expires=1&signature=s')).toBe(true);
  });

  it('the user page shows the latest passing verification from GET /user/{id}/face-verification', async () => {
    login();
    const fetchMock = vi.fn(async () =>
      jsonResponse({
        count: 2,
        min_verification_score: 70,
        user: { id: 'me', face_verified: 1 },
        face_verification: { id: 'a1', verification_score: 81.4, passed: true, created_at: '2026-03-01T02:00:00Z' },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderPage(<UserEkycPage />, { path: '/ekyc' });
    expect(await screen.findByTestId('ekyc-me-status')).toHaveTextContent('skor 81');
    const url = String((fetchMock.mock.calls[0] as unknown[])[0]);
    expect(url).toContain('/api/user/me/face-verification?');
    expect(url).toContain('return_first=true');
    expect(url).toContain('min_verification_score=70');
    // Verifying needs both images first.
    fireEvent.click(screen.getByTestId('ekyc-verify'));
    expect(await screen.findByText('Sila pilih gambar bahagian hadapan MyKad anda.')).toBeInTheDocument();
  });

  it('the result page shows the latest attempt, failed, and the way back', async () => {
    login();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({
          count: 1,
          min_verification_score: 70,
          user: { id: 'me', face_verified: 0 },
          face_verification: { id: 'a1', verification_score: 55.2, passed: false, created_at: '2026-03-01T02:00:00Z' },
        }),
      ),
    );
    renderPage(<UserValidationPage />, { path: '/ekyc/validation' });
    expect(await screen.findByTestId('ekyc-result')).toHaveTextContent('Skor persamaan: 55');
    expect(screen.getByTestId('ekyc-result-status')).toHaveTextContent('belum disahkan');
    expect(screen.getByRole('link', { name: 'Cuba lagi' })).toHaveAttribute('href', '/ekyc');
  });
});

describe('the eKYC step of a hibah or amendment', () => {
  it('counts the failures the server knows of (spec §4) and asks for the record kind', async () => {
    login();
    expect(serverFailed({ faceVerificationCount: 3, ekycVerifiedAt: null })).toBe(3);
    expect(serverFailed({ faceVerificationCount: 3, ekycVerifiedAt: 'x' })).toBe(2);
    const fetchMock = vi.fn(async () =>
      jsonResponse({ review: null, face_verification_count: 3, max_attempts: 3, ekyc_verified_at: null }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderPage(
      <EkycStep
        title="eKYC"
        record={{ type: 'Hibah', id: 'h1', userId: 'me', ekycVerifiedAt: null, faceVerificationCount: 3 }}
        editable
        onChanged={async () => undefined}
      />,
    );
    expect(await screen.findByTestId('ekyc-limit')).toBeInTheDocument();
    expect(screen.getByTestId('ekyc-failed-count')).toHaveTextContent('3');
    expect(screen.getByTestId('ekyc-manual')).toBeInTheDocument();
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toContain('/api/ekyc/manual/h1?ekycable_type=Hibah');
  });
});

describe('the agent’s eKYC links', () => {
  beforeEach(login);
  it('lists the valid links and revokes one', async () => {
    const calls: string[] = [];
    let revoked = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        if (String(url).includes('/revoke')) {
          revoked = true;
          return jsonResponse({ link: { id: 'l1', active: false }, message: 'ok' });
        }
        return jsonResponse({
          links: [
            {
              id: 'l1',
              issued_by: { id: 'me', name: 'Ejen Ali' },
              expires_at: '2026-03-04T02:00:00Z',
              revoked_at: revoked ? '2026-03-02T02:00:00Z' : null,
              created_at: '2026-03-01T02:00:00Z',
              active: !revoked,
              can_revoke: !revoked,
            },
          ],
        });
      }),
    );
    renderPage(<EkycLinkPanel wasiatId="w1" />);
    expect(await screen.findByText('Ejen Ali')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('ekyc-link-revoke-l1'));
    await screen.findByText('Cipta pautan');
    await vi.waitFor(() => expect(screen.queryByTestId('ekyc-links')).toBeNull());
    expect(calls).toContain('POST /api/ekyc/links/l1/revoke');
  });
});
