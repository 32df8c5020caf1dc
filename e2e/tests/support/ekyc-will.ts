/**
 * A will brought to its eKYC step through the API, for the eKYC journeys (ekyc-camera.spec.ts,
 * ekyc-identity.spec.ts); the will journey covers the same parts in the browser.
 */
import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect } from '@playwright/test';
import { DEMO_ORG, MYKAD_BACK, MYKAD_FRONT, newClient } from './data.ts';
import { apiHeaders, signUpByApi } from './ui.ts';

/** A file as a data URL, as the API's base64 uploads take it. */
export const dataUrlOf = (file: string, mime: string) => `data:${mime};base64,${readFileSync(file).toString('base64')}`;

/** POST `data` to `/api{path}` as `token`, expect `status` (200), → the JSON answer. */
export async function call(request: APIRequestContext, token: string, path: string, data: unknown, status = 200) {
  const res = await request.post(`/api${path}`, { headers: apiHeaders(token), data });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(status);
  return res.json();
}

/**
 * A new client (named `name`) with a basic will at the demo organisation, paid at the sandbox gateway, with
 * particulars and MyKad images uploaded: at the eKYC step. → `{ client, token, willId }`.
 */
export async function willAtEkyc(request: APIRequestContext, name: string) {
  const client = newClient(name);
  const { id, token } = await signUpByApi(request, client);
  const { wasiat } = await call(request, token, '/wasiat', { user_id: id }, 201);
  const orgs = await (await request.get('/api/organization?allow_wasiat=1', { headers: apiHeaders(token) })).json();
  const org = (orgs as { organizations: { data: { id: string; name: string }[] } }).organizations.data.find(
    (o) => o.name === DEMO_ORG,
  ) as { id: string };
  const branches = await (
    await request.get(`/api/organization/${org.id}/branch`, { headers: apiHeaders(token) })
  ).json();
  const branch = (branches as { branches: { data: { id: string }[] } }).branches.data[0];
  await call(request, token, `/wasiat/${wasiat.id}`, {
    _method: 'PATCH',
    organization_id: org.id,
    branch_id: branch.id,
    wasiat_type: 1,
    plan: 'basic',
  });
  const pay = await call(request, token, '/payment', { paymentable_id: wasiat.id, payment_options_id: 1 });
  const gateway = await request.post(pay.payment_link, {
    form: { outcome: 'approve' },
    maxRedirects: 0,
  });
  expect(gateway.status()).toBe(303);
  await call(request, token, `/wasiat/${wasiat.id}/user-detail`, {
    _method: 'PATCH',
    designation: 'mr',
    name: client.name,
    ic_number: client.ic_number,
    gender: 1,
    race: 1,
    religion: 1,
    nationality: 1,
    marital_status: 'married',
    email: client.email,
    mobile_number: client.mobile_number,
    correspondence_address: 'No. 8, Jalan Kenari 2, Taman Puchong',
    correspondence_postcode: '47100',
    correspondence_city: 'Puchong',
    correspondence_state: 'Selangor',
    permanent_address: 'No. 8, Jalan Kenari 2, Taman Puchong',
    permanent_postcode: '47100',
    permanent_city: 'Puchong',
    permanent_state: 'Selangor',
  });
  for (const [type, file, mime] of [
    ['mykad-front', MYKAD_FRONT, 'image/jpeg'],
    ['mykad-back', MYKAD_BACK, 'image/png'],
  ]) {
    await call(
      request,
      token,
      `/wasiat/${wasiat.id}/document`,
      { is_base64: true, type, document: dataUrlOf(file, mime) },
      201,
    );
  }
  return { client, token, willId: wasiat.id as string };
}
