import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import {
  bytesOf,
  type Client,
  JPEG_A,
  newClient,
  ok,
  orgAndBranch,
  PNG_A,
  PNG_B,
  passEkyc,
  pay,
  userDetail,
} from './test-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A will with parts a–c done (the MyKad upload is next). */
async function willAtDocument(c: Client) {
  const w = (await ok(t.call('POST', '/api/wasiat', { token: c.token, body: { user_id: c.id } }), 201)).wasiat;
  await ok(
    t.call('PATCH', `/api/wasiat/${w.id}`, {
      token: c.token,
      body: { ...(await orgAndBranch(t)), wasiat_type: 1, plan: 'basic' },
    }),
  );
  await pay(t, w.id, 'paid');
  await ok(t.call('POST', `/api/wasiat/${w.id}/user-detail`, { token: c.token, body: userDetail(c.ic) }));
  return w.id as string;
}

const fileForm = (type: string, bytes: Buffer, mime: string, name: string, extra: Record<string, string> = {}) => {
  const form = new FormData();
  form.append('type', type);
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  form.append('document', new Blob([new Uint8Array(bytes)], { type: mime }), name);
  return form;
};

describe('MyKad front and back (part document)', () => {
  it('refuses the same file twice, keeps the first, and marks the part done with two different images', async () => {
    const c = await newClient(t);
    const id = await willAtDocument(c);
    const token = c.token;
    const front = await ok(
      t.call('POST', `/api/wasiat/${id}/document`, {
        token,
        form: fileForm('mykad-front', bytesOf(PNG_A), 'image/png', 'depan.png'),
      }),
      201,
    );
    expect(front.attachment).toMatchObject({
      type: 'mykad-front',
      mime_type: 'image/png',
      original_filename: 'depan.png',
    });
    const same = await t.call('POST', `/api/wasiat/${id}/document`, {
      token,
      body: { is_base64: true, type: 'mykad-back', document: PNG_A },
    });
    expect(same.status).toBe(422);
    expect(same.body.errors.document).toEqual(['MyKad front and back must be different files.']);
    let w = await ok(t.call('GET', `/api/wasiat/${id}`, { token }));
    expect(w.wasiat.parts_done).not.toContain('document');

    await ok(
      t.call('POST', `/api/wasiat/${id}/document`, {
        token,
        form: fileForm('mykad-back', bytesOf(JPEG_A), 'image/jpeg', 'belakang.jpg'),
      }),
      201,
    );
    w = await ok(t.call('GET', `/api/wasiat/${id}`, { token }));
    expect(w.wasiat.parts_done).toContain('document');
    expect(w.wasiat.unlocked).toContain('ekyc');

    // replacing the front with the back's bytes is refused too; the stored front stays
    const swap = await t.call('POST', `/api/wasiat/${id}/document?action=replace`, {
      token,
      body: { is_base64: true, type: 'mykad-front', document: JPEG_A },
    });
    expect(swap.status).toBe(422);
    const docs = await ok(t.call('GET', `/api/wasiat/${id}/document`, { token }));
    expect(docs.attachments.data.map((d: { type: string }) => d.type).sort()).toEqual(['mykad-back', 'mykad-front']);
    const bytes = await t.call('GET', `/api/attachment/${front.attachment.id}/file`, { token });
    expect(bytes.status).toBe(200);
    // stored re-encoded without metadata (issue 11, files/reencode.ts): the same pixels, not the same bytes
    const pixels = (b: Buffer) => sharp(b).ensureAlpha().raw().toBuffer();
    expect(Buffer.compare(await pixels(bytes.raw), await pixels(bytesOf(PNG_A)))).toBe(0);

    // a new front replaces the old one (one front per will)
    await ok(
      t.call('POST', `/api/wasiat/${id}/document`, {
        token,
        body: { is_base64: true, type: 'mykad-front', document: PNG_B },
      }),
      201,
    );
    const after = await ok(t.call('GET', `/api/wasiat/${id}/document`, { token }));
    expect(after.attachments.data).toHaveLength(2);
    expect((await t.call('GET', `/api/attachment/${front.attachment.id}/file`, { token })).status).toBe(404);
  });

  it('checks content by magic bytes, the 5 MB limit and the type; the payment slip may be a PDF', async () => {
    const c = await newClient(t);
    const id = await willAtDocument(c);
    const token = c.token;
    const text = await t.call('POST', `/api/wasiat/${id}/document`, {
      token,
      form: fileForm('mykad-front', Buffer.from('not an image at all'), 'image/png', 'fake.png'),
    });
    expect(text.status).toBe(422);
    expect(text.body.errors.document).toEqual(['This file type is not allowed.']);
    const big = Buffer.concat([bytesOf(PNG_A), Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await t.call('POST', `/api/wasiat/${id}/document`, {
      token,
      form: fileForm('mykad-front', big, 'image/png', 'big.png'),
    });
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.message).toBe('File too large (5 MB at most).');
    const badType = await t.call('POST', `/api/wasiat/${id}/document`, {
      token,
      body: { type: 'selfie-x', document: PNG_A },
    });
    expect(badType.body.errors.type).toBeTruthy();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
    const slip = await ok(
      t.call('POST', `/api/wasiat/${id}/document`, {
        token,
        form: fileForm('payment', pdf, 'application/pdf', 'resit.pdf'),
      }),
      201,
    );
    expect(slip.attachment.mime_type).toBe('application/pdf');
    const pdfAsMykad = await t.call('POST', `/api/wasiat/${id}/document`, {
      token,
      form: fileForm('mykad-back', pdf, 'application/pdf', 'ic.pdf'),
    });
    expect(pdfAsMykad.status).toBe(422);
  });

  it('multipart with _method is spoofed too (a PATCH of part c sent as form data)', async () => {
    const c = await newClient(t);
    const id = await willAtDocument(c);
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...userDetail(c.ic), name: 'Ahmad Multipart', _method: 'PATCH' }))
      form.append(k, String(v));
    const r = await ok(t.call('POST', `/api/wasiat/${id}/user-detail`, { token: c.token, form }));
    expect(r.user_detail).toMatchObject({ name: 'Ahmad Multipart', gender: 1, race: 1 });
  });
});

