import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EntityForm } from '@/components/EntityForm.tsx';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { addressGroups } from '@/components/usePostcodeAutofill.ts';

afterEach(() => vi.unstubAllGlobals());

describe('addressGroups', () => {
  it('finds every prefix with postcode, city and state', () => {
    expect(
      addressGroups(['name', 'postcode', 'city', 'state', 'permanent_postcode', 'permanent_city', 'permanent_state']),
    ).toEqual([
      { postcode: 'postcode', city: 'city', state: 'state' },
      { postcode: 'permanent_postcode', city: 'permanent_city', state: 'permanent_state' },
    ]);
    expect(addressGroups(['postcode', 'city'])).toEqual([]);
  });
});

describe('postcode autofill in a form', () => {
  it('fills city and state when a new 5-digit postcode is typed, and leaves the opened value alone', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      String(url).endsWith('/api/postcode/43000')
        ? jsonResponse({ postcode: { postcode: '43000', city: 'Kajang', state: 'Selangor' } })
        : jsonResponse({ postcode: null }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderPage(
      <EntityForm
        fields={[
          { name: 'postcode', label: 'Poskod' },
          { name: 'city', label: 'Bandar' },
          { name: 'state', label: 'Negeri', kind: 'state' },
        ]}
        defaults={{ postcode: '50450', city: 'Kuala Lumpur', state: 'W.P. Kuala Lumpur' }}
        onSubmit={async () => {}}
        submitLabel="Simpan"
      />,
    );
    const postcode = await screen.findByLabelText('Poskod');
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(postcode, { target: { value: '43000' } });
    await waitFor(() => expect((screen.getByLabelText('Bandar') as HTMLInputElement).value).toBe('Kajang'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getAllByDisplayValue('Selangor').length).toBeGreaterThan(0);
    // An unknown postcode keeps what was there.
    fireEvent.change(postcode, { target: { value: '99999' } });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect((screen.getByLabelText('Bandar') as HTMLInputElement).value).toBe('Kajang');
  });
});
