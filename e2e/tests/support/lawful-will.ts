/**
 * Set-up and shared steps of the lawful-execution journey (issue 41; e2e/tests/lawful-execution.spec.ts):
 *
 * - {@link comprehensiveWillToSignByApi}: a comprehensive will made through the API up to its signature — the
 *   same calls the wizard makes (docs/api/wills.md, payments.md): sign-up → will → part B (demo organisation,
 *   comprehensive plan) → cash payment (confirmed by staff through the API) → part C → MyKad front/back → eKYC
 *   with the real face fixtures → heirs (a wife and a son aged 10 by his MyKad) → part E: a guardian of the son with
 *   an e-mail (ADR 0276) and the estimated estate. Parts F (the testator's signature) and G (witnesses) are left
 *   for the screens.
 * - {@link pdfText}: the text of a PDF by poppler's `pdftotext -layout` (pages separated by form feeds).
 * - {@link registerAsStaff}: provider staff register a submitted will on its review page.
 */
import { execFileSync } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, type APIResponse, expect, type Page } from '@playwright/test';
import { DEMO_ORG, MYKAD_BACK, MYKAD_FRONT, mykadOfAge, type NewClient, newMykad, SELFIE } from './data.ts';
import { apiHeaders, apiLogin, signUpByApi } from './ui.ts';

const dataUrl = async (file: string, mime: string) =>
  `data:${mime};base64,${(await readFile(file)).toString('base64')}`;

async function ok(res: Promise<APIResponse>, status = 200) {
  const r = await res;
  expect(r.status(), `${r.url()}: ${await r.text()}`).toBe(status);
  return r.json();
}

/** The people the journey's will names, besides the testator. */
export interface WillPeople {
  wife: { name: string; ic: string };
  son: { name: string; ic: string };
  guardian: { name: string; ic: string; email: string };
}

/** The people of a new will: unique MyKads; the son is 10 years old by his MyKad (a minor, under 18). */
export function willPeople(tag: string): WillPeople {
  return {
    wife: { name: 'Salmah binti Yusof', ic: newMykad('female') },
    son: { name: 'Muhammad Irfan bin Hakim', ic: mykadOfAge(10, 'male') },
    guardian: { name: 'Kamal bin Kamarudin', ic: newMykad('male'), email: `penjaga.${tag}@contoh.my` },
  };
}

const ADDRESS = { address: 'No. 1, Jalan Mawar', postcode: '50450', city: 'Kuala Lumpur', state: 'W.P. Kuala Lumpur' };

/**
 * A comprehensive will of a new client `c` through the API, every part done up to part E (see the file comment);
 * the testator has not signed. Returns the will id and the client's token.
 */
