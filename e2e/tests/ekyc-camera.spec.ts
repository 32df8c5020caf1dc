/**
 * eKYC with Chromium's fake camera (issue 3): the will's eKYC step takes the selfie from the camera
 * (getUserMedia), not from a file. Chromium plays e2e/fixtures/camera.y4m as the camera
 * (`--use-fake-device-for-media-stream --use-file-for-fake-video-capture=…`; make-camera-y4m.ts): two frames,
 * one second each, looping — another person under a red bar, the MyKad holder under a blue bar. The test
 * reads the bar's colour from the live video to take the picture of the person it wants (and checks the
 * picture taken), because the video file is a browser launch option and so one video serves both attempts:
 *  1. the other person → a failed attempt (score < 70, failed count 1);
 *  2. the MyKad holder → a pass; then the OTP step of part G with the code read from the app's outbox
 *     (support/mail.ts), after a wrong code is refused, and the submission.
 * The parts before eKYC and between eKYC and part G are filled through the API (the will journey covers them
 * in the browser); the client logs in through the login page (support/ui.ts `login`).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_ORG, MYKAD_BACK, MYKAD_FRONT, newClient, newMykad } from './support/data.ts';
import { mailTo } from './support/mail.ts';
import { apiHeaders, login, signUpByApi, textbox } from './support/ui.ts';

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

const dataUrlOf = (file: string, mime: string) => `data:${mime};base64,${readFileSync(file).toString('base64')}`;
/** A drawn signature (1×1 opaque near-black PNG), as the API's tests use. */
const SIGNATURE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWPg4uICAABAAB8LnNWkAAAAAElFTkSuQmCC';

async function call(request: APIRequestContext, token: string, path: string, data: unknown, status = 200) {
  const res = await request.post(`/api${path}`, { headers: apiHeaders(token), data });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(status);
  return res.json();
}

/** A client's basic will, paid at the sandbox gateway, with particulars and MyKad images: at the eKYC step. */
async function willAtEkyc(request: APIRequestContext): Promise<State> {
  const client = newClient('Hafiz bin Razak');
  const { id, token } = await signUpByApi(request, client);
  const { wasiat } = await call(request, token, '/wasiat', { user_id: id }, 201);
  const orgs = await (await request.get('/api/organization?allow_wasiat=1', { headers: apiHeaders(token) })).json();
  const org = (orgs as { organizations: { data: { id: string; name: string }[] } }).organizations.data.find(
    (o) => o.name === DEMO_ORG,
  ) as { id: string };
  const branches = await (
    await request.get(`/api/organization/${org.id}/branch`, { headers: apiHeaders(token) })
  ).json();
  const branch = (branches as { branches: { data: { id: string }[] } }).branches.data[0];
  await call(request, token, `/wasiat/${wasiat.id}`, {
    _method: 'PATCH',
    organization_id: org.id,
    branch_id: branch.id,
    wasiat_type: 1,
    plan: 'basic',
  });
  const pay = await call(request, token, '/payment', { paymentable_id: wasiat.id, payment_options_id: 1 });
  const gateway = await request.post(new URL(pay.payment_link, 'http://x').pathname, {
    form: { outcome: 'approve' },
    maxRedirects: 0,
  });
  expect(gateway.status()).toBe(303);
  await call(request, token, `/wasiat/${wasiat.id}/user-detail`, {
    _method: 'PATCH',
    designation: 'mr',
    name: client.name,
    ic_number: client.ic_number,
    gender: 1,
    race: 1,
    religion: 1,
    nationality: 1,
    marital_status: 'married',
    email: client.email,
    mobile_number: client.mobile_number,
    correspondence_address: 'No. 8, Jalan Kenari 2, Taman Puchong',
    correspondence_postcode: '47100',
    correspondence_city: 'Puchong',
    correspondence_state: 'Selangor',
    permanent_address: 'No. 8, Jalan Kenari 2, Taman Puchong',
    permanent_postcode: '47100',
    permanent_city: 'Puchong',
    permanent_state: 'Selangor',
  });
  for (const [type, file, mime] of [
    ['mykad-front', MYKAD_FRONT, 'image/jpeg'],
    ['mykad-back', MYKAD_BACK, 'image/png'],
  ]) {
    await call(
      request,
      token,
      `/wasiat/${wasiat.id}/document`,
      { is_base64: true, type, document: dataUrlOf(file, mime) },
      201,
    );
  }
  return { username: client.username, password: client.password, email: client.email, token, willId: wasiat.id };
}

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

/** Open the camera, take a picture while the video shows `bar` (retaking if the frame changed), verify. */
async function verifyWithCamera(page: Page, bar: Bar) {
  const preview = 'img[alt="Pratonton swafoto"]';
  for (let attempt = 0; attempt < 5; attempt++) {
    await page.getByRole('button', { name: 'Buka kamera' }).click();
    await expect(page.getByLabel('Paparan kamera')).toBeVisible();
    await expect.poll(() => barOf(page, 'video'), { timeout: 20_000, intervals: [100] }).toBe(bar);
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
      state = await willAtEkyc(request);
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
