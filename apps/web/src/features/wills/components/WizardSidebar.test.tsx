import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/components/test-utils.tsx';
import type { Will } from '../types.ts';
import { WillStateAlert, WizardSidebar } from './WizardLayout.tsx';

const will = {
  id: 'w1',
  status: 0,
  plan: 'basic',
  parts_done: ['a', 'b'],
  unlocked: ['a', 'b', 'payment'],
} as Will;

describe('WizardSidebar', () => {
  it('lists the parts in order with done / to do / locked in words; locked parts are not links', () => {
    renderPage(<WizardSidebar will={will} wasiatId="w1" current="payment" />);
    const nav = screen.getByRole('navigation', { name: 'Bahagian pendaftaran wasiat' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/wasiat/part-a?wasiat_id=w1',
      '/wasiat/part-b?wasiat_id=w1',
      '/wasiat/part-payment?wasiat_id=w1',
    ]);
    expect(links[0]).toHaveTextContent('Selesai');
    expect(links[2]).toHaveTextContent('Belum selesai');
    expect(links[2]).toHaveAttribute('aria-current', 'step');
    expect(within(nav).getByTestId('part-link-c')).toHaveTextContent('Dikunci');
    expect(within(nav).getByTestId('part-link-c').tagName).not.toBe('A');
    expect(within(nav).queryByTestId('part-link-e')).toBeNull();
  });

  it('shows part E for a comprehensive will', () => {
    renderPage(<WizardSidebar will={{ ...will, plan: 'comprehensive' }} wasiatId="w1" />);
    expect(screen.getByTestId('part-link-e')).toHaveTextContent('Harta, Penjaga & Wasiat Am');
  });

  it("shows the staff's reason at the top of a will to update (status 3)", () => {
    renderPage(<WillStateAlert will={{ ...will, status: 3, rejected_reason: 'Gambar MyKad kabur' }} />);
    expect(screen.getByTestId('rejected-reason')).toHaveTextContent('Sebab: Gambar MyKad kabur');
    expect(screen.getByTestId('rejected-reason')).toHaveTextContent('Dibatalkan, perlu dikemas kini');
  });
});
