import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { OtpStep } from './OtpStep.tsx';

afterEach(() => vi.unstubAllGlobals());

function Host() {
  const [verified, setVerified] = useState(false);
  return (
    <OtpStep
      purpose="will-submit"
      record={{ wasiat_id: 'w1' }}
      intro="intro"
      verified={verified}
      onVerified={() => setVerified(true)}
    />
  );
}

describe('OtpStep', () => {
  it('shows a code verified before a reload as verified (issue 17 item 13)', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      String(url).includes('/api/otp/verified?')
        ? jsonResponse({ otp: { verified: true, verified_at: '2026-11-25T00:00:00Z', valid_until: null } })
        : jsonResponse({}),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderPage(<Host />);
    expect(await screen.findByTestId('otp-verified')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0][0])).toContain('purpose=will-submit');
    expect(String(fetchMock.mock.calls[0][0])).toContain('wasiat_id=w1');
  });

  it('asks for a code by the channel the person chose (issue 17 item 15)', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (String(url).includes('/api/otp/verified')) return jsonResponse({ otp: { verified: false } });
        bodies.push(JSON.parse(String(init?.body ?? '{}')));
        return jsonResponse({ otp: { channel: 'sms', destination: '+6012****789', expires_at: '' } });
      }),
    );
    renderPage(<Host />);
    fireEvent.click(await screen.findByText('SMS'));
    fireEvent.click(screen.getByRole('button', { name: /OTP/ }));
    await waitFor(() => expect(bodies).toEqual([{ purpose: 'will-submit', wasiat_id: 'w1', channel: 'sms' }]));
    expect(await screen.findByTestId('otp-sent')).toBeTruthy();
    expect(screen.queryByTestId('otp-verified')).toBeNull();
  });
});
