/**
 * After a death (issue 40, "Not done until"), in the browser: a registered comprehensive will with a wasiat am of 10%
 * to the testator's wife (a bequest to an heir) and an asset map (set up through the API, support/estate.ts) →
 *  1. his adult son reports the death on /kematian/lapor (MyKad, date, certificate number and scan, relationship);
 *  2. two different staff members (two new Staff accounts) verify it on /kematian/senarai (the deceased has a
 *     registered will: two are needed);
 *  3. the executor (the registering organisation, by its registration number) and the heirs open the links mailed
 *     to them, ask for the code, type it with their MyKad, pass the face check (MyKad photo and selfie; ADR 0295)
 *     and see their documents — the son at phone width, with the
 *     page reloaded once by its address, and downloads the will;
 *  4. the son and the daughter consent to the bequest, the mother refuses; the wife does not decide her own; the
 *     minor is told he does not decide;
 *  5. staff open the estate file (/kematian/:id/fail): the bequest's line and each heir's line are those of the
 *     domain's `estateDistribution` (the faraid engine and s.26 of the Selangor enactment) with these decisions, and
 *     the hand-worked figures below;
 *  6. the estate route page (/kematian/:id/pejabat) gives the right office and checklist for RM 450,000 movable
 *     only (the small-estate unit while the will's executor acts, Amanah Raya once staff record that no executor
 *     acts — ADR 0271), RM 3 million with land (small estate, land titles listed) and RM 7 million (High Court
 *     probate), checked against the domain's `estateRoute`;
 *  7. staff send a notice to the bank on the organisation's list: it is listed as sent with what it lists, the
 *     bank's mail is in the outbox, and its reply is recorded.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import type { EstateConsent } from '../../packages/domain/src/estate-consent.ts';
// The domain's rules, by file: the package's index also loads its JSON locales, which Playwright's loader cannot.
import { estateChecklist, estateRoute } from '../../packages/domain/src/estate-route.ts';
import { estateDistribution } from '../../packages/domain/src/faraid/estate-distribution.ts';
import { formatRinggit } from '../../packages/domain/src/money.ts';
import { MYKAD_BACK, MYKAD_FRONT, SELFIE } from './support/data.ts';
import {
  ASSET_MAP,
  BANK,
  type EstateHeirPerson,
  estateSetupByApi,
  releaseCodeInMail,
  staffLogin,
} from './support/estate.ts';
import { linkInMailTo, mailTo, outboxFiles } from './support/mail.ts';
import { choose, combobox, login, textbox } from './support/ui.ts';

/** The demo organisation's registration number: the executor's identity on its release (ADR 0267). */
const DEMO_ORG_REGISTRATION = '201901000005';
const DEMO_ORG_EMAIL = 'demo@wasiat.local';

/** A Kuala Lumpur calendar date `days` before today, 'YYYY-MM-DD'. */
const klDate = (days: number) => new Date(Date.now() + 8 * 3600_000 - days * 86_400_000).toISOString().slice(0, 10);

/** A new browser page (its own context: one person each), optionally at phone width. */
async function pageOf(browser: Browser, phone = false) {
  const ctx = await browser.newContext(
    phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {},
  );
  return ctx.newPage();
}

/**
 * `who` opens their release link from their mail, asks for the code, types it with `idNumber`, and sees their
 * documents. `reload`: the page is loaded again by its address before asking for the code.
 */
