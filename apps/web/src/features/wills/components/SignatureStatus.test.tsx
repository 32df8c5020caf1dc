import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/components/test-utils.tsx';
import { SignatureStatusNotice } from './SignatureStatus.tsx';

describe('SignatureStatusNotice (issue 17 item 4)', () => {
  it('names the testator and each witness whose signature is of an earlier version', async () => {
    renderPage(
      <SignatureStatusNotice
        wasiatId="w1"
        status={{
          version: 'v2',
          testator: { state: 'earlier_version', signed_at: '2026-11-01T00:00:00Z' },
          witnesses: [
            { id: 'a', name: 'Saksi Satu', state: 'current', signed_at: null },
            { id: 'b', name: 'Saksi Dua', state: 'earlier_version', signed_at: null },
          ],
        }}
      />,
    );
    const notice = await screen.findByTestId('signatures-stale');
    // the part by its name, as the numbered step list shows it — no letter (issue 37 item 6.3)
    expect(notice).toHaveTextContent('Pewasiat (bahagian "Pengesahan").');
    expect(notice).not.toHaveTextContent('Bahagian F');
    expect(notice).toHaveTextContent('Saksi Dua');
    expect(notice).not.toHaveTextContent('Saksi Satu');
    expect(screen.getByRole('link', { name: 'Tandatangan semula' })).toHaveAttribute(
      'href',
      '/wasiat/part-f?wasiat_id=w1',
    );
  });

  it('says nothing when every signature is current', async () => {
    renderPage(
      <>
        <p>kosong</p>
        <SignatureStatusNotice
          wasiatId="w1"
          status={{ version: 'v', testator: { state: 'current', signed_at: null }, witnesses: [] }}
        />
      </>,
    );
    expect(await screen.findByText('kosong')).toBeTruthy();
    expect(screen.queryByTestId('signatures-stale')).toBeNull();
  });
});
