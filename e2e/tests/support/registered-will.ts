/**
 * A registered will made through the API (no browser), for journeys that start after registration (sealed
 * documents, public verification). The same calls the wizard makes (docs/api/wills.md, payments.md):
 * sign-up → will → part B (demo organisation, basic plan) → cash payment → part C → MyKad front/back →
 * eKYC with the real face fixtures → heir → testator signature + declarations → two witnesses → OTP read
 * from the outbox → submit (status 1) → staff confirm the payment and the will (status 2).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import { DEMO_ORG, MYKAD_BACK, MYKAD_FRONT, type NewClient, newMykad, SELFIE } from './data.ts';
import { linkInMailTo } from './mail.ts';
import { apiHeaders, apiLogin, signUpByApi } from './ui.ts';

const dataUrl = async (file: string, mime: string) =>
  `data:${mime};base64,${(await readFile(file)).toString('base64')}`;
const outbox = () => join(process.env.E2E_DATA_DIR ?? '', 'outbox');

async function ok(res: Promise<import('@playwright/test').APIResponse>, status = 200) {
  const r = await res;
  expect(r.status(), `${r.url()}: ${await r.text()}`).toBe(status);
  return r.json();
}

/** The newest 6-digit OTP mailed to `email` after the files in `before`. */
async function otpFromOutbox(email: string, before: Set<string>): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const files = (await readdir(outbox()).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
        for (const f of files
          .filter((x) => !before.has(x))
          .sort()
          .reverse()) {
          const raw = (await readFile(join(outbox(), f), 'utf8')).replace(/=\r?\n/g, '');
          if (!raw.toLowerCase().includes(email.toLowerCase())) continue;
          code = /Kod pengesahan anda ialah (\d{6})/.exec(raw)?.[1] ?? /(\d{6})/.exec(raw)?.[1] ?? '';
          if (code) return true;
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return code;
}

/** Log in through the API → token (support/ui.ts, second factor included). */
export { apiLogin };

/** Make a registered will for a new client `c`; returns the will id, its number and the client's token. */
export async function registeredWillByApi(request: APIRequestContext, c: NewClient) {
  const me = await signUpByApi(request, c);
  const h = apiHeaders(me.token);
  const will = (await ok(request.post('/api/wasiat', { headers: h, data: { user_id: me.id } }), 201)).wasiat;
  const id = will.id as string;

  const orgs = await ok(request.get('/api/organization?allow_wasiat=1', { headers: h }));
  const org = (orgs.organizations.data as { id: string; name: string }[]).find((o) => o.name === DEMO_ORG);
  expect(org, 'the demo organisation is offered').toBeTruthy();
  const branches = await ok(request.get(`/api/organization/${org?.id}/branch`, { headers: h }));
  const partB = { organization_id: org?.id, branch_id: branches.branches.data[0].id, wasiat_type: 1, plan: 'basic' };
  await ok(request.post(`/api/wasiat/${id}`, { headers: h, data: { _method: 'PATCH', ...partB } }));

  const payment = (
    await ok(
      request.post('/api/payment', {
        headers: h,
        data: { paymentable_type: 'Wasiat', paymentable_id: id, payment_options_id: 3 },
      }),
    )
  ).payment;

  const address = {
    address: 'No. 1, Jalan Mawar',
    postcode: '50450',
    city: 'Kuala Lumpur',
    state: 'W.P. Kuala Lumpur',
  };
  await ok(
    request.post(`/api/wasiat/${id}/user-detail`, {
      headers: h,
      data: {
        _method: 'PATCH',
        designation: 'mr',
        name: c.name,
        ic_number: c.ic_number,
        gender: Number(c.ic_number.slice(-1)) % 2 === 1 ? 1 : 2,
        race: 1,
        religion: 1,
        nationality: 1,
        marital_status: 'married',
        email: c.email,
        mobile_number: c.mobile_number,
        correspondence_address: address.address,
        correspondence_postcode: address.postcode,
        correspondence_city: address.city,
        correspondence_state: address.state,
        permanent_address: address.address,
        permanent_postcode: address.postcode,
        permanent_city: address.city,
        permanent_state: address.state,
      },
    }),
  );
  const front = await dataUrl(MYKAD_FRONT, 'image/jpeg');
  for (const [type, document] of [
    ['mykad-front', front],
    ['mykad-back', await dataUrl(MYKAD_BACK, 'image/png')],
  ]) {
    await ok(
      request.post(`/api/wasiat/${id}/document`, { headers: h, data: { is_base64: true, type, document } }),
      201,
    );
  }
  const face = await ok(
    request.post('/api/face-verification', {
      headers: h,
      data: { selfie_image: await dataUrl(SELFIE, 'image/jpeg'), ekycable_type: 'Wasiat', ekycable_id: id },
      timeout: 90_000,
    }),
  );
  expect(face.face_verification.passed, 'the face fixtures match').toBe(true);

  await ok(
    request.post('/api/heir', {
      headers: h,
      data: {
        heirable_type: 'Wasiat',
        heirable_id: id,
        name: 'Siti binti Ahmad',
        relationship: 'wife',
        mobile_number: '0198765432',
        ...address,
      },
    }),
    201,
  );
  // A "drawn" signature: any PNG with ink (the MyKad back fixture is one).
  const signature = await dataUrl(MYKAD_BACK, 'image/png');
  await ok(request.post(`/api/wasiat/${id}/signature`, { headers: h, data: { is_base64: true, document: signature } }));
  await ok(
    request.post(`/api/wasiat/${id}`, {
      headers: h,
      data: { _method: 'PATCH', acknowledged_pdpa: 1, acknowledged_confirmation: 1 },
    }),
  );
  for (const name of ['Zainal bin Saksi', 'Rosli bin Saksi']) {
    await ok(
      request.post('/api/witness', {
        headers: h,
        data: {
          witnessable_type: 'Wasiat',
          witnessable_id: id,
          name,
          ic_number: newMykad('male'),
          email: `${name.split(' ')[0].toLowerCase()}@contoh.my`,
          ...address,
          signature,
        },
      }),
      201,
    );
  }
  const before = new Set((await readdir(outbox()).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')));
  await ok(request.post('/api/otp/request', { headers: h, data: { purpose: 'will-submit', wasiat_id: id } }));
  const code = await otpFromOutbox(c.email, before);
  await ok(request.post('/api/otp/verify', { headers: h, data: { code, purpose: 'will-submit', wasiat_id: id } }));
  await ok(request.post(`/api/wasiat/${id}`, { headers: h, data: { _method: 'PATCH', status: 1 } }));

  const staff = apiHeaders(await apiLogin(request, 'staff'));
  await ok(request.post(`/api/payment/${payment.id}/confirm`, { headers: staff, data: {} }));
  const done = (await ok(request.post(`/api/wasiat/${id}`, { headers: staff, data: { _method: 'PATCH', status: 2 } })))
    .wasiat;
  expect(done.status).toBe(2);
  return { id, wasiatNo: done.wasiat_no as string, token: me.token };
}

/**
 * A new provider Staff account (so a journey's browser login does not change a demo account, e.g. its
 * forced first signature): created by the demo admin through `POST /api/organization/{provider}/user`,
 * password set from the invitation mail's reset link. Returns the e-mail (a login name) and password.
 */
export async function newStaffByApi(request: APIRequestContext, name = 'Pegawai Semakan') {
  const admin = apiHeaders(await apiLogin(request, 'admin'));
  const orgs = await ok(request.get('/api/organization?limit=100', { headers: admin }));
  const provider = (orgs.organizations.data as { id: string; type: string }[]).find((o) => o.type === 'provider');
  expect(provider, 'the provider organisation exists').toBeTruthy();
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `staf.${tag}@contoh.my`;
  await ok(
    request.post(`/api/organization/${provider?.id}/user`, {
      headers: admin,
      data: {
        name,
        ic_number: newMykad('female'),
        email,
        role: 'Staff',
        // the provider's staff are paid through their bank (ADR 0019)
        bank_name: 'Maybank',
        bank_account_number: '5140-2233-4455',
      },
    }),
    201,
  );
  const link = new URL(await linkInMailTo(email, '/password/reset'), 'http://x');
  const password = 'Rahsia123';
  await ok(
    request.post('/api/password/reset', {
      headers: apiHeaders(),
      data: { email, token: link.searchParams.get('token'), password, password_confirmation: password },
    }),
  );
  return { email, password };
}
