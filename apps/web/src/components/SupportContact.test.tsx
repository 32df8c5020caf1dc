/**
 * The customer service contact (issue 17 item 15): on the home page, and in the dialog of a system error
 * (a 5xx answer) but not of a validation error (spec §8).
 */
import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HomePage } from '@/features/auth/HomePage.tsx';
import { api } from '@/lib/api.ts';
import { FeedbackHost } from '@/lib/feedback.tsx';
import i18n from '@/lib/i18n.ts';
import { resetSupportContact } from './SupportContact.tsx';
import { jsonResponse, renderPage } from './test-utils.tsx';

const contact = {
  phone: '+603-2711 0000',
  email: 'bantuan@wasiat.example.my',
  whatsapp: '+60 12-345 6789',
  whatsapp_url: 'https://wa.me/60123456789',
  provider: { name: null, registration_no: null, address: null },
};
const realFetch = globalThis.fetch;
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  resetSupportContact();
  fetchMock = vi.fn(async (url: string) =>
    String(url).includes('support-contact')
      ? jsonResponse({ contact })
      : String(url).includes('boom')
        ? jsonResponse({ message: 'Masalah teknikal. Sila cuba lagi.' }, 500)
        : jsonResponse({ message: 'Data tidak sah.', errors: { name: ['Nama diperlukan.'] } }, 422),
  );
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('SupportContact', () => {
  it('shows the configured phone, e-mail and WhatsApp on the home page, as links', async () => {
    renderPage(<HomePage />);
    const phone = await screen.findByRole('link', { name: contact.phone });
    expect(phone.getAttribute('href')).toBe('tel:+60327110000');
    expect(screen.getByRole('link', { name: contact.email }).getAttribute('href')).toBe(`mailto:${contact.email}`);
    expect(screen.getByRole('link', { name: contact.whatsapp }).getAttribute('href')).toBe(contact.whatsapp_url);
    expect(screen.getByText('Perlukan bantuan? Hubungi khidmat pelanggan kami.')).toBeTruthy();
  });

  it('shows nothing when no channel is configured', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse({ contact: { ...contact, phone: null, email: null, whatsapp: null, whatsapp_url: null } }),
    );
    renderPage(<HomePage />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('support-contact')).toBeNull();
  });

  it('adds the contact to the dialog of a system error, not of a validation error', async () => {
    // English loaded before the error arrives (its messages may load lazily on a busy machine)
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    render(
      <MantineProvider>
        <FeedbackHost />
      </MantineProvider>,
    );
    await act(async () => {
      await api.post('boom', {}).catch(() => {});
    });
    expect(
      await screen.findByText('If the problem persists, contact customer service:', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(await screen.findByRole('link', { name: contact.email }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: contact.whatsapp }).getAttribute('href')).toBe(contact.whatsapp_url);
    await act(async () => {
      screen.getAllByRole('button', { name: 'Close' }).at(-1)?.click();
    });
    await waitFor(() => expect(screen.queryByText('If the problem persists, contact customer service:')).toBeNull());
    await act(async () => {
      await api.post('invalid', {}).catch(() => {});
    });
    // spec §8: a failed post shows its first error as a toast and in a dialog (either may render first)
    expect((await screen.findAllByText('Nama diperlukan.')).length).toBeGreaterThan(0);
    expect(screen.queryByText('If the problem persists, contact customer service:')).toBeNull();
    await act(async () => {
      await i18n.changeLanguage('ms');
    });
  });
});