async function openRelease(page: Page, email: string, idNumber: string, reload = false) {
  const link = await linkInMailTo(email, '/kematian/dokumen/[A-Za-z0-9_-]+');
  await page.goto(link);
  await expect(page.getByTestId('release-page')).toBeVisible();
  if (reload) {
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Dokumen Allahyarham/Allahyarhamah');
  }
  const before = new Set(await outboxFiles());
  await page.getByRole('button', { name: /^Hantar kod ke / }).click();
  const code = await releaseCodeInMail(email, before);
  await textbox(page, 'Kod 6 digit').fill(code);
  const byMykad = /^\d{12}$/.test(idNumber) && idNumber !== DEMO_ORG_REGISTRATION;
  await textbox(page, byMykad ? 'Nombor MyKad anda' : 'Nombor pendaftaran organisasi').fill(idNumber);
  // A person with a MyKad also passes the face check (ADR 0295): the card's front and a selfie from a file.
  if (byMykad) {
    await page.getByLabel('Gambar bahagian hadapan MyKad anda').setInputFiles(MYKAD_FRONT);
    await page.getByLabel('Muat naik swafoto').setInputFiles(SELFIE);
    await expect(page.getByRole('img', { name: 'Pratonton swafoto' })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Sahkan dan buka dokumen' }).click();
  const docs = page.getByTestId('release-documents');
  await expect(docs.getByRole('heading', { name: 'Dokumen anda' })).toBeVisible();
  await expect(docs.getByRole('button', { name: 'Muat turun' }).first()).toBeVisible();
  return docs;
}

/** Decide the one bequest needing consent on an heir's release page. */
async function decide(page: Page, decision: 'consent' | 'refuse') {
  const consents = page.getByTestId('release-consents');
  await expect(consents.getByRole('heading', { name: 'Wasiat yang memerlukan persetujuan anda' })).toBeVisible();
  await consents.getByRole('button', { name: decision === 'consent' ? 'Saya bersetuju' : 'Saya menolak' }).click();
  await consents.getByTestId('consent-confirm').getByRole('button', { name: 'Sahkan' }).click();
  await expect(consents.getByText(decision === 'consent' ? /Anda bersetuju pada/ : /Anda menolak pada/)).toBeVisible();
}

/** The route heading and the checklist's item codes shown on the estate route page. */
async function routeShown(page: Page) {
  const answer = page.getByTestId('estate-route-answer');
  const heading = (await answer.getByRole('heading', { level: 2 }).textContent())?.trim();
  const codes = await page
    .locator('[data-testid^="estate-item-"]')
    .evaluateAll((rows) => rows.map((r) => (r.getAttribute('data-testid') ?? '').replace('estate-item-', '')));
  return { heading, codes };
}

/** Enter the estate's values (ringgit) on the route page as staff and save them. */
async function enterValues(page: Page, movable: string, immovable: string, executorActs: boolean) {
  const form = page.getByTestId('estate-values-form');
  await textbox(form, 'Harta alih (RM)').fill(movable);
  await textbox(form, 'Harta tak alih: tanah, bangunan (RM)').fill(immovable);
  const executor = form.getByLabel('Wasi dalam wasiat memohon (probet)');
  if ((await executor.isChecked()) !== executorActs) await executor.click({ force: true });
  await expect(executor).toBeChecked({ checked: executorActs });
  await form.getByRole('button', { name: 'Simpan nilai' }).click();
}

test.use({ actionTimeout: 15_000, navigationTimeout: 30_000 });

const ROUTE_HEADINGS = {
  small_estate: 'Harta pusaka kecil: Unit Pembahagian Pusaka (JKPTG)',
  arb_summary: 'Amanah Raya Berhad: pentadbiran ringkas',
  high_court_probate: 'Mahkamah Tinggi: geran probet',
  high_court_administration: 'Mahkamah Tinggi: surat kuasa mentadbir',
} as const;

test('after a death: report, two verifications, releases, consents, the estate file, the route and a notice', async ({
  browser,
  request,
}) => {
  test.setTimeout(600_000);
  const s = await estateSetupByApi(request);
  const heir = (k: EstateHeirPerson['key']) => s.heirs.find((h) => h.key === k) as EstateHeirPerson;
  const dateOfDeath = klDate(2);
  const certificateNo = `JPN-K ${Date.now().toString().slice(-6)}`;

  await test.step('1. the adult son reports the death on /kematian/lapor', async () => {
    const page = await pageOf(browser);
    await login(page, s.reporter.username, s.reporter.password);
    await page.goto('/kematian/lapor');
    await expect(page.getByRole('heading', { name: 'Laporkan kematian', level: 1 })).toBeVisible();
    await textbox(page, 'Nombor MyKad si mati').fill(s.testator.ic);
    await page.getByLabel('Tarikh kematian').fill(dateOfDeath);
    await textbox(page, 'Nombor sijil kematian').fill(certificateNo);
    await page.getByTestId('death-report-form').locator('input[type="file"]').setInputFiles(MYKAD_BACK);
    await choose(combobox(page, 'Hubungan anda dengan si mati'), 'Waris');
    await page.getByRole('button', { name: 'Hantar laporan' }).click();
    const mine = page.getByTestId('my-death-report').filter({ hasText: s.testator.ic });
    await expect(mine).toContainText('Menunggu pengesahan');
    await expect(mine).toContainText(certificateNo);
    await page.context().close();
  });

  const staff = await pageOf(browser);
  await test.step('2. two different staff members verify it on /kematian/senarai', async () => {
    await staffLogin(staff, s.staff[0]);
    await staff.goto('/kematian/senarai');
    const row = staff.getByRole('row').filter({ hasText: s.testator.ic });
    await expect(row).toContainText('Menunggu pengesahan');
    await expect(row).toContainText('0 daripada 2');
    await row.getByRole('button', { name: 'Sahkan' }).click();
    await expect(row).toContainText('1 daripada 2');

    const officer = await pageOf(browser);
    await staffLogin(officer, s.staff[1]);
    await officer.goto('/kematian/senarai');
    const row2 = officer.getByRole('row').filter({ hasText: s.testator.ic });
    await expect(row2).toContainText('1 daripada 2');
    await row2.getByRole('button', { name: 'Sahkan' }).click();
    await expect(row2).toHaveCount(0); // no longer pending
    await choose(combobox(officer, 'Status'), 'Disahkan');
    await expect(officer.getByRole('row').filter({ hasText: s.testator.ic })).toContainText('Disahkan');
    await officer.context().close();
  });

  await test.step('3–4. the executor and the heirs open their links, see their documents and decide', async () => {
    // The executor: the registering organisation, identified by its registration number; not an heir.
    const exec = await pageOf(browser);
    const execDocs = await openRelease(exec, DEMO_ORG_EMAIL, DEMO_ORG_REGISTRATION);
    await expect(exec.getByText(/dinamakan sebagai Wasi \(pelaksana\)/)).toBeVisible();
    await expect(execDocs.getByTestId('release-consents')).toHaveCount(0);
    await exec.context().close();

    // The adult son, on his phone: the link reloaded once by its address; he downloads the will and consents.
    const son = await pageOf(browser, true);
    const sonDocs = await openRelease(son, heir('son').email, heir('son').ic, true);
    await expect(son.getByText(`Untuk ${heir('son').name}`)).toBeVisible();
    const download = son.waitForEvent('download');
    await sonDocs.getByRole('button', { name: 'Muat turun' }).first().click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    const card = sonDocs.getByTestId('release-consents');
    await expect(card).toContainText('Wasiat kepada waris');
    // 10% of RM 216,000 (the will's estimate RM 240,000 less the debt RM 24,000).
    await expect(card).toContainText(`Amaun: ${formatRinggit(2_160_000)}`);
    await expect(card).toContainText(`Kepada: ${heir('wife').name}`);
    await decide(son, 'consent');
    await son.context().close();

    for (const [k, d] of [
      ['daughter', 'consent'],
      ['mother', 'refuse'],
    ] as const) {
      const p = await pageOf(browser);
      await openRelease(p, heir(k).email, heir(k).ic);
      await decide(p, d);
      await p.context().close();
    }

    // The wife, the beneficiary, does not decide her own bequest; the minor is told he does not decide.
    const wife = await pageOf(browser);
    await openRelease(wife, heir('wife').email, heir('wife').ic);
    await expect(wife.getByText('Wasiat ini kepada anda: waris-waris lain yang membuat keputusan.')).toBeVisible();
    await expect(wife.getByRole('button', { name: 'Saya bersetuju' })).toHaveCount(0);
    await wife.context().close();
    const minor = await pageOf(browser, true);
    await openRelease(minor, heir('minor').email, heir('minor').ic);
    await expect(minor.getByTestId('release-consents')).toContainText('Anda belum berumur 18 tahun');
    await expect(minor.getByRole('button', { name: 'Saya bersetuju' })).toHaveCount(0);
    await minor.context().close();
  });

  // What the rule gives (domain estateDistribution, faraid engine): the map's bank RM 150,000 and investment
  // RM 90,000 (gross RM 240,000; the EPF nomination is outside the estate), less the debt RM 24,000 → RM 216,000
  // (the executor fee of 2%, RM 4,800, is borne wholly by the provider below RM 1 million: the estate pays nothing).
  // The wasiat am to the wife: 10% × 216,000 = RM 21,600, all needing consent (to an heir, s.26(2)). Faraid: wife
  // 1/8, mother 1/6, the children the rest 17/24 as 2:2:1 (sons 17/60 each, daughter 17/120). Each heir's part of
  // the bequest follows their fraction: wife 2,700 (her own), mother 3,600 (refused), son 6,120 and daughter 3,060
  // (consented), the minor 6,120 (cannot consent). Effective 2,700 + 6,120 + 3,060 = RM 11,880; not in effect ('Ditolak') the mother's
  // 3,600 and the minor's 6,120 (his share stays whole) = RM 9,720.
  const consents: EstateConsent[] = [
    ['son', 'consented'],
    ['daughter', 'consented'],
    ['mother', 'refused'],
  ].map(([k, decision]) => ({
    bequest_ref: `bequest:${s.bequestId}`,
    heir_id: heir(k as EstateHeirPerson['key']).id,
    decision: decision as EstateConsent['decision'],
    decided_at: new Date().toISOString(),
  }));
  const expected = estateDistribution({
    deceased: 'male',
    heirs: s.heirs.map((h) => ({
      id: h.id,
      name: h.name,
      relationship: h.relationship,
      ic_number: h.ic,
      can_consent: h.key !== 'minor',
    })),
    properties: [],
    bequests: [
      {
        id: s.bequestId,
        beneficiary_name: heir('wife').name,
        ic_number: heir('wife').ic,
        relationship: 'wife',
        portion: '10%',
      },
    ],
    extraAssets: [
      { id: 'bank', value_sen: ASSET_MAP.bank },
      { id: 'investment', value_sen: ASSET_MAP.investment },
    ],
    funeral: 0,
    zakat: 0,
    debts: ASSET_MAP.debt,
    consents,
  });
  const line = expected.bequests[0];
  expect(expected.after_claims_sen).toBe(21_600_000);
  expect(line).toMatchObject({ asked_sen: 2_160_000, effective_sen: 1_188_000, awaiting_sen: 0, refused_sen: 972_000 });

  let reportUrl = '';
  await test.step('5. staff open the estate file: the distribution follows the decisions', async () => {
    await staff.goto('/kematian/senarai');
    await choose(combobox(staff, 'Status'), 'Disahkan');
    await staff.getByRole('row').filter({ hasText: s.testator.ic }).getByTestId('estate-route-link').click();
    await expect(staff).toHaveURL(/\/kematian\/[^/]+\/pejabat$/);
    reportUrl = new URL(staff.url()).pathname.replace(/\/pejabat$/, '');
    await staff.getByRole('link', { name: 'Fail harta pusaka dan pembahagian' }).click();
    await expect(staff).toHaveURL(new RegExp(`${reportUrl}/fail$`));
    const claims = staff.getByTestId('estate-claims');
    await expect(claims).toContainText(`Harta kasar: ${formatRinggit(expected.gross_sen)}`);
    await expect(claims).toContainText(`Selepas tuntutan: ${formatRinggit(expected.after_claims_sen)}`);
    const bequestRow = staff.getByTestId('estate-bequest-0');
    await expect(bequestRow).toContainText(heir('wife').name);
    const cells = bequestRow.getByRole('cell');
    await expect(cells.nth(1)).toHaveText(formatRinggit(line.asked_sen as number));
    await expect(cells.nth(2)).toHaveText(formatRinggit(line.effective_sen));
    await expect(cells.nth(3)).toHaveText(formatRinggit(line.awaiting_sen));
    await expect(cells.nth(4)).toHaveText(formatRinggit(line.refused_sen));
    for (const h of expected.heirs) {
      const r = staff.getByTestId(`estate-heir-${h.heir_id}`).getByRole('cell');
      await expect(r.nth(0)).toHaveText(h.name);
      await expect(r.nth(1)).toHaveText(h.fraction as string);
      await expect(r.nth(2)).toHaveText(formatRinggit(h.faraid_sen));
      await expect(r.nth(3)).toContainText(formatRinggit(h.borne_sen));
      await expect(r.nth(4)).toHaveText(formatRinggit(h.bequests_sen));
      await expect(r.nth(5)).toHaveText(formatRinggit(h.total_sen));
    }
    // Hand-worked: the wife's faraid 1/8 of RM 216,000 = RM 27,000, plus the part of her bequest that took effect
    // from the others (11,880 − her own 2,700 = 9,180) → RM 36,180; the son gives up 6,120 of 61,200 → RM 55,080.
    const total = (k: EstateHeirPerson['key']) => expected.heirs.find((h) => h.heir_id === heir(k).id)?.total_sen;
    expect([total('wife'), total('son'), total('mother'), total('minor')]).toEqual([
      3_618_000, 5_508_000, 3_600_000, 6_120_000,
    ]);
  });

  await test.step('6. the route and the checklist for three estates', async () => {
    await staff.goto(`${reportUrl}/pejabat`);
    await expect(staff.getByRole('heading', { name: 'Pejabat yang betul untuk harta pusaka' })).toBeVisible();
    const cases = [
      // RM 450,000 movable only, the will's executor acting: the small-estate unit (s.8B summary order possible).
      { movable: '450000', immovable: '0', executor: true, sen: [45_000_000, 0] },
      // The same estate once staff record that no executor acts: Amanah Raya's summary administration (s.17(1)).
      { movable: '450000', immovable: '0', executor: false, sen: [45_000_000, 0] },
      // RM 3 million with land: a small estate, land titles on the checklist.
      { movable: '1000000', immovable: '2000000', executor: true, sen: [100_000_000, 200_000_000] },
      // RM 7 million: the High Court, probate by the executor named.
      { movable: '2000000', immovable: '5000000', executor: true, sen: [200_000_000, 500_000_000] },
    ];
    const routes: string[] = [];
    for (const c of cases) {
      await enterValues(staff, c.movable, c.immovable, c.executor);
      const want = estateRoute({
        movable_sen: c.sen[0],
        immovable_sen: c.sen[1],
        will: 'islamic',
        executor_named: c.executor,
      });
      routes.push(want.route);
      await expect(staff.getByTestId('estate-route-answer')).toContainText(
        `jumlah ${formatRinggit(c.sen[0] + c.sen[1])}`,
      );
      await expect(staff.getByTestId('estate-route-answer').getByRole('heading', { level: 2 })).toHaveText(
        ROUTE_HEADINGS[want.route],
      );
      await expect(staff.getByTestId('estate-route-answer')).toContainText(want.reason.ms);
      const shown = await routeShown(staff);
      expect(shown.codes).toEqual(estateChecklist(want.route, 'islamic', c.sen[1] > 0).map((i) => i.code));
    }
    expect(routes).toEqual(['small_estate', 'arb_summary', 'small_estate', 'high_court_probate']);
    // A tick on the checklist is kept (the page reloaded).
    // (The box is controlled: it changes once the server has recorded the tick.)
    await staff.getByTestId('estate-item-death_certificate').getByRole('checkbox').click();
    await expect(staff.getByTestId('estate-item-death_certificate').getByRole('checkbox')).toBeChecked();
    await staff.reload();
    await expect(staff.getByTestId('estate-item-death_certificate').getByRole('checkbox')).toBeChecked();
  });

  await test.step('7. a notice to the bank is sent and recorded, with its reply', async () => {
    const notices = staff.getByTestId('estate-notices');
    await notices.getByRole('checkbox', { name: `${BANK} (Bank) — ${s.institution.email}` }).check();
    await notices.getByRole('button', { name: 'Hantar notis' }).click();
    const sent = notices.getByRole('row').filter({ hasText: s.institution.email });
    await expect(sent).toContainText(BANK);
    await expect(sent).toContainText('1401-0099-8877');
    const mail = await mailTo(s.institution.email);
    expect(mail).toContain(s.testator.ic);
    const reply = notices.locator('[data-testid^="reply-form-"]').first();
    await reply
      .getByRole('textbox', { name: 'Jawapan' })
      .fill('Akaun dibekukan; waris diminta hadir dengan sijil faraid.');
    await reply.getByLabel('Tarikh diterima').fill(klDate(0));
    await reply.getByRole('button', { name: 'Rekod jawapan' }).click();
    await expect(sent).toContainText('Akaun dibekukan');
    await staff.reload();
    await expect(
      staff.getByTestId('estate-notices').getByRole('row').filter({ hasText: s.institution.email }),
    ).toContainText('Akaun dibekukan');
  });
  await staff.context().close();
});
