import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { newMykad } from './support/data.ts';
import { call, willAtEkyc } from './support/ekyc-will.ts';
import { mailTo } from './support/mail.ts';
import { login, textbox } from './support/ui.ts';

const CAMERA = fileURLToPath(new URL('../fixtures/camera.y4m', import.meta.url));

/** The launch options of a browser whose camera plays `file` (permission granted without a prompt). */
const withCamera = (file: string) => ({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${file}`,
  ],
});

interface State {
  username: string;
  password: string;
  email: string;
  token: string;
  willId: string;
}
/** A drawn signature (1×1 opaque near-black PNG), as the API's tests use. */
const SIGNATURE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWPg4uICAABAAB8LnNWkAAAAAElFTkSuQmCC';

type Bar = 'red' | 'blue';

/** The colour of the marker bar at the top of an image source (video or img) in the page. */
const barOf = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el: HTMLVideoElement | HTMLImageElement) => {
    const w = el instanceof HTMLVideoElement ? el.videoWidth : el.naturalWidth;
    const h = el instanceof HTMLVideoElement ? el.videoHeight : el.naturalHeight;
    if (!w || !h) return 'none';
    const c = document.createElement('canvas');
    c.width = w;
    c.height = h;
    const g = c.getContext('2d');
    if (!g) return 'none';
    g.drawImage(el, 0, 0);
    const [r, , b] = g.getImageData(Math.floor(w / 2), 4, 1, 1).data;
    return r > 150 && b < 100 ? 'red' : b > 150 && r < 100 ? 'blue' : 'none';
  });

/**
 * Open the camera, take a picture while the video shows `bar` (retaking if the frame changed; reopening it when
 * the stream shows no frame), verify.
 */
async function verifyWithCamera(page: Page, bar: Bar) {
  const preview = 'img[alt="Pratonton swafoto"]';
  for (let attempt = 0; attempt < 5; attempt++) {
    await page.getByRole('button', { name: 'Buka kamera' }).click();
    await expect(page.getByLabel('Paparan kamera')).toBeVisible();
    const showing = await expect
      .poll(() => barOf(page, 'video'), { timeout: 20_000, intervals: [100] })
      .toBe(bar)
      .then(
        () => true,
        () => false,
      );
    if (!showing) {
      // Headless Chromium's fake camera now and then gives a new stream no frame at all (the video stays 0×0):
      // as a user would, leave the page and open the camera again.
      await page.reload();
      continue;
    }
    await page.getByRole('button', { name: 'Ambil gambar' }).click();
    await expect(page.locator(preview)).toBeVisible();
    if ((await barOf(page, preview)) === bar) break;
  }
  expect(await barOf(page, preview)).toBe(bar);
  await page.getByRole('button', { name: 'Sahkan wajah' }).click();
  const result = page.getByTestId('ekyc-result');
  await expect(result).toContainText('Skor persamaan', { timeout: 90_000 });
  return { result, score: Number(/Skor persamaan: (\d+)/.exec((await result.textContent()) ?? '')?.[1]) };
}

test.use({ actionTimeout: 15_000, navigationTimeout: 30_000 });

test.use({ launchOptions: withCamera(CAMERA), permissions: ['camera'] });

test.describe
  .serial('eKYC wasiat dengan kamera', () => {
    let state: State;

    test('percubaan gagal dengan wajah orang lain', async ({ page, request }) => {
      const { client, token, willId } = await willAtEkyc(request, 'Hafiz bin Razak');
      state = { username: client.username, password: client.password, email: client.email, token, willId };
      await login(page, state.username, state.password);
      await page.goto(`/wasiat/ekyc?wasiat_id=${state.willId}`);
      await expect(page.getByRole('heading', { name: 'eKYC', level: 2 })).toBeVisible();
      await expect(page.getByTestId('ekyc-failed-count')).toHaveText('Percubaan gagal: 0');
      const { result, score } = await verifyWithCamera(page, 'red');
      await expect(result).toContainText('eKYC gagal: skor persamaan terlalu rendah');
      expect(score).toBeLessThan(70);
      await expect(page.getByTestId('ekyc-failed-count')).toHaveText('Percubaan gagal: 1');
      await expect(page.getByTestId('ekyc-verified')).toHaveCount(0);
    });

    test('eKYC berjaya dengan wajah pemegang MyKad, kemudian kod OTP dari peti keluar', async ({ page, request }) => {
      await login(page, state.username, state.password);
      await page.goto(`/wasiat/ekyc?wasiat_id=${state.willId}`);
      await expect(page.getByTestId('ekyc-failed-count')).toHaveText('Percubaan gagal: 1');
      const { result, score } = await verifyWithCamera(page, 'blue');
      await expect(result).toContainText('eKYC berjaya');
      expect(score).toBeGreaterThanOrEqual(70);
      await expect(page.getByTestId('ekyc-verified')).toBeVisible();
      await expect(page.getByTestId('ekyc-failed-count')).toHaveText('Percubaan gagal: 1');
      // The parts between eKYC and G (heir, signature and declarations, two witnesses) through the API.
      const { token, willId } = state;
      await call(
        request,
        token,
        '/heir',
        {
          heirable_type: 'Wasiat',
          heirable_id: willId,
          name: 'Aminah binti Ismail',
          relationship: 'wife',
          mobile_number: '0198765432',
          address: 'No. 8, Jalan Kenari 2, Taman Puchong',
          postcode: '47100',
          city: 'Puchong',
          state: 'Selangor',
        },
        201,
      );
      await call(request, token, `/wasiat/${willId}/signature`, { is_base64: true, document: SIGNATURE_PNG });
      await call(request, token, `/wasiat/${willId}`, {
        _method: 'PATCH',
        acknowledged_pdpa: 1,
        acknowledged_confirmation: 1,
      });
      for (const name of ['Saksi Satu', 'Saksi Dua']) {
        await call(
          request,
          token,
          '/witness',
          {
            witnessable_type: 'Wasiat',
            witnessable_id: willId,
            name,
            ic_number: newMykad(),
            email: `${name.replace(' ', '.').toLowerCase()}@example.com`,
            address: 'No. 2, Jalan Melur',
            postcode: '43000',
            city: 'Kajang',
            state: 'Selangor',
            signature: SIGNATURE_PNG,
          },
          201,
        );
      }

      // Part G: the OTP step, the code read from the app's outbox.
      await page.goto(`/wasiat/part-g?wasiat_id=${willId}`);
      await expect(page.getByRole('button', { name: 'Hantar', exact: true })).toBeDisabled();
      await page.getByRole('button', { name: 'Minta kod OTP' }).click();
      await expect(page.getByTestId('otp-sent')).toContainText('Kod telah dihantar');
      // The newest mail to the client (support/mail.ts) once it is the code's.
      let code = '';
      await expect
        .poll(async () => {
          code = /Kod pengesahan anda ialah (\d{6})/.exec(await mailTo(state.email))?.[1] ?? '';
          return code;
        })
        .toMatch(/^\d{6}$/);
      const input = textbox(page, 'Kod OTP (6 digit)');
      await input.fill(code === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: 'Sahkan kod' }).click();
      await expect(input).toHaveAccessibleDescription('Kod OTP anda tidak betul. Sila cuba lagi.');
      await input.fill(code);
      await page.getByRole('button', { name: 'Sahkan kod' }).click();
      await expect(page.getByTestId('otp-verified')).toContainText('Kod OTP disahkan');
      await page.getByRole('button', { name: 'Hantar', exact: true }).click();
      await expect(page.getByTestId('submit-result')).toContainText('Wasiat telah dihantar');
    });
  });
