/**
 * Customer service contact (issue 17 item 15; ADR 0160): configured through env.ts, served publicly by
 * `GET /api/support-contact`, and printed on the receipt PDF with the provider's registration number and
 * address (read back with poppler's pdftotext).
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../test/harness.ts';
import { insertWill } from '../documents/fixtures.ts';
import { loadEnv } from '../env.ts';

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

  it('refuses an invalid configured e-mail or WhatsApp number at start', () => {
    expect(() => loadEnv({ SUPPORT_EMAIL: 'not-an-email' })).toThrow();
    expect(() => loadEnv({ SUPPORT_WHATSAPP: 'call us' })).toThrow();
    expect(loadEnv({}).SUPPORT_PHONE).toBeUndefined();
  });
});
