/**
 * Issue 41 item 7 (ADR 0268) in the SPA: the will wizard's bequest form offers "an institution" with a searchable
 * select of the active institutions and sends the one chosen; the staff page lists the institutions with their kind
 * and registration, checks the registration rule before sending, adds one, and deactivates one.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { BequestsTab } from '@/features/wills/parts/e/BequestsTab.tsx';
import { KEYS } from '@/lib/storage.ts';
import { InstitutionsPage } from './InstitutionsPage.tsx';

// jsdom has no FontFaceSet (Mantine's autosizing textarea of the purpose and the address).
if (!document.fonts) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const signIn = (role: string) => {
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'u1', name: 'Pengguna', roles: [{ name: role }] }));
};

const MAIS = {
  id: 'inst-seed-mais',
  kind: 'council',
  name: 'Majlis Agama Islam Selangor (MAIS)',
  registration_no: null,
  registered_under: 'Enakmen Pentadbiran Agama Islam (Negeri Selangor) 2003 [En. 1/2003], s. 4',
  state: 'Selangor',
  email: null,
  phone: null,
  address: null,
  active: true,
};
const MOSQUE = {
  ...MAIS,
  id: 'm1',
  kind: 'mosque',
  name: 'Masjid Al-Hidayah',
  registration_no: 'MSJ-123',
  registered_under: null,
};

/** `fetch` answering GETs by path and recording the writes (POST, with `_method` for a PATCH). */
function stubApi(gets: Record<string, unknown>, write: (url: string, body: any) => Response) {
  const writes: { url: string; body: any }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url).split('?')[0];
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        writes.push({ url: path, body });
        return write(path, body);
      }
      return jsonResponse(gets[path] ?? {});
    }),
  );
  return writes;
}

describe('a bequest to an institution (will wizard, part E)', () => {
  it('offers the active institutions in a searchable select and sends the one chosen', async () => {
    signIn('Client');
    const writes = stubApi(
      {
        '/api/wasiat/w1/bequest': { bequests: { data: [] } },
        '/api/institution': { institutions: [MAIS, MOSQUE] },
      },
      () => jsonResponse({ bequest: { id: 'b1' } }, 201),
    );
    renderPage(<BequestsTab wasiatId="w1" editable />);
    fireEvent.click(await screen.findByRole('button', { name: 'Tambah wasiat am' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Sebuah institusi' }));
    const form = await screen.findByTestId('bequest-institution-form');
    // Nothing chosen: refused before anything is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(form.textContent).toMatch(/wajib/i));
    expect(writes).toEqual([]);

    await userEvent.setup().type(screen.getByRole('combobox', { name: /Institusi/ }), 'Selangor');
    const option = await screen.findByRole('option', { name: /Majlis Agama Islam Selangor/, hidden: true });
    expect(screen.queryByRole('option', { name: /Masjid Al-Hidayah/, hidden: true })).toBeNull();
    fireEvent.click(option);
    fireEvent.change(screen.getByLabelText(/Bahagian/), { target: { value: '10%' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      url: '/api/bequest',
      body: {
        institution_id: 'inst-seed-mais',
        beneficiary_name: 'Majlis Agama Islam Selangor (MAIS)',
        portion: '10%',
        wasiat_id: 'w1',
      },
    });
  });
});

describe('/institusi (staff keep the list)', () => {
  it('lists the institutions, checks the registration rule, adds one and deactivates one', async () => {
    signIn('Staff');
    const writes = stubApi({ '/api/institution': { institutions: [MAIS] } }, (_url, body) =>
      jsonResponse({ institution: { ...MAIS, ...body } }, 201),
    );
    renderPage(<InstitutionsPage />);
    expect(await screen.findByText('Majlis Agama Islam Selangor (MAIS)')).toBeTruthy();
    expect(screen.getByText('Majlis Agama Islam Negeri')).toBeTruthy();
    expect(screen.getByText(MAIS.registered_under)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Tambah institusi' }));
    fireEvent.click(await screen.findByRole('combobox', { name: /^Jenis/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Masjid', hidden: true }));
    fireEvent.change(screen.getByRole('textbox', { name: /^Nama/ }), { target: { value: 'Masjid Al-Hidayah' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText(/Masukkan nombor pendaftaran/)).toBeTruthy();
    expect(writes).toEqual([]);
    fireEvent.change(screen.getByRole('textbox', { name: /^Nombor pendaftaran/ }), { target: { value: 'MSJ-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({
      url: '/api/institution',
      body: { kind: 'mosque', name: 'Masjid Al-Hidayah', registration_no: 'MSJ-123' },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Nyahaktifkan: Majlis Agama Islam Selangor (MAIS)' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]).toEqual({
      url: '/api/institution/inst-seed-mais',
      body: {
        _method: 'PATCH',
        kind: 'council',
        name: 'Majlis Agama Islam Selangor (MAIS)',
        registration_no: null,
        registered_under: MAIS.registered_under,
        state: 'Selangor',
        email: null,
        phone: null,
        address: null,
        active: false,
      },
    });
  });
});
