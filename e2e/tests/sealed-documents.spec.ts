/**
 * Sealed documents (issue 11): a registered will's PDF, downloaded by its owner in the browser, is
 * recognised on the public verification page as the registered document; the same file with one byte
 * changed is not. Staff see the will's history (with the sealed document's issue) on its details page.
 * The registered will is made through the API (support/registered-will.ts) so this file does not
 * depend on the long wizard journey.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { newClient } from './support/data.ts';
import { newStaffByApi, registeredWillByApi } from './support/registered-will.ts';
import { drawSignature, login } from './support/ui.ts';

test.use({ actionTimeout: 15_000, navigationTimeout: 30_000 });

test('PDF wasiat berdaftar disahkan di halaman awam; satu bait diubah tidak', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const client = newClient('Nurul Huda binti Kassim');
  const will = await registeredWillByApi(request, client);

  // The owner downloads the will PDF from the details page.
  const ownerCtx = await browser.newContext({ acceptDownloads: true });
  let pdf: Buffer;
  try {
    const page = await ownerCtx.newPage();
    await login(page, client.username, client.password);
    await page.goto(`/wasiat/${will.id}/details`);
    await expect(page.getByRole('heading', { name: 'Butiran Wasiat' })).toBeVisible();
    // A client does not see the audit history.
    await expect(page.getByTestId('record-history')).toHaveCount(0);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Muat turun wasiat (PDF)' }).click();
    pdf = await readFile(await (await download).path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.includes(Buffer.from('/ByteRange'))).toBe(true); // sealed
  } finally {
    await ownerCtx.close();
  }

  const original = join(tmpdir(), `wasiat-${will.wasiatNo}.pdf`);
  const altered = join(tmpdir(), `wasiat-${will.wasiatNo}-diubah.pdf`);
  await writeFile(original, pdf);
  const changed = Buffer.from(pdf);
  const at = Math.floor(changed.length / 3);
  changed[at] = changed[at] ^ 0x01;
  await writeFile(altered, changed);

  // Anyone: the public page checks an uploaded copy.
  const anonCtx = await browser.newContext();
  try {
    const anon = await anonCtx.newPage();
    await anon.goto(`/public/wasiat/${will.id}`);
    await expect(anon.getByTestId('public-will')).toContainText(will.wasiatNo);
    await expect(anon.getByRole('heading', { name: 'Semak dokumen' })).toBeVisible();
    await expectAccessible(anon, 'pengesahan awam (semak dokumen)');
    const input = anon.locator('input[type="file"]');

    await input.setInputFiles(original);
    await anon.getByRole('button', { name: 'Semak', exact: true }).click();
    const result = anon.getByTestId('document-check-result');
    await expect(result).toHaveAttribute('data-registered', 'true');
    await expect(result).toContainText('Dokumen berdaftar');
    await expect(result).toContainText('dokumen wasiat');
    await expectAccessible(anon, 'pengesahan awam (dokumen berdaftar)');

    await input.setInputFiles(altered);
    await anon.getByRole('button', { name: 'Semak', exact: true }).click();
    await expect(result).toHaveAttribute('data-registered', 'false');
    await expect(result).toContainText('Bukan dokumen berdaftar');
    await expectAccessible(anon, 'pengesahan awam (bukan dokumen berdaftar)');
  } finally {
    await anonCtx.close();
  }

  // Staff see the will's history, including the sealed document's issue, in Malay and KL time. A new
  // staff account, so the demo staff's forced first signature stays for the other journeys.
  const staffUser = await newStaffByApi(request);
  const staffCtx = await browser.newContext();
  try {
    const staff = await staffCtx.newPage();
    await login(staff, staffUser.email, staffUser.password, /\/signature$/);
    await drawSignature(staff.getByRole('img', { name: 'Tandatangan' }));
    await staff.getByRole('button', { name: 'Simpan tandatangan' }).click();
    await expect(staff).toHaveURL(/\/dashboard$/);
    await staff.goto(`/wasiat/${will.id}/details`);
    const history = staff.getByTestId('record-history');
    await expect(history.getByRole('heading', { name: 'Sejarah rekod' })).toBeVisible();
    await expect(history).toContainText('Wasiat dicipta');
    await expect(history).toContainText('Dokumen bermeterai dikeluarkan');
    await expect(history).toContainText(client.name);
    await expect(history).toContainText(/\d{2} \S{3} \d{2}, \d{2}:\d{2}/);
    await expectAccessible(staff, 'butiran wasiat (sejarah rekod)');
  } finally {
    await staffCtx.close();
  }
});
