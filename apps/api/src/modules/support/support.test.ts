/**
 * Customer service contact (issue 17 item 15; ADR 0160): configured through env.ts, served publicly by
 * `GET /api/support-contact`, and printed on the receipt PDF with the provider's registration number and
 * address (read back with poppler's pdftotext) — on the receipt of every kind of payment: will, hibah,
 * amendment and qurban (one receipt producer, payments/receipts.ts; ADR 0160).
 */
import { execFileSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { amendments, hibahs, payments, qurban_seasons, qurban_transactions, users } from '../../db/schema/index.ts';
import { loadEnv } from '../../platform/config/env.ts';
import { insertWill } from '../documents/fixtures.ts';

const ENV = {
  SUPPORT_PHONE: '+603-2711 0000',
  SUPPORT_EMAIL: 'bantuan@wasiat.example.my',
  SUPPORT_WHATSAPP: '+60 12-345 6789',
  PROVIDER_NAME: 'Amanah Pusaka Berhad',
  PROVIDER_REGISTRATION_NO: '202001012345 (1370001-X)',
  PROVIDER_ADDRESS: 'Tingkat 9, Menara Pusaka, Jalan Ampang, 50450 Kuala Lumpur',
};
const pdfText = (bytes: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString('utf8');

let t: TestApp;
let will: string;
beforeAll(async () => {
  t = await makeTestApp({ env: ENV });
  will = (await insertWill(t.ctx)).willId;
}, 240_000);
afterAll(async () => {
  await t?.close();
});

describe('support contact', () => {
  it('is served to anyone, with a WhatsApp click-to-chat link', async () => {
    const r = await t.call('GET', '/api/support-contact');
    expect(r.status).toBe(200);
    expect(r.body.contact).toEqual({
      phone: ENV.SUPPORT_PHONE,
      email: ENV.SUPPORT_EMAIL,
      whatsapp: ENV.SUPPORT_WHATSAPP,
      whatsapp_url: 'https://wa.me/60123456789',
      provider: {
        name: ENV.PROVIDER_NAME,
        registration_no: ENV.PROVIDER_REGISTRATION_NO,
        address: ENV.PROVIDER_ADDRESS,
      },
    });
  });

  it('prints the contact, the registration number and the address on the receipt', async () => {
    const token = await t.login('client');
    const r = await t.call('GET', `/api/wasiat/${will}/receipt`, { token });
    expect(r.status).toBe(200);
    const text = pdfText(r.raw).replace(/\s+/g, ' ');
    for (const s of [
      'Khidmat pelanggan / Customer service',
      `No. pendaftaran / Registration no.: ${ENV.PROVIDER_REGISTRATION_NO}`,
      'Menara Pusaka, Jalan Ampang, 50450 Kuala Lumpur',
      `Telefon / Phone: ${ENV.SUPPORT_PHONE}`,
      `E-mel / E-mail: ${ENV.SUPPORT_EMAIL}`,
      `WhatsApp: ${ENV.SUPPORT_WHATSAPP}`,
      ENV.PROVIDER_NAME,
    ])
      expect(text, s).toContain(s);
  });

  it('prints the same block on the hibah, amendment and qurban receipts, each naming what was paid', async () => {
    const db = t.ctx.db;
    const [client] = await db.select().from(users).where(eq(users.username, 'client'));
    const [h] = await db
      .insert(hibahs)
      .values({ user_id: client.id, created_by: client.id, hibah_type: 9, status: 5, hibah_number: 'H2026-000042' })
      .returning();
    const [a] = await db
      .insert(amendments)
      .values({
        amendmentable_type: 'Wasiat',
        amendmentable_id: will,
        user_id: client.id,
        created_by: client.id,
        reference_no: 'P2026-000042',
      } as typeof amendments.$inferInsert)
      .returning();
    const [season] = await db
      .insert(qurban_seasons)
      .values({
        year: 2026,
        location: 'Kampong Cham',
        country: 'Kemboja',
        animal_type: 'goat',
        shares_per_animal: 1,
        price_per_share_sen: 65000,
      })
      .returning();
    const [q] = await db
      .insert(qurban_transactions)
      .values({
        season_id: season.id,
        ref_no: 'Q2026-000042',
        user_id: client.id,
        client_name: client.name,
        on_behalf_of: 'Arwah Ahmad bin Ali',
        shares: 1,
        price_per_share_sen: 65000,
        amount_sen: 65000,
        status: 1,
      } as typeof qurban_transactions.$inferInsert)
      .returning();
    const staff = await t.login('staff');
    for (const [type, id, item, n] of [
      ['Hibah', h.id, 'H2026-000042', 2],
      ['Amendment', a.id, 'P2026-000042', 3],
      ['QurbanTransaction', q.id, 'Q2026-000042', 4],
    ] as const) {
      const [p] = await db
        .insert(payments)
        .values({
          paymentable_type: type,
          paymentable_id: id,
          payment_options_id: 1,
          amount_sen: 65000,
          status: 'paid',
          reference: `FPX-${n}`,
          paid_at: new Date('2026-11-19T03:30:00Z'),
          created_by: client.id,
          receipt_no: `R2026-00000${n}`,
        })
        .returning();
      const r = await t.call('GET', `/api/payment/${p.id}/receipt`, { token: staff });
      expect(r.status, type).toBe(200);
      const text = pdfText(r.raw).replace(/\s+/g, ' ');
      for (const s of [
        item,
        `R2026-00000${n}`,
        'Khidmat pelanggan / Customer service',
        `No. pendaftaran / Registration no.: ${ENV.PROVIDER_REGISTRATION_NO}`,
        'Menara Pusaka, Jalan Ampang, 50450 Kuala Lumpur',
        `Telefon / Phone: ${ENV.SUPPORT_PHONE}`,
        `E-mel / E-mail: ${ENV.SUPPORT_EMAIL}`,
        `WhatsApp: ${ENV.SUPPORT_WHATSAPP}`,
        ENV.PROVIDER_NAME,
      ])
        expect(text, `${type}: ${s}`).toContain(s);
    }
  });

  it('refuses an invalid configured e-mail or WhatsApp number at start', () => {
    expect(() => loadEnv({ SUPPORT_EMAIL: 'not-an-email' })).toThrow();
    expect(() => loadEnv({ SUPPORT_WHATSAPP: 'call us' })).toThrow();
    expect(loadEnv({}).SUPPORT_PHONE).toBeUndefined();
  });
});
