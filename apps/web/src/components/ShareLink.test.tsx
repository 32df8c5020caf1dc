import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ShareLink, whatsappUrl } from './ShareLink.tsx';
import { renderPage } from './test-utils.tsx';

describe('ShareLink (issue 17 item 15)', () => {
  it('builds wa.me links with the message and a Malaysian number in international digits', () => {
    expect(whatsappUrl('Sila buka: https://x/y?a=1&b=2', '012-345 6789')).toBe(
      'https://wa.me/60123456789?text=Sila%20buka%3A%20https%3A%2F%2Fx%2Fy%3Fa%3D1%26b%3D2',
    );
    expect(whatsappUrl('hi', '+60123456789')).toBe('https://wa.me/60123456789?text=hi');
    expect(whatsappUrl('hi')).toBe('https://wa.me/?text=hi');
  });

  it('offers copy and WhatsApp with a message in the language in use', async () => {
    renderPage(<ShareLink url="https://app/x" label="Pautan" messageKey="common.share.witness_message" testId="l" />);
    expect(await screen.findByLabelText('Pautan')).toHaveValue('https://app/x');
    const wa = screen.getByTestId('l-whatsapp');
    expect(wa.getAttribute('href')).toContain(encodeURIComponent('Anda dijemput menjadi saksi'));
    expect(wa.getAttribute('href')).toContain(encodeURIComponent('https://app/x'));
    expect(screen.getByRole('button', { name: 'Salin pautan' })).toBeTruthy();
  });
});
