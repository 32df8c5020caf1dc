/**
 * Shared steps of the hibah journeys: the wizard's one-time-code step, read from the app's outbox.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { textbox } from './ui.ts';

/** The .eml files in the app's outbox (DATA_DIR/outbox; DATA_DIR from e2e/playwright.config.ts). */
const outbox = () => join(process.env.E2E_DATA_DIR ?? '', 'outbox');
const outboxFiles = async () => (await readdir(outbox()).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));

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
  let code = '';
  await expect
    .poll(
      async () => {
        for (const f of (await outboxFiles())
          .filter((f) => !before.has(f))
          .sort()
          .reverse()) {
          const raw = (await readFile(join(outbox(), f), 'utf8')).replace(/=\r?\n/g, '');
          if (!raw.toLowerCase().includes(email.toLowerCase())) continue;
          code = /Kod pengesahan anda ialah (\d{6})/.exec(raw)?.[1] ?? '';
          if (code) return true;
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const input = textbox(page, 'Kod OTP (6 digit)');
  await input.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Sahkan kod' }).click();
  await expect(input).toHaveAccessibleDescription('Kod OTP anda tidak betul. Sila cuba lagi.');
  await input.fill(code);
  await page.getByRole('button', { name: 'Sahkan kod' }).click();
  await expect(page.getByTestId('otp-verified')).toContainText('Kod OTP disahkan');
}
