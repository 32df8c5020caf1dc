/**
 * Issue 37 item 5 (ADR 0252): documents carry what was entered. A cash trust whose grantor entered a
 * purpose, a 10-year period, distribution instructions and a caretaker's allowance prints each on its
 * certificate (read back with `pdftotext`) and the summary the screens read states them; the receipt of
 * its payment prints the provider's name, registration number and address from the provider
 * organisation's record when the configuration sets none (PROVIDER_* unset here).
 */
import { execFileSync } from 'node:child_process';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { hibahs, organizations, payments } from '../../db/schema/index.ts';
import { newClient, ok } from '../wills/test-fixtures.ts';
import { readyHibah } from './test-fixtures.ts';

const pdfText = (bytes: Buffer) =>
  execFileSync('pdftotext', ['-', '-'], { input: bytes }).toString('utf8').replace(/\s+/g, ' ');

const TERMS = {
  trust_purpose_type: 'private',
  trust_purpose: 'Pendidikan anak-anak hingga universiti',
  hibah_property_source: 'employment',
  period: '10',
  other_period_instructions: 'Boleh dilanjutkan lima tahun jika Adam masih belajar',
  distribution_lifetime_instruction: 'RM 500 sebulan kepada Adam untuk yuran',
  distribution_after_death_instruction: 'Baki dibahagi sama rata antara penerima',
};

let t: TestApp;
let token: string;
let hibahId: string;
let text: string;

beforeAll(async () => {
  t = await makeTestApp();
  const staff = await t.login('staff');
  const c = await newClient(t);
  token = c.token;
  // Product 3: a cash trust (hibah amanah tunai).
  const ids = await readyHibah(t, c, staff, 3);
  hibahId = ids.id;
  await ok(t.call('POST', `/api/hibah/${hibahId}`, { token, body: TERMS }));
  await ok(
    t.call('PATCH', `/api/hibah/${hibahId}/caretaker/${ids.caretaker.id}`, {
      token,
      body: { ...ids.caretaker, has_allowance: true, allowance_amount_sen: 123450, allowance_frequency: 'monthly' },
    }),
  );
  // Registered as the flow would leave it (the flow itself: certificate-truth.test.ts).
  await t.ctx.db
    .update(hibahs)
    .set({ status: 5, hibah_number: 'H2026-900037', registered_at: new Date('2026-03-01T02:00:00Z') })
    .where(eq(hibahs.id, hibahId));
  const r = await t.call('GET', `/api/hibah/${hibahId}/certificate`, { token });
  expect(r.status).toBe(200);
  text = pdfText(r.raw);
}, 240_000);
afterAll(() => t?.close());

describe("the certificate prints the trust's terms as entered (issue 37 item 5)", () => {
  it('prints the purpose, its type and the source of the property', () => {
    expect(text).toContain('Terma amanah / Trust terms');
    expect(text).toContain('Persendirian / Private');
    expect(text).toContain(`Tujuan amanah / Purpose of the trust ${TERMS.trust_purpose}`);
    expect(text).toContain('Sumber harta / Source of the property Pekerjaan / Employment');
  });

  it('prints the 10-year period and its other instructions', () => {
    expect(text).toContain('Tempoh amanah / Trust period 10 tahun / 10 years');
    expect(text).toContain(TERMS.other_period_instructions);
  });

  it('prints both distribution instructions', () => {
    expect(text).toContain(TERMS.distribution_lifetime_instruction);
    expect(text).toContain(TERMS.distribution_after_death_instruction);
  });

  it("prints the caretaker's allowance", () => {
    expect(text).toContain('Elaun / Allowance: RM 1,234.50, Bulanan / Monthly');
  });

  it('the summary the screens read states the same terms', async () => {
    const s = (await ok(t.call('GET', `/api/hibah/${hibahId}/summary`, { token }))).summary;
    expect(s.trust).toMatchObject({
      purposeType: 'Persendirian / Private',
      purpose: TERMS.trust_purpose,
      period: '10 tahun / 10 years',
      otherPeriodInstructions: TERMS.other_period_instructions,
      distributionLifetime: TERMS.distribution_lifetime_instruction,
      distributionAfterDeath: TERMS.distribution_after_death_instruction,
    });
    expect(s.trust.propertySource).toBe('Pekerjaan / Employment');
    const minor = s.receivers.find((r: { minor: boolean }) => r.minor);
    expect(minor.caretakers[0].allowance).toEqual({ amount: 'RM 1,234.50', frequency: 'Bulanan / Monthly' });
  });
});

describe("the receipt carries the provider's particulars from its organisation record (issue 37 item 5)", () => {
  it('prints the name, registration number and address of the provider organisation', async () => {
    await t.ctx.db
      .update(organizations)
      .set({
        registration_number: '201901000123',
        address: 'Aras 12, Menara Amanah, Jalan Tun Razak',
        postcode: '50400',
        city: 'Kuala Lumpur',
        state: 'Wilayah Persekutuan Kuala Lumpur',
      })
      .where(eq(organizations.code, 'PROVIDER'));
    const [provider] = await t.ctx.db.select().from(organizations).where(eq(organizations.code, 'PROVIDER'));
    const [p] = await t.ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.paymentable_type, 'Hibah'), eq(payments.paymentable_id, hibahId)));
    const r = await t.call('GET', `/api/payment/${p.id}/receipt`, { token });
    expect(r.status).toBe(200);
    const receipt = pdfText(r.raw);
    expect(receipt).toContain(provider.name);
    expect(receipt).toContain('201901000123');
    expect(receipt).toContain(
      'Aras 12, Menara Amanah, Jalan Tun Razak, 50400 Kuala Lumpur, Wilayah Persekutuan Kuala Lumpur',
    );
  });
});