describe('testator signature (part f)', () => {
  it('accepts a PNG only, and part f needs it', async () => {
    const c = await newClient(t);
    const id = await willAtDocument(c);
    const token = c.token;
    await ok(
      t.call('POST', `/api/wasiat/${id}/document`, { token, body: { type: 'mykad-front', document: PNG_A } }),
      201,
    );
    await ok(
      t.call('POST', `/api/wasiat/${id}/document`, { token, body: { type: 'mykad-back', document: PNG_B } }),
      201,
    );
    await passEkyc(t, id);
    await ok(
      t.call('POST', '/api/heir', {
        token,
        body: {
          heirable_type: 'Wasiat',
          heirable_id: id,
          name: 'Siti',
          relationship: 'wife',
          mobile_number: '0123456789',
          address: 'A',
          postcode: '50450',
          city: 'KL',
          state: 'Selangor',
        },
      }),
      201,
    );
    const noSig = await t.call('PATCH', `/api/wasiat/${id}`, {
      token,
      body: { acknowledged_pdpa: 1, acknowledged_confirmation: 1 },
    });
    expect(noSig.status).toBe(422);
    expect(noSig.body.errors.signature).toBeTruthy();
    const noPdpa = await t.call('PATCH', `/api/wasiat/${id}`, {
      token,
      body: { acknowledged_pdpa: 0, acknowledged_confirmation: 1 },
    });
    expect(noPdpa.body.errors.acknowledged_pdpa).toEqual(['You must agree to the Personal Data Protection Act 2010.']);
    const jpeg = await t.call('POST', `/api/wasiat/${id}/signature`, {
      token,
      body: { is_base64: true, document: JPEG_A },
    });
    expect(jpeg.status).toBe(422);
    const sig = await ok(
      t.call('POST', `/api/wasiat/${id}/signature`, { token, body: { is_base64: true, document: PNG_A } }),
    );
    expect((await ok(t.call('GET', `/api/wasiat/${id}/signature`, { token }))).signature.id).toBe(sig.signature.id);
    const f = await ok(
      t.call('PATCH', `/api/wasiat/${id}`, { token, body: { acknowledged_pdpa: 1, acknowledged_confirmation: '1' } }),
    );
    expect(f.wasiat).toMatchObject({
      acknowledged_pdpa: 1,
      acknowledged_confirmation: 1,
      signature: { id: sig.signature.id },
    });
    expect(f.wasiat.unlocked.at(-1)).toBe('g');
  });
});
