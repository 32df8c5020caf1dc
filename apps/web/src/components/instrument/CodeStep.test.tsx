/**
 * The instruments' one-time code step (issue 34 "One instrument"; ADR 0234): the person chooses e-mail or SMS,
 * every sentence names the channel chosen (never "e-mel" for an SMS), in Malay and English; a code verified
 * before a reload still holds; a wrong code is said under the field; a witness's link is by e-mail only.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import i18n from '@/lib/i18n.ts';
import { CodeStep } from './CodeStep.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  void i18n.changeLanguage('ms');
});

function Host({ action }: { action?: 'submit' | 'accept' }) {
  const [verified, setVerified] = useState(false);
  return (
    <CodeStep
      purpose="will-submit"
      record={{ wasiat_id: 'w1' }}
      action={action ?? 'submit'}
      verified={verified}
      onVerified={() => setVerified(true)}
    />
  );
}

/** A fetch that answers the status (not verified), a request (where the code went) and records the bodies. */
function serverSending(destination: Record<string, string>) {
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (String(url).includes('/api/otp/verified')) return jsonResponse({ otp: { verified: false } });
      const body = JSON.parse(String(init?.body ?? '{}'));
      bodies.push(body);
      return jsonResponse({ otp: { channel: body.channel, destination: destination[body.channel], expires_at: '' } });
    }),
  );
  return bodies;
}

const to = { email: 'k***@contoh.my', sms: '+6012****789' };

describe('CodeStep', () => {
  it('names the phone, not the e-mail, when SMS is chosen (Malay)', async () => {
    const bodies = serverSending(to);
    renderPage(<Host />);
    expect(screen.getByTestId('otp-intro')).toHaveTextContent('dihantar ke e-mel anda');
    fireEvent.click(await screen.findByText('SMS'));
    expect(screen.getByTestId('otp-intro')).toHaveTextContent(
      'Sebelum menghantar, sahkan kod 6 digit yang dihantar ke telefon anda melalui SMS.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Minta kod OTP' }));
    await waitFor(() => expect(bodies).toEqual([{ purpose: 'will-submit', wasiat_id: 'w1', channel: 'sms' }]));
    const sent = await screen.findByTestId('otp-sent');
    expect(sent).toHaveTextContent('Kod telah dihantar ke telefon anda melalui SMS (+6012****789).');
    expect(sent.textContent).not.toMatch(/e-mel/);
    expect(screen.getByTestId('otp-step').textContent).not.toMatch(/e-mel anda/);
  });

  it('names the phone when SMS is chosen (English), and the e-mail when e-mail is', async () => {
    const bodies = serverSending(to);
    renderPage(<Host action="accept" />);
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByTestId('otp-intro')).toHaveTextContent(
      'Before accepting the draft, verify the 6-digit code sent to your e-mail.',
    );
    fireEvent.click(await screen.findByText('SMS'));
    expect(screen.getByTestId('otp-intro')).toHaveTextContent('sent to your phone by SMS.');
    fireEvent.click(screen.getByRole('button', { name: 'Request OTP code' }));
    expect(await screen.findByTestId('otp-sent')).toHaveTextContent(
      'The code was sent to your phone by SMS (+6012****789). It is valid for 5 minutes.',
    );
    fireEvent.click(screen.getByText('E-mail'));
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(bodies.map((b) => b.channel)).toEqual(['sms', 'email']));
    await waitFor(() =>
      expect(screen.getByTestId('otp-sent')).toHaveTextContent('The code was sent to your e-mail (k***@contoh.my).'),
    );
  });

  it('shows a code verified before a reload as verified, with the time it holds until (issue 17 item 13)', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      String(url).includes('/api/otp/verified?')
        ? jsonResponse({
            otp: { verified: true, verified_at: '2026-11-25T01:00:00Z', valid_until: '2026-11-25T01:15:00Z' },
          })
        : jsonResponse({}),
    );
    vi.stubGlobal('fetch', fetchMock);
    const verified = vi.fn();
    renderPage(<CodeStep purpose="hibah-finalise" record={{ hibah_id: 'h1' }} onVerified={verified} />);
    expect(await screen.findByTestId('otp-verified')).toHaveTextContent('Kod OTP disahkan. Ia kekal sah sehingga');
    expect(screen.getByTestId('otp-verified')).toHaveTextContent('09:15');
    expect(verified).toHaveBeenCalledOnce();
    expect(String(fetchMock.mock.calls[0][0])).toContain('purpose=hibah-finalise');
    expect(String(fetchMock.mock.calls[0][0])).toContain('hibah_id=h1');
    expect(screen.queryByRole('button', { name: 'Minta kod OTP' })).toBeNull();
  });

  it("says a wrong code under the field, in the server's words", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (String(url).includes('/api/otp/verified')) return jsonResponse({ otp: { verified: false } });
        if (String(url).includes('/api/otp/verify'))
          return jsonResponse({ message: 'x', errors: { code: ['Kod OTP anda tidak betul. Sila cuba lagi.'] } }, 422);
        return jsonResponse({ otp: { channel: 'email', destination: 'k***@contoh.my', expires_at: '' } });
      }),
    );
    renderPage(<Host />);
    fireEvent.click(await screen.findByRole('button', { name: 'Minta kod OTP' }));
    const input = await screen.findByRole('textbox', { name: 'Kod OTP (6 digit)' });
    fireEvent.click(screen.getByRole('button', { name: 'Sahkan kod' }));
    expect(await screen.findByText('Kod OTP mesti 6 digit.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sahkan kod' }));
    expect(await screen.findByText('Kod OTP anda tidak betul. Sila cuba lagi.')).toBeTruthy();
    expect(screen.queryByTestId('otp-verified')).toBeNull();
  });

  it("a witness's link: e-mail only, no remembered code asked of the server", async () => {
    const fetchMock = vi.fn(async () => jsonResponse({}));
    vi.stubGlobal('fetch', fetchMock);
    const request = vi.fn(async () => ({ otp: { destination: 's***@contoh.my' } }));
    const verify = vi.fn(async () => ({}));
    const done = vi.fn();
    renderPage(<CodeStep link={{ request, verify }} action="confirm" onVerified={done} />);
    expect(screen.queryByTestId('otp-channel')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Minta kod OTP' }));
    expect(await screen.findByTestId('otp-sent')).toHaveTextContent(
      'Kod telah dihantar ke e-mel anda (s***@contoh.my).',
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Kod OTP (6 digit)' }), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sahkan kod' }));
    expect(await screen.findByTestId('otp-verified')).toHaveTextContent('Kod OTP disahkan.');
    expect(verify).toHaveBeenCalledWith('654321');
    expect(done).toHaveBeenCalledOnce();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says the code went to the testator when an agent asks for it (issue 38 item 5; ADR 0278)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (String(url).includes('/api/otp/verified')) return jsonResponse({ otp: { verified: false } });
        return jsonResponse({ otp: { channel: 'email', destination: 'c***@example.com', to_testator: true } });
      }),
    );
    renderPage(<Host />);
    fireEvent.click(screen.getByRole('button', { name: 'Minta kod OTP' }));
    const sent = await screen.findByTestId('otp-sent');
    expect(sent).toHaveTextContent(
      'Kod telah dihantar ke e-mel pewasiat (c***@example.com). Minta kod itu daripada pewasiat',
    );
    expect(sent.textContent).not.toMatch(/e-mel anda/);
  });
});
