/**
 * The hibah wizards announce their current part to a screen reader (issue 34 "One instrument"; ADR 0234): the
 * part open is marked `aria-current="step"` in the instruments' step list (not by colour alone); before the
 * hibah exists the other parts are locked, said in words and not links.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/components/test-utils.tsx';
import { WizardFrame } from './components/WizardFrame.tsx';
import type { Hibah } from './types.ts';

const hibah = {
  id: 'h1',
  hibah_type: 1,
  user_id: 'me',
  status: 0,
  price_sen: 50000,
  rejected_reason: null,
} as unknown as Hibah;

describe('the hibah wizard frame', () => {
  it('marks the part open as the current step, and only it', async () => {
    renderPage(
      <WizardFrame base="/trust" part="e" hibah={hibah}>
        <p>bahagian e</p>
      </WizardFrame>,
    );
    const nav = await screen.findByRole('navigation', { name: 'Bahagian hibah' });
    const current = within(nav).getByRole('link', { name: 'E. Penerima' });
    expect(current).toHaveAttribute('aria-current', 'step');
    expect(current).toHaveAttribute('href', '/trust/part-e?id=h1');
    expect(nav.querySelectorAll('[aria-current="step"]')).toHaveLength(1);
    expect(within(nav).getByRole('link', { name: 'A. Akaun' })).not.toHaveAttribute('aria-current');
  });

  it('before the hibah exists: part A current, the others locked in words and not links', async () => {
    renderPage(
      <WizardFrame base="/trust" part="a" hibah={null}>
        <p>bahagian a</p>
      </WizardFrame>,
    );
    const nav = await screen.findByRole('navigation', { name: 'Bahagian hibah' });
    expect(within(nav).getAllByRole('link')).toHaveLength(1);
    expect(within(nav).getByRole('link', { name: 'A. Akaun' })).toHaveAttribute('aria-current', 'step');
    expect(within(nav).getByTestId('hibah-step-c')).toHaveTextContent('Dikunci — lengkapkan Bahagian A dahulu');
    expect(within(nav).getByTestId('hibah-step-c').tagName).not.toBe('A');
  });
});
