/**
 * The set-up of the "after a death" journey (issue 40; after-a-death.spec.ts), through the API as the wizard and
 * the asset page would make it (docs/api/wills.md, assets.md, estates.md, ekyc.md): a man aged 60 registers a
 * COMPREHENSIVE will at the demo organisation naming five heirs with e-mails and MyKads — his wife, his mother, an
 * adult son, an adult daughter and a son of 12 — and a wasiat am of 10% to his wife (a bequest to an heir, which the
 * testator acknowledges, ADR 0155); he keeps an asset map (a bank account and an investment inside the estate, an EPF
 * nomination outside it, a debt); the demo organisation lists the bank as an institution to notify (ADR 0273); the
 * adult son, who will report the death, has an account with his own passed eKYC (ADR 0147). Nothing here is the
 * journey's subject: the report, the verifications, the releases, the consents, the estate file, the route and the
 * notice are done on the screens by the spec.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type APIRequestContext, type APIResponse, expect, type Page } from '@playwright/test';
import { DEMO_ORG, MYKAD_BACK, MYKAD_FRONT, mykadOfAge, newClient, newMykad, SELFIE, uniqueTag } from './data.ts';
import { linkInMailTo, otpCodeInMail, outboxFiles } from './mail.ts';
import { apiHeaders, apiLogin, drawSignature, login, signUpByApi } from './ui.ts';

const dataUrl = async (file: string, mime: string) =>
  `data:${mime};base64,${(await readFile(file)).toString('base64')}`;

async function ok(res: Promise<APIResponse>, status = 200) {
  const r = await res;
  expect(r.status(), `${r.url()}: ${await r.text()}`).toBe(status);
  return r.json();
}

const ADDRESS = { address: 'No. 7, Jalan Kenanga', postcode: '43000', city: 'Kajang', state: 'Selangor' };

/** One heir of the will as the journey uses them. */
export interface EstateHeirPerson {
  key: 'wife' | 'mother' | 'son' | 'daughter' | 'minor';
  name: string;
  relationship: 'wife' | 'mother' | 'son';
  ic: string;
  email: string;
  /** The heir's id in the will (the estate file's heir id). */
  id: string;
}

/** The bank of the asset map, which is also on the demo organisation's list of institutions to notify. */
export const BANK = 'Bank Muamalat Malaysia Berhad';

/** The asset map's entries (sen): two inside the estate, a nomination outside it, a debt. */
export const ASSET_MAP = {
  bank: 15_000_000,
  investment: 9_000_000,
  epf: 8_000_000,
  debt: 2_400_000,
} as const;

/** What the set-up returns: the testator, the will, the heirs, the reporter and the staff token it used. */
export interface EstateSetup {
  testator: { name: string; ic: string; email: string };
  willId: string;
  wasiatNo: string;
  bequestId: string;
  heirs: EstateHeirPerson[];
  reporter: { username: string; password: string };
  /** Two new provider Staff accounts (a demo account's first login would ask for its signature and change it). */
  staff: { email: string; password: string }[];
  institution: { id: string; name: string; email: string };
}

/** The five heirs (fresh MyKads by age; e-mails unique in the run). */
function heirPeople(): Omit<EstateHeirPerson, 'id'>[] {
  const mail = (who: string) => `${who}.${uniqueTag()}@waris.contoh.my`;
  return [
    {
      key: 'wife',
      name: 'Salmah binti Idris',
      relationship: 'wife',
      ic: mykadOfAge(55, 'female'),
      email: mail('salmah'),
    },
    {
      key: 'mother',
      name: 'Fatimah binti Yusof',
      relationship: 'mother',
      ic: mykadOfAge(82, 'female'),
      email: mail('fatimah'),
    },
    { key: 'son', name: 'Hakim bin Rahman', relationship: 'son', ic: mykadOfAge(30, 'male'), email: mail('hakim') },
    {
      key: 'daughter',
      name: 'Nadia binti Rahman',
      relationship: 'son',
      ic: mykadOfAge(26, 'female'),
      email: mail('nadia'),
    },
    { key: 'minor', name: 'Irfan bin Rahman', relationship: 'son', ic: mykadOfAge(12, 'male'), email: mail('irfan') },
  ];
}

