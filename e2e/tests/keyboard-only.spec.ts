/**
 * The keyboard-only journey (issue 22 items 1, 3 and 4; WCAG 2.1.1, 2.4.3, 2.4.7, 4.1.3): a new client who uses
 * no mouse signs up, registers a basic will through every part — payment at the sandbox gateway with a refused
 * and then an accepted promo code, testator with one postcode error, MyKad images and selfie chosen through the
 * file dialog opened by Space, an heir, the declarations with a TYPED signature, two witnesses who also sign by
 * typing, the one-time code from the mail — and submits it for verification. Only key presses act
 * (support/keyboard.ts: Tab / Shift+Tab, Enter, Space, arrow keys, typing); no `.click()`, `.fill()` or mouse.
 *
 * On the way it checks what a keyboard or screen-reader user depends on: the promo code's result and the
 * payment result are announced in live regions while focus stays where it was, and a field in error shows a
 * visible focus ring when it takes focus.
 */
import { expect, type Page, test } from '@playwright/test';
import {
  DEMO_BRANCH,
  DEMO_ORG,
  DEMO_PROMO,
  MYKAD_BACK,
  MYKAD_FRONT,
  newClient,
  newMykad,
  SELFIE,
} from './support/data.ts';
import { choose, chooseFile, pickRadio, press, tabTo, tick, typeInto } from './support/keyboard.ts';
import { otpCodeInMail, outboxFiles } from './support/mail.ts';
import { textbox } from './support/ui.ts';

const client = newClient('Mohd Hakim bin Ismail');
const witnesses = [
  { name: 'Hafiz bin Rahman', ic: newMykad('male'), email: 'hafiz.saksi@contoh.my' },
  { name: 'Salina binti Yusof', ic: newMykad('female'), email: 'salina.saksi@contoh.my' },
];

/** The focus ring of the focused element: an outline of at least 2 px that is drawn (WCAG 2.4.7). */
async function expectFocusRing(page: Page) {
  const ring = await page.evaluate(() => {
    const s = getComputedStyle(document.activeElement as Element);
    return { style: s.outlineStyle, width: Number.parseFloat(s.outlineWidth) };
  });
  expect(ring.style, 'outline of the focused field in error').not.toBe('none');
  expect(ring.width).toBeGreaterThanOrEqual(2);
}

/** Type a signature: Enter on the canvas switches the pad to typing and focuses the name field. */
async function typeSignature(page: Page, canvasName: string, name: string, scope = page.locator('body')) {
  await tabTo(page, scope.getByRole('img', { name: canvasName }));
  await page.keyboard.press('Enter');
  const field = scope.getByRole('textbox', { name: 'Nama penuh untuk tandatangan' });
  await expect(field).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(name);
  await expect(scope.getByRole('img', { name: `Tandatangan ditaip: ${name}` })).toBeVisible();
}

test.use({ actionTimeout: 15_000, navigationTimeout: 30_000 });

