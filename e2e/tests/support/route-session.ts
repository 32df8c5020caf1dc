/**
 * The records and sessions the whole-product walks share (every-route, a11y-routes, reflow): one registered
 * will of a new client (the `owner` role), the demo organisation's ids (`Ids` of support/spec-routes.ts), and
 * one API login per role, made once per worker and reused by every test of the file.
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { newClient } from './data.ts';
import { registeredWillByApi } from './registered-will.ts';
import type { Ids, RouteRole } from './spec-routes.ts';
import { apiHeaders, apiLogin } from './ui.ts';

/** The first record (an object with an `id`) in an API answer (`{ things: { data: [...] } }` and the like). */
export function firstId(body: unknown): string {
  const seen: unknown[] = [body];
  while (seen.length) {
    const v = seen.shift();
    if (Array.isArray(v)) {
      const row = v.find((x) => x && typeof x === 'object' && 'id' in x) as { id: string } | undefined;
      if (row) return String(row.id);
      seen.push(...v);
    } else if (v && typeof v === 'object') seen.push(...Object.values(v));
  }
  throw new Error(`no record in ${JSON.stringify(body).slice(0, 200)}`);
}

/** GET `/api/<path>` as `token`; expects 200 and returns the JSON. */
export async function apiGet(request: APIRequestContext, token: string, path: string) {
  const r = await request.get(`/api/${path}`, { headers: apiHeaders(token) });
  expect(r.status(), `${path}: ${await r.text()}`).toBe(200);
  return r.json();
}

/** A product of the organisation (the demo seed has none: one is made as staff would on its page). */
async function productOf(request: APIRequestContext, token: string, organizationId: string): Promise<string> {
  const r = await request.post(`/api/organization/${organizationId}/product`, {
    headers: apiHeaders(token),
    data: { category: 'wasiat', name: 'Wasiat Asas', description: 'Pelan wasiat asas', status: 1 },
  });
  expect(r.status(), await r.text()).toBe(201);
  return String(((await r.json()) as { product: { id: string } }).product.id);
}

/** POST `/api/<path>` as `token` with `data`; expects `status` and returns the JSON. */
async function apiPost(request: APIRequestContext, token: string, path: string, data: object, status = 200) {
  const r = await request.post(`/api/${path}`, { headers: apiHeaders(token), data });
  expect(r.status(), `${path}: ${await r.text()}`).toBe(status);
  return r.json();
}

/**
 * A paid amendment of the will `wasiatId` (docs/api/amendments.md): the owner applies and pays the fee at the
 * sandbox gateway (its form posted as the "Lulus" button does), which opens the amendment wizard.
 */
async function paidAmendment(request: APIRequestContext, owner: string, wasiatId: string): Promise<string> {
  const { amendment } = await apiPost(
    request,
    owner,
    'amendment',
    { amendmentable_type: 'Wasiat', amendmentable_id: wasiatId, notes: null, status: 0 },
    201,
  );
  const pay = await apiPost(request, owner, 'payment', {
    paymentable_type: 'Amendment',
    paymentable_id: amendment.id,
    payment_options_id: 1,
    redirect_url: `/wasiat/${wasiatId}/pindaanPayVerified`,
  });
  const done = await request.post(pay.payment_link, { form: { outcome: 'approve' }, maxRedirects: 0 });
  expect(done.status(), 'the sandbox gateway answers the approval with a redirect').toBeLessThan(400);
  return String(amendment.id);
}

/** The owner's hibahs, one per wizard (docs/api/hibah.md: `POST /hibah`, the one-cent code redeemed). */
async function hibahs(request: APIRequestContext, owner: string, ownerId: string, staff: string) {
  const start = async (hibah_type: number) =>
    String((await apiPost(request, owner, 'hibah', { user_id: ownerId, hibah_type }, 201)).hibah.id);
  // Product codes of spec §3's hibah types (@wasiat/domain HIBAH_TYPES): 9 real-estate hibah trust, 14 estate trust.
  const hibahId = await start(9);
  const estateHibahId = await start(14);
  const { coupons } = await apiPost(request, staff, 'one-cent/hibah-coupon', { count: 1 }, 201);
  const redeemed = await apiPost(request, owner, `one-cent/hibah-coupon/${coupons[0].code}/redeem`, {});
  return { hibahId, estateHibahId, oneCentHibahId: String(redeemed.hibah.id) };
}

/** Role → bearer token, filled as roles are first used. */
export const tokens = new Map<RouteRole, string>();

/**
 * Register the owner's will, apply for and pay its amendment, start the owner's three hibahs and read the demo
 * organisation's ids (call from `beforeAll`, ~1 minute).
 */
export async function makeIds(request: APIRequestContext): Promise<Ids> {
  const owner = newClient('Nur Aisyah binti Hassan');
  const will = await registeredWillByApi(request, owner);
  tokens.set('owner', will.token);
  const staff = await apiLogin(request, 'staff');
  tokens.set('staff', staff);
  const orgs = await apiGet(request, staff, 'organization?allow_wasiat=1');
  const org = (orgs.organizations.data as { id: string; name: string }[]).find(
    (o) => o.name === 'Syarikat Demo Amanah Sdn Bhd',
  );
  expect(org, 'the demo organisation').toBeTruthy();
  const organizationId = String(org?.id);
  const me = await apiGet(request, will.token, 'authenticate');
  const ownerId = String(me.user.id);
  return {
    ...(await hibahs(request, will.token, ownerId, staff)),
    amendmentId: await paidAmendment(request, will.token, will.id),
    organizationId,
    branchId: firstId(await apiGet(request, staff, `organization/${organizationId}/branch`)),
    userId: firstId(await apiGet(request, staff, `organization/${organizationId}/user`)),
    pricingId: firstId(await apiGet(request, staff, `organization/${organizationId}/pricing`)),
    productId: await productOf(request, staff, organizationId),
    wasiatId: will.id,
    ownerId,
  };
}

/** Log `page` in as `role` the way the client keeps a session (token and user in localStorage), or out. */
export async function become(page: Page, request: APIRequestContext, role: RouteRole, lang?: 'ms' | 'en') {
  if (role !== 'guest' && !tokens.has(role)) tokens.set(role, await apiLogin(request, role));
  await page.goto('/pdpa');
  const token = tokens.get(role);
  const user = token ? (await apiGet(request, token, 'authenticate')).user : null;
  await page.evaluate(
    ([t, u, l]) => {
      localStorage.clear();
      if (t) localStorage.setItem('id_token', t);
      if (u) localStorage.setItem('LOGGED_USER', u);
      if (l) localStorage.setItem('LOCALIZATION', l);
    },
    [token ?? null, user ? JSON.stringify(user) : null, lang ?? null],
  );
}