/** Build everything the journey starts from (see the file comment). */
export async function estateSetupByApi(request: APIRequestContext): Promise<EstateSetup> {
  const c = { ...newClient('Abdul Rahman bin Ismail'), ic_number: mykadOfAge(60, 'male') };
  const me = await signUpByApi(request, c);
  const h = apiHeaders(me.token);
  const id = (await ok(request.post('/api/wasiat', { headers: h, data: { user_id: me.id } }), 201)).wasiat.id as string;

  const orgs = await ok(request.get('/api/organization?allow_wasiat=1', { headers: h }));
  const org = (orgs.organizations.data as { id: string; name: string }[]).find((o) => o.name === DEMO_ORG);
  expect(org, 'the demo organisation is offered').toBeTruthy();
  const orgId = org?.id as string;
  const branches = await ok(request.get(`/api/organization/${orgId}/branch`, { headers: h }));
  await ok(
    request.post(`/api/wasiat/${id}`, {
      headers: h,
      data: {
        _method: 'PATCH',
        organization_id: orgId,
        branch_id: branches.branches.data[0].id,
        wasiat_type: 1,
        plan: 'comprehensive',
      },
    }),
  );
  const payment = (
    await ok(
      request.post('/api/payment', {
        headers: h,
        data: { paymentable_type: 'Wasiat', paymentable_id: id, payment_options_id: 3 },
      }),
    )
  ).payment;
  await ok(
    request.post(`/api/wasiat/${id}/user-detail`, {
      headers: h,
      data: {
        _method: 'PATCH',
        designation: 'mr',
        name: c.name,
        ic_number: c.ic_number,
        gender: 1,
        race: 1,
        religion: 1,
        nationality: 1,
        marital_status: 'married',
        email: c.email,
        mobile_number: c.mobile_number,
        correspondence_address: ADDRESS.address,
        correspondence_postcode: ADDRESS.postcode,
        correspondence_city: ADDRESS.city,
        correspondence_state: ADDRESS.state,
        permanent_address: ADDRESS.address,
        permanent_postcode: ADDRESS.postcode,
        permanent_city: ADDRESS.city,
        permanent_state: ADDRESS.state,
      },
    }),
  );
  for (const [type, document] of [
    ['mykad-front', await dataUrl(MYKAD_FRONT, 'image/jpeg')],
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

  const heirs: EstateHeirPerson[] = [];
  for (const p of heirPeople()) {
    const adult = p.key !== 'minor';
    const row = await ok(
      request.post('/api/heir', {
        headers: h,
        data: {
          heirable_type: 'Wasiat',
          heirable_id: id,
          name: p.name,
          relationship: p.relationship,
          ic_number: p.ic,
          email: p.email,
          mobile_number: adult ? `013${String(1_000_000 + heirs.length * 7919).padStart(7, '0')}` : '',
          ...ADDRESS,
        },
      }),
      201,
    );
    heirs.push({ ...p, id: row.heir.id as string });
  }
  // Part e's estimate, as his asset map stands (ADR 0257): gross RM 240,000, debts RM 24,000 — what the heirs' consent
  // page works the bequest's amount from (the estate file reads the map itself).
  await ok(
    request.post(`/api/wasiat/${id}`, {
      headers: h,
      data: {
        _method: 'PATCH',
        estimated_estate_sen: ASSET_MAP.bank + ASSET_MAP.investment,
        debts_sen: ASSET_MAP.debt,
      },
    }),
  );
  const wife = heirs[0];
  // The wasiat am: 10% of what remains after the claims to his wife — a bequest to an heir (s.26(2)).
  const bequest = await ok(
    request.post('/api/bequest', {
      headers: h,
      data: {
        wasiat_id: id,
        beneficiary_name: wife.name,
        ic_number: wife.ic,
        relationship: 'wife',
        purpose: 'Untuk isteri',
        portion: '10%',
      },
    }),
    201,
  );
  await ok(request.post(`/api/wasiat/${id}/heir-bequests/acknowledge`, { headers: h, data: { acknowledged: 1 } }));

  // The asset map beside the will (ADR 0269).
  const asset = (data: Record<string, unknown>) =>
    ok(request.post('/api/asset', { headers: h, data: { value_estimated_on: '2026-06-30', ...data } }), 201);
  await asset({
    kind: 'bank_account',
    description: 'Akaun simpanan',
    institution: BANK,
    reference: '1401-0099-8877',
    value_sen: ASSET_MAP.bank,
  });
  await asset({
    kind: 'investment',
    description: 'Unit amanah ASB',
    institution: 'ASNB',
    reference: 'ASB-556677',
    value_sen: ASSET_MAP.investment,
  });
  await asset({
    kind: 'epf_nomination',
    description: 'Simpanan KWSP',
    institution: 'KWSP',
    value_sen: ASSET_MAP.epf,
    nominee_name: wife.name,
    nominee_relationship: 'wife',
  });
  await asset({ kind: 'debt', description: 'Pinjaman peribadi', institution: BANK, value_sen: ASSET_MAP.debt });

  const signature = await dataUrl(MYKAD_BACK, 'image/png');
  await ok(request.post(`/api/wasiat/${id}/signature`, { headers: h, data: { is_base64: true, document: signature } }));
  await ok(
    request.post(`/api/wasiat/${id}`, {
      headers: h,
      data: { _method: 'PATCH', acknowledged_pdpa: 1, acknowledged_confirmation: 1 },
    }),
  );
  for (const name of ['Kamal bin Saksi', 'Latif bin Saksi']) {
    await ok(
      request.post('/api/witness', {
        headers: h,
        data: {
          witnessable_type: 'Wasiat',
          witnessable_id: id,
          name,
          ic_number: newMykad('male'),
          email: `${name.split(' ')[0].toLowerCase()}.${uniqueTag()}@contoh.my`,
          ...ADDRESS,
          signature,
        },
      }),
      201,
    );
  }
  const before = new Set(await outboxFiles());
  await ok(request.post('/api/otp/request', { headers: h, data: { purpose: 'will-submit', wasiat_id: id } }));
  const code = await otpCodeInMail(c.email, before);
  await ok(request.post('/api/otp/verify', { headers: h, data: { code, purpose: 'will-submit', wasiat_id: id } }));
  await ok(request.post(`/api/wasiat/${id}`, { headers: h, data: { _method: 'PATCH', status: 1 } }));

  const staff = apiHeaders(await apiLogin(request, 'staff'));
  await ok(request.post(`/api/payment/${payment.id}/confirm`, { headers: staff, data: {} }));
  const done = (await ok(request.post(`/api/wasiat/${id}`, { headers: staff, data: { _method: 'PATCH', status: 2 } })))
    .wasiat;
  expect(done.status).toBe(2);

  // The institution the demo organisation notifies (ADR 0273).
  const institutionEmail = `pusaka.${uniqueTag()}@muamalat.contoh.my`;
  const recipient = await ok(
    request.post(`/api/organization/${orgId}/notice-recipient`, {
      headers: staff,
      data: { name: BANK, kind: 'bank', email: institutionEmail },
    }),
    201,
  );

  // The adult son reports the death: his own account, with his own eKYC passed (the reporter's identity, ADR 0147).
  const son = heirs.find((x) => x.key === 'son') as EstateHeirPerson;
  const reporter = { ...newClient(son.name), ic_number: son.ic, email: `akaun.${son.email}` };
  const rep = await signUpByApi(request, reporter);
  const ekyc = await ok(
    request.post('/api/face-verification', {
      headers: apiHeaders(rep.token),
      data: {
        selfie_image: await dataUrl(SELFIE, 'image/jpeg'),
        mykad_image: await dataUrl(MYKAD_FRONT, 'image/jpeg'),
      },
      timeout: 90_000,
    }),
  );
  expect(ekyc.face_verification.passed, "the reporter's own eKYC passes").toBe(true);

  const staffUsers = [];
  const admin = apiHeaders(await apiLogin(request, 'admin'));
  for (const name of ['Pegawai Pengesahan Satu', 'Pegawai Pengesahan Dua'])
    staffUsers.push(await newStaff(request, admin, name));

  return {
    staff: staffUsers,
    testator: { name: c.name, ic: c.ic_number, email: c.email },
    willId: id,
    wasiatNo: done.wasiat_no as string,
    bequestId: bequest.bequest.id as string,
    heirs,
    reporter: { username: reporter.username, password: reporter.password },
    institution: { id: recipient.notice_recipient.id as string, name: BANK, email: institutionEmail },
  };
}

/** The newest release-code mail ("Kod anda ialah NNNNNN") to `email` after `before`, waiting up to 15 s. */
export async function releaseCodeInMail(email: string, before: Set<string>): Promise<string> {
  const dir = join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let code = '';
  await expect
    .poll(
      async () => {
        const files = (await readdir(dir).catch(() => [] as string[])).filter(
          (f) => f.endsWith('.eml') && !before.has(f),
        );
        for (const f of files.sort().reverse()) {
          const raw = (await readFile(join(dir, f), 'utf8')).replace(/=\r?\n/g, '');
          if (!raw.toLowerCase().includes(email.toLowerCase())) continue;
          code = /Kod anda ialah (\d{6})/.exec(raw)?.[1] ?? '';
          if (code) return true;
        }
        return false;
      },
      { timeout: 15_000, message: `no release code mailed to ${email}` },
    )
    .toBe(true);
  return code;
}

/**
 * A new provider Staff account made by the demo admin (`POST /api/organization/{provider}/user`), its password set
 * from the invitation's reset link (as registered-will.ts `newStaffByApi`, with the admin's headers given so two
 * accounts take one admin login: a TOTP step is used once).
 */
async function newStaff(request: APIRequestContext, admin: Record<string, string>, name: string) {
  const orgs = await ok(request.get('/api/organization?limit=100', { headers: admin }));
  const provider = (orgs.organizations.data as { id: string; type: string }[]).find((o) => o.type === 'provider');
  expect(provider, 'the provider organisation exists').toBeTruthy();
  const email = `staf.${uniqueTag()}@contoh.my`;
  await ok(
    request.post(`/api/organization/${provider?.id}/user`, {
      headers: admin,
      data: {
        name,
        ic_number: newMykad('female'),
        email,
        role: 'Staff',
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

/** Log a new staff account in (second factor enrolled) and give its first signature → the dashboard. */
export async function staffLogin(page: Page, user: { email: string; password: string }) {
  await login(page, user.email, user.password, /\/signature$/);
  await drawSignature(page.getByRole('img', { name: 'Tandatangan' }));
  await page.getByRole('button', { name: 'Simpan tandatangan' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