export async function comprehensiveWillToSignByApi(request: APIRequestContext, c: NewClient, people: WillPeople) {
  const me = await signUpByApi(request, c);
  const h = apiHeaders(me.token);
  const will = (await ok(request.post('/api/wasiat', { headers: h, data: { user_id: me.id } }), 201)).wasiat;
  const id = will.id as string;

  const orgs = await ok(request.get('/api/organization?allow_wasiat=1', { headers: h }));
  const org = (orgs.organizations.data as { id: string; name: string }[]).find((o) => o.name === DEMO_ORG);
  expect(org, 'the demo organisation is offered').toBeTruthy();
  const branches = await ok(request.get(`/api/organization/${org?.id}/branch`, { headers: h }));
  const partB = {
    organization_id: org?.id,
    branch_id: branches.branches.data[0].id,
    wasiat_type: 1,
    plan: 'comprehensive',
  };
  await ok(request.post(`/api/wasiat/${id}`, { headers: h, data: { _method: 'PATCH', ...partB } }));

  const payment = (
    await ok(
      request.post('/api/payment', {
        headers: h,
        data: { paymentable_type: 'Wasiat', paymentable_id: id, payment_options_id: 3 },
      }),
    )
  ).payment;
  // Cash received: staff confirm it now, so that registration later needs nothing but the staff's review.
  const staff = apiHeaders(await apiLogin(request, 'staff'));
  await ok(request.post(`/api/payment/${payment.id}/confirm`, { headers: staff, data: {} }));

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

  for (const [person, relationship, mobile] of [
    [people.wife, 'wife', '0198765432'],
    [people.son, 'son', '0198765433'],
  ] as const) {
    await ok(
      request.post('/api/heir', {
        headers: h,
        data: {
          heirable_type: 'Wasiat',
          heirable_id: id,
          name: person.name,
          ic_number: person.ic,
          relationship,
          mobile_number: mobile,
          ...ADDRESS,
        },
      }),
      201,
    );
  }

  // Part E: the guardian of the minor son, with the e-mail the acceptance link goes to; the estimated estate.
  await ok(
    request.post('/api/caretaker', {
      headers: h,
      data: {
        caretakerable_type: 'Wasiat',
        caretakerable_id: id,
        name: people.guardian.name,
        ic_number: people.guardian.ic,
        relationship: 'sibling',
        mobile_number: '0171234567',
        email: people.guardian.email,
        wards: people.son.name,
        address: 'No. 3, Jalan Cempaka',
        postcode: '43650',
        city: 'Bandar Baru Bangi',
        state: 'Selangor',
      },
    }),
    201,
  );
  await ok(
    request.post(`/api/wasiat/${id}`, { headers: h, data: { _method: 'PATCH', estimated_estate_sen: 45_000_000 } }),
  );
  const after = (await ok(request.get(`/api/wasiat/${id}`, { headers: h }))).wasiat;
  expect(after.unlocked, 'part F is open for the signature').toContain('f');
  return { id, token: me.token, userId: me.id };
}

/**
 * The client lets the demo organisation act for them (ADR 0101): its partner asks on the dashboard channel
 * (`POST /api/client-grant`) and the client approves (`POST /api/client-grant/{id}/approve`). A will the client
 * registered themself under the organisation gives it no grant (part B creates none), and without one the
 * organisation's partner cannot open the will — nor answer its executorship (ADR 0276).
 */
export async function grantDemoOrganisationByApi(
  request: APIRequestContext,
  client: { userId: string; token: string },
) {
  const partner = apiHeaders(await apiLogin(request, 'partner'));
  const asked = await ok(
    request.post('/api/client-grant', { headers: partner, data: { user_id: client.userId, channel: 'dashboard' } }),
    201,
  );
  await ok(
    request.post(`/api/client-grant/${asked.grant.id}/approve`, { headers: apiHeaders(client.token), data: {} }),
  );
}

/** The text of PDF bytes by `pdftotext -layout` (poppler-utils); pages are separated by form feeds. */
export async function pdfText(pdf: Buffer, name: string): Promise<string> {
  const file = join(tmpdir(), `${name}-${Date.now()}.pdf`);
  await writeFile(file, pdf);
  try {
    return execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    await rm(file, { force: true });
  }
}

/**
 * Staff register a submitted will on its review page (`/wasiat/pengesahan/{id}`): "Sahkan", asked again in a
 * dialog; the summary then says registered with a number W<year>-NNNNNN, which is returned.
 */
export async function registerAsStaff(staff: Page, willId: string): Promise<string> {
  await staff.goto(`/wasiat/pengesahan/${willId}`);
  await expect(staff.getByRole('heading', { name: 'Semakan Pendaftaran Wasiat' })).toBeVisible();
  await staff.getByRole('button', { name: 'Sahkan', exact: true }).click();
  await staff.getByRole('dialog').getByRole('button', { name: 'Sahkan', exact: true }).click();
  await expect(staff.getByText('Wasiat telah disahkan dan berdaftar.')).toBeVisible();
  const summary = staff.getByRole('table', { name: 'Ringkasan wasiat' });
  await expect(summary).toContainText('Berdaftar');
  const willNo = (await summary.textContent())?.match(/W\d{4}-\d{6}/)?.[0] ?? '';
  expect(willNo).toMatch(/^W\d{4}-\d{6}$/);
  return willNo;
}
