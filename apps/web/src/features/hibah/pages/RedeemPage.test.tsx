/**
 * The one-cent redeem page says what the redeem code is and where it comes from, in Malay and English, with the
 * code field described (issue 37 item 6.8).
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/components/test-utils.tsx';
import i18n from '@/lib/i18n.ts';
import { RedeemPage } from './RedeemPage.tsx';

describe('one-cent redeem page explains the code (issue 37 item 6.8)', { timeout: 30_000 }, () => {
  it('says in Malay what the code opens and who gives it, and describes the field', async () => {
    renderPage(<RedeemPage />);
    const intro = await screen.findByTestId('redeem-intro');
    expect(intro).toHaveTextContent(/amanah one-cent/);
    expect(intro).toHaveTextContent(/diberikan oleh penyedia amanah/);
    const field = screen.getByRole('textbox', { name: /Kod tebusan/ });
    expect(field).toHaveAccessibleDescription(/10 huruf besar dan digit/);
  });

  it('has the same explanation in English', () => {
    expect(i18n.t('hibah.redeem.intro', { lng: 'en' })).toMatch(/trust provider gives out these codes/);
    expect(i18n.t('hibah.redeem.code_help', { lng: 'en' })).toMatch(/10 capital letters and digits/);
  });
});
