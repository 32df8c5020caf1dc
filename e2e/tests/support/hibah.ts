/**
 * Shared steps of the hibah journeys: the wizard's one-time-code step, read from the app's outbox.
 */
import { expect, type Page } from '@playwright/test';
import { otpCodeInMail, outboxFiles } from './mail.ts';
import { textbox } from './ui.ts';

/** The id of the hibah of the wizard page open (`?id=`). */
export const hibahIdOf = (page: Page) => new URL(page.url()).searchParams.get('id') as string;

/**
 * The OTP step (as the will's part G): "Minta kod OTP", read the 6-digit code from the new mail to `email`
 * in the outbox, refuse a wrong code, then verify the right one.
 */
export async function passOtp(page: Page, email: string) {
  const before = new Set(await outboxFiles());
  await page.getByRole('button', { name: 'Minta kod OTP' }).click();
  await expect(page.getByTestId('otp-sent')).toContainText('Kod telah dihantar');
  const code = await otpCodeInMail(email, before);
  const input = textbox(page, 'Kod OTP (6 digit)');
  await input.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Sahkan kod' }).click();
  await expect(input).toHaveAccessibleDescription('Kod OTP anda tidak betul. Sila cuba lagi.');
  await input.fill(code);
  await page.getByRole('button', { name: 'Sahkan kod' }).click();
  await expect(page.getByTestId('otp-verified')).toContainText('Kod OTP disahkan');
}
