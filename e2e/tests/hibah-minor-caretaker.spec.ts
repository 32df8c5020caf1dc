/**
 * A hibah with a minor receiver accepted by the caretaker (issue 21 item 4; ADR 0119, 0167), in Malay with an
 * English check of the acceptance page. Made through the API up to the receivers' step (support/hibah-api.ts):
 * a property hibah whose second receiver is 11 years old by her MyKad, with a caretaker (penjaga) who has an
 * allowance of RM 250 a month, the draft accepted by the grantor. In the browser: the grantor's receivers'
 * page lets the adult sign there but offers no signature for the child — her acceptance (qabul) is the
 * caretaker's; the caretaker gets a mail addressed to her as the caretaker, opens the link, reads what is given
 * (the child's share, the minor flag, the allowance, the version), asks for a code that comes to her own
 * e-mail, is refused a wrong code, and signs with the right one; the grantor's page then says the caretaker
 * accepted. Registered through the API (witnesses by link), the sealed certificate (pdftotext) states the
 * minor, the caretaker with the allowance and the caretaker's acceptance.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { mykadOfAge, newMykad, uniqueTag } from './support/data.ts';
import { certificateText, completeRegistration, hibahAwaitingReceivers } from './support/hibah-api.ts';
import { linkInMailTo, mailTo } from './support/mail.ts';
import { drawSignature, login } from './support/ui.ts';

test.use({ actionTimeout: 15_000, navigationTimeout: 30_000 });

test('hibah: penerima bawah umur, penjaga menerima (qabul) dengan kodnya sendiri', async ({
  page,
  browser,
  request,
}) => {
  // One face match on the server (up to ~30 s on a busy machine) on top of the journey.
  test.setTimeout(180_000);
  const child = { name: 'Aisyah binti Rosli', ic: mykadOfAge(11, 'female') };
  const caretaker = {
    name: 'Rohana binti Salleh',
    ic: newMykad('female'),
    email: `rohana.${uniqueTag()}@contoh.my`,
    allowance: { amount_sen: 25_000, frequency: 'monthly' as const },
  };
  const h = await hibahAwaitingReceivers(request, { minor: child, caretaker });

  // The grantor's receivers' page: the adult signs here; the child is not offered a signature of her own.
  await login(page, h.client.username, h.client.password);
  await page.goto(`/trust/part-signpenerima?id=${h.hibahId}`);
  const minorCard = page.getByTestId(`sign-${h.minor.id}`);
  await expect(minorCard.getByTestId(`minor-${h.minor.id}`)).toContainText(
    `${child.name} di bawah umur: penerimaan (qabul) dibuat oleh penjaganya, ${caretaker.name}`,
  );
  await expect(minorCard.locator('canvas')).toHaveCount(0);
  await expect(minorCard.getByTestId(`get-link-${h.minor.id}`)).toBeVisible();
  const adultCard = page.getByTestId(`sign-${h.adult.id}`);
  await drawSignature(adultCard.locator('canvas'));
  await adultCard.getByTestId(`sign-save-${h.adult.id}`).click();
  await expect(page.getByTestId(`signed-${h.adult.id}`)).toHaveText('Telah ditandatangani.');
  await expect(page.getByTestId('hibah-receivers-done')).toBeDisabled();
  await expectAccessible(page, 'tandatangan penerima: penerima bawah umur');

  // The child's link went to the caretaker, in a mail addressed to her as the caretaker.
  const mail = await mailTo(caretaker.email);
  expect(mail).toContain(`Assalamualaikum ${caretaker.name}`);
  expect(mail).toContain(`kepada ${child.name}, kanak-kanak di bawah jagaan anda`);
  const link = await linkInMailTo(caretaker.email, `/hibah/penerima/${h.hibahId}/${h.minor.id}`);
  const ctx = await browser.newContext();
  const cp = await ctx.newPage();
  await cp.goto(link);
  await expect(cp.getByRole('heading', { name: 'Penerimaan hibah oleh penjaga', level: 1 })).toBeVisible();
  const gift = cp.getByTestId('receiver-gift');
  await expect(gift).toContainText('GRN 77001 · Lot 5120 — bahagian 50%');
  await expect(gift.getByTestId('receiver-minor')).toHaveText('Penerima bawah umur (di bawah 18 tahun).');
  await expect(gift).toContainText(`Penjaga: ${caretaker.name}`);
  await expect(gift).toContainText('Elaun: RM 250.00, Bulanan');
  await expect(gift.getByTestId('receiver-caretaker-accepts')).toContainText(
    `Penerimaan (qabul) bagi ${child.name} dibuat oleh penjaga, ${caretaker.name}`,
  );
  // The version and hash accepted: the attestation summary (issue 36 item 4; ADR 0228).
  await expect(cp.getByTestId('attestation-summary')).toContainText('Cap jari dokumen (SHA-256)');
  await expect(cp.getByTestId('attestation-sha256')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(cp.getByText(`Tandatangan penjaga (${caretaker.name})`)).toBeVisible();
  await expectAccessible(cp, 'penerimaan oleh penjaga');

  // The same page in English.
  await cp.getByRole('button', { name: 'EN', exact: true }).click();
  await expect(cp.getByRole('heading', { name: 'Acceptance of a hibah by the caretaker', level: 1 })).toBeVisible();
  await expect(gift.getByTestId('receiver-minor')).toHaveText('Minor receiver (under 18).');
  await expect(gift.getByTestId('receiver-caretaker-accepts')).toContainText(
    `The acceptance (qabul) for ${child.name} is given by the caretaker, ${caretaker.name}`,
  );
  await expect(cp.getByText(`Caretaker's signature (${caretaker.name})`)).toBeVisible();
  await expect(cp.getByTestId('attestation-summary')).toContainText('Document fingerprint (SHA-256)');
  await cp.getByRole('button', { name: 'BM', exact: true }).click();
  await expect(cp.getByRole('heading', { name: 'Penerimaan hibah oleh penjaga', level: 1 })).toBeVisible();

  // The code goes to the caretaker's own e-mail; a wrong one is refused, the right one signs.
  await cp.getByTestId('party-send-code').click();
  await expect(cp.getByRole('status').filter({ hasText: 'r***@contoh.my' })).toBeVisible();
  let code = '';
  await expect
    .poll(async () => {
      const raw = await mailTo(caretaker.email);
      code = /ialah (\d{6})/.exec(raw)?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  await drawSignature(cp.locator('canvas').first());
  await cp.getByTestId('party-code').fill(code === '000000' ? '111111' : '000000');
  await cp.getByTestId('party-sign').click();
  await expect(cp.getByRole('alert').filter({ hasText: 'Kod tidak betul.' })).toBeVisible();
  await cp.getByTestId('party-code').fill(code);
  await cp.getByTestId('party-sign').click();
  await expect(cp.getByTestId('party-done')).toHaveText('Terima kasih, tandatangan anda telah direkodkan.');
  await ctx.close();

  // The grantor's page says who accepted for the child; the witnesses are next.
  await page.reload();
  await expect(page.getByTestId(`signed-${h.minor.id}`)).toHaveText(
    `Diterima (qabul) oleh penjaga, ${caretaker.name}.`,
  );
  await page.getByTestId('hibah-receivers-done').click();
  await expect(page.getByTestId('hibah-status')).toHaveText('Pengesahan saksi');

  // Registered (the witnesses through their links, by the API); the certificate states the caretaker's qabul.
  await completeRegistration(request, h.token, h.hibahId, h.witnesses);
  const text = await certificateText(request, h.token, h.hibahId);
  const block = text.slice(text.indexOf(`${child.name} (`));
  expect(block).toContain('Bawah umur / Minor: Ya / Yes');
  expect(block).toContain(`Penjaga / Caretaker: ${caretaker.name} (`);
  expect(block).toContain('RM 250.00, Bulanan / Monthly');
  expect(block).toContain(`Qabul oleh penjaga / Accepted (qabul) by the caretaker: ${caretaker.name}`);
});