test('papan kekunci sahaja: daftar akaun, daftar wasiat dengan tandatangan ditaip, dan hantar', async ({ page }) => {
  test.setTimeout(420_000);
  const next = page.getByRole('button', { name: 'Seterusnya' });

  // Sign up.
  await page.goto('/sign-up');
  await expect(page.getByRole('heading', { name: 'Daftar akaun', level: 1 })).toBeVisible();
  await typeInto(page, textbox(page, 'Nama penuh'), client.name);
  await typeInto(page, textbox(page, 'Nama pengguna'), client.username);
  await typeInto(page, textbox(page, 'E-mel'), client.email);
  await typeInto(page, textbox(page, 'No. MyKad'), client.ic_number);
  await typeInto(page, textbox(page, 'No. telefon bimbit'), client.mobile_number);
  await typeInto(page, textbox(page, 'Kata laluan baharu'), client.password);
  await typeInto(page, textbox(page, 'Ulang kata laluan'), client.password);
  await tick(page, page.getByRole('checkbox', { name: /Saya bersetuju dengan pemprosesan data peribadi/ }));
  await press(page, page.getByRole('button', { name: 'Daftar', exact: true }));
  await expect(page).toHaveURL(/\/dashboard$/);

  // Part A → B.
  await press(page, page.getByRole('link', { name: 'Daftar wasiat baharu', exact: true }));
  await expect(page).toHaveURL(/\/wasiat\/part-a$/);
  await press(page, page.getByRole('button', { name: 'Mula daftar wasiat' }));
  await expect(page).toHaveURL(/\/wasiat\/part-b\?wasiat_id=/);
  const willId = new URL(page.url()).searchParams.get('wasiat_id') ?? '';
  await choose(page, page.getByRole('combobox', { name: 'Organisasi', exact: true }), DEMO_ORG);
  await choose(page, page.getByRole('combobox', { name: 'Cawangan', exact: true }), DEMO_BRANCH);
  await pickRadio(page, page.getByRole('radio', { name: 'Wasiat Islam' }));
  await press(page, next);

  // Payment: a refused code, then the demo code; each result is announced while focus stays on the button.
  await expect(page).toHaveURL(/\/wasiat\/part-payment\?wasiat_id=/);
  const live = page.getByTestId('pay-live');
  await expect(live).toHaveAttribute('role', 'status');
  await expect(live).toHaveAttribute('aria-live', 'polite');
  const check = page.getByRole('button', { name: 'Semak kod' });
  await typeInto(page, textbox(page, 'Kod promosi'), 'TIADAKOD1');
  await press(page, check);
  await expect(live).toHaveText(/^Kod promosi ditolak: .+/);
  await expect(check).toBeFocused();
  await press(page, page.getByRole('button', { name: 'Buang kod' }));
  await expect(live).toHaveText('Kod promosi dibuang. Anda boleh membayar tanpa kod.');
  await expect(textbox(page, 'Kod promosi')).toBeFocused();
  await page.keyboard.type(DEMO_PROMO);
  await press(page, check);
  await expect(live).toHaveText('Kod promosi sah: diskaun RM 50.00.');
  await expect(check).toBeFocused();
  await expect(page.getByTestId('pay-discount')).toHaveText('RM 50.00');
  await press(page, page.getByRole('button', { name: 'Bayar', exact: true }));
  await expect(page).toHaveURL(/\/api\/payment-gateway\/sandbox\//);
  await press(page, page.getByRole('button', { name: /Lulus/ }));
  await expect(page).toHaveURL(/\/payment-status\?status=1/);
  // The result appears in an alert (a live region) once the server has answered.
  await expect(page.getByRole('alert')).toContainText('Bayaran berjaya');
  await press(page, page.getByRole('link', { name: 'Teruskan pendaftaran wasiat' }));

  // Part C: a bad postcode first; focus goes to it and shows.
  await expect(page).toHaveURL(new RegExp(`/wasiat/part-c\\?wasiat_id=${willId}`));
  await expect(textbox(page, 'Nama')).toHaveValue(client.name);
  await typeInto(page, textbox(page, 'Alamat', 0), 'No. 7, Jalan Melur 2, Taman Melati');
  await typeInto(page, textbox(page, 'Poskod', 0), '123');
  await typeInto(page, textbox(page, 'Bandar', 0), 'Kajang');
  await choose(page, page.getByRole('combobox', { name: 'Negeri', exact: true }).nth(0), 'Selangor');
  await typeInto(page, textbox(page, 'Alamat', 1), 'No. 7, Jalan Melur 2, Taman Melati');
  // A known postcode fills the town and the state (usePostcodeAutofill, issue 17 item 14). The lookup answers
  // whenever it does: typing the town or choosing the state before it lands raced with it.
  await typeInto(page, textbox(page, 'Poskod', 1), '43000');
  await expect(textbox(page, 'Bandar', 1)).toHaveValue('Kajang');
  await expect(page.getByRole('combobox', { name: 'Negeri', exact: true }).nth(1)).toHaveValue('Selangor');
  await press(page, next);
  const postcode = textbox(page, 'Poskod', 0);
  await expect(postcode).toHaveAccessibleDescription('Poskod mesti 5 digit.');
  await expect(postcode).toBeFocused();
  await expectFocusRing(page);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('43000');
  await press(page, next);

  // MyKad images and the selfie: Space on the file field opens the file dialog.
  await expect(page).toHaveURL(new RegExp(`/wasiat/document\\?wasiat_id=${willId}`));
  await chooseFile(page, page.getByLabel('MyKad (depan)'), MYKAD_FRONT);
  await chooseFile(page, page.getByLabel('MyKad (belakang)'), MYKAD_BACK);
  await expect(page.getByRole('img', { name: 'Pratonton MyKad (belakang)' })).toBeVisible();
  await press(page, next);
  await expect(page).toHaveURL(new RegExp(`/wasiat/ekyc\\?wasiat_id=${willId}`));
  await chooseFile(page, page.getByLabel('Muat naik swafoto'), SELFIE);
  await expect(page.getByRole('img', { name: 'Pratonton swafoto' })).toBeVisible();
  await press(page, page.getByRole('button', { name: 'Sahkan wajah' }));
  await expect(page.getByTestId('ekyc-result')).toContainText('eKYC berjaya', { timeout: 60_000 });
  await press(page, next);

  // Part D: one heir, the address copied from the testator's.
  await expect(page).toHaveURL(new RegExp(`/wasiat/part-d\\?wasiat_id=${willId}`));
  await press(page, page.getByRole('button', { name: 'Tambah waris' }));
  const heir = page.getByRole('form', { name: 'Waris baharu' });
  await typeInto(page, textbox(heir, 'Nama'), 'Aminah binti Yusof');
  await choose(page, heir.getByRole('combobox', { name: 'Hubungan', exact: true }), 'Isteri');
  await typeInto(page, textbox(heir, 'No. MyKad'), newMykad('female'));
  await typeInto(page, textbox(heir, 'No. telefon bimbit'), '0137654321');
  await tick(page, heir.getByRole('checkbox', { name: 'Sama seperti alamat pewasiat' }));
  await press(page, heir.getByRole('button', { name: 'Simpan' }));
  await expect(page.getByRole('table', { name: 'Senarai waris' })).toContainText('Aminah binti Yusof');
  await press(page, next);

  // Part F (a basic will has no part E): declarations and the typed signature.
  await expect(page).toHaveURL(new RegExp(`/wasiat/part-f\\?wasiat_id=${willId}`));
  await tick(page, page.getByRole('checkbox', { name: 'Saya bersetuju dengan pemprosesan data peribadi saya.' }));
  await tick(page, page.getByRole('checkbox', { name: 'Saya mengesahkan akuan di atas.' }));
  await typeSignature(page, 'Tandatangan pewasiat', client.name);
  await press(page, next);

  // Part G: two witnesses, each signing by typing; the one-time code from the mail; submit.
  await expect(page).toHaveURL(new RegExp(`/wasiat/part-g\\?wasiat_id=${willId}`));
  for (const [i, w] of witnesses.entries()) {
    await press(page, page.getByRole('button', { name: 'Tambah saksi' }));
    const form = page.getByRole('form', { name: 'Saksi baharu' });
    await typeInto(page, textbox(form, 'Nama'), w.name);
    await typeInto(page, textbox(form, 'No. MyKad'), w.ic);
    await typeInto(page, textbox(form, 'E-mel'), w.email);
    await typeInto(page, textbox(form, 'Alamat'), `No. ${i + 3}, Jalan Kenanga, Kajang`);
    await typeInto(page, textbox(form, 'Poskod'), '43000');
    // the postcode fills the town and the state (as in part C)
    await expect(textbox(form, 'Bandar')).toHaveValue('Kajang');
    await expect(form.getByRole('combobox', { name: 'Negeri', exact: true })).toHaveValue('Selangor');
    await typeSignature(page, 'Tandatangan saksi', w.name, form);
    await press(page, form.getByRole('button', { name: 'Simpan' }));
    await expect(form).toBeHidden();
    await expect(page.getByRole('table', { name: 'Senarai saksi' })).toContainText(w.name);
  }
  const before = new Set(await outboxFiles());
  await press(page, page.getByRole('button', { name: 'Minta kod OTP' }));
  await expect(page.getByTestId('otp-sent')).toContainText('Kod telah dihantar');
  const code = await otpCodeInMail(client.email, before);
  await typeInto(page, textbox(page, 'Kod OTP (6 digit)'), code);
  await press(page, page.getByRole('button', { name: 'Sahkan kod' }));
  await expect(page.getByTestId('otp-verified')).toContainText('Kod OTP disahkan');
  await press(page, page.getByRole('button', { name: 'Hantar', exact: true }));
  await expect(page.getByTestId('submit-result')).toContainText('Menunggu pengesahan penyedia');
});
