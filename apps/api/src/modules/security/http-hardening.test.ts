/**
 * HTTP hardening over HTTP (issue 11; ADR 0082): security headers and a strict CSP, `Cache-Control: no-store`
 * on API answers, CORS closed unless configured, and uploaded images re-encoded without EXIF under
 * server-chosen names.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { attachments } from '../../db/schema/index.ts';
import { saveAttachment } from '../../platform/files/uploads.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t?.close();
});

const SECRET = 'SECRET-GPS-3.1390N-101.6869E';

describe('security headers', () => {
  it('sends a strict CSP, HSTS, nosniff, Referrer-Policy and no-store on API answers', async () => {
    const client = await t.login('client');
    for (const r of [
      await t.call('GET', '/api/health'),
      await t.call('GET', '/api/authenticate', { token: client }),
      await t.call('POST', '/api/login', { body: { username: 'client', password: 'wrong' } }),
    ]) {
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(r.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('referrer-policy')).toBe('no-referrer');
      expect(r.headers.get('cache-control')).toBe('no-store');
      expect(r.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('closes CORS by default: a foreign origin gets no Access-Control-Allow-Origin', async () => {
    const pre = await fetch(`${t.baseUrl}/api/login`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    const get = await t.call('GET', '/api/health', { headers: { Origin: 'https://evil.example' } });
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('opens CORS only to the configured origins', async () => {
    const t2 = await makeTestApp({ env: { CORS_ORIGINS: 'https://partner.example' } });
    try {
      const ok = await fetch(`${t2.baseUrl}/api/login`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://partner.example', 'Access-Control-Request-Method': 'POST' },
      });
      expect(ok.headers.get('access-control-allow-origin')).toBe('https://partner.example');
      const no = await fetch(`${t2.baseUrl}/api/login`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
      });
      expect(no.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await t2.close();
    }
  });
});

describe('uploads re-encoded', () => {
  it('a signature PNG with EXIF is stored without it, under a server-chosen name', async () => {
    const login = await t.call('POST', '/api/login', { body: { username: 'client', password: 'Demo12345' } });
    const { user, token } = login.body;
    const png = await sharp({ create: { width: 120, height: 40, channels: 4, background: '#ffffff' } })
      .png()
      .withExif({ IFD0: { Copyright: SECRET } })
      .toBuffer();
    expect(png.includes(SECRET)).toBe(true);
    const r = await t.call('POST', `/api/user/${user.id}/signature`, {
      token,
      body: { document: `data:image/png;base64,${png.toString('base64')}` },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [row] = await t.ctx.db.select().from(attachments).where(eq(attachments.id, r.body.signature.id));
    expect(row.storage_key).toMatch(/^user\/[\w-]+\/[0-9a-f]{24}\.png$/);
    const stored = await t.ctx.store.get(row.storage_key);
    expect(stored.includes(SECRET)).toBe(false);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(row.size_bytes).toBe(stored.length);
  });

  it('a JPEG photo loses its EXIF (GPS, camera) and is turned upright; bytes after the image are dropped', async () => {
    const jpg = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: SECRET, Make: 'PhoneCam' } })
      .toBuffer();
    const polyglot = Buffer.concat([jpg, Buffer.from('<script>alert(1)</script>')]);
    const row = await saveAttachment(t.ctx.db, t.ctx.store, {
      attachableType: 'Test',
      attachableId: 'exif',
      type: 'photo',
      data: polyglot,
      allowed: ['image/jpeg'],
      originalFilename: '../../etc/passwd.jpg',
    });
    expect(row.storage_key).toMatch(/^test\/exif\/[0-9a-f]{24}\.jpg$/);
    const stored = await t.ctx.store.get(row.storage_key);
    expect(stored.includes(SECRET)).toBe(false);
    expect(stored.includes('PhoneCam')).toBe(false);
    expect(stored.includes('<script>')).toBe(false);
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([40, 20]);
  });

  it('refuses bytes that look like an image but do not decode', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    await expect(
      saveAttachment(t.ctx.db, t.ctx.store, {
        attachableType: 'Test',
        attachableId: 'bad',
        type: 'photo',
        data: fake,
        allowed: ['image/jpeg'],
      }),
    ).rejects.toMatchObject({ messageKey: 'errors.file_type' });
  });
});
