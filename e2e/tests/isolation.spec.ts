/**
 * One client never sees another client's will (DESIGN.md §3: "404 for what the caller may not see —
 * never reveal another user's record exists"). The first client's will is made through the API so this
 * file does not depend on the long browser journey; the second client looks for it through the API and
 * in the browser, where the pages say "Tidak dijumpai".
 */
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { DEMO_ORG, newClient, WILL_ID } from './support/data.ts';
import { apiHeaders, login, signUpByApi } from './support/ui.ts';

test.use({ actionTimeout: 15_000, navigationTimeout: 30_000 });

test('seorang pelanggan tidak dapat melihat wasiat pelanggan lain', async ({ browser, request }) => {
  const owner = newClient('Rahimah binti Daud');
  const other = newClient('Hafiz bin Roslan');
  const a = await signUpByApi(request, owner);
  const b = await signUpByApi(request, other);

  const created = await request.post('/api/wasiat', { headers: apiHeaders(a.token), data: { user_id: a.id } });
  expect(created.status(), await created.text()).toBe(201);
  const willId = ((await created.json()) as { wasiat: { id: string } }).wasiat.id;
  expect(willId).toMatch(WILL_ID);

  // The owner sees it (so the 404s below are about who asks, not a wrong id).
  const own = await request.get(`/api/wasiat/${willId}`, { headers: apiHeaders(a.token) });
  expect(own.status()).toBe(200);

  // The other client gets 404 for the will, its parts and a change; their list does not hold it.
  for (const path of [`/api/wasiat/${willId}`, `/api/wasiat/${willId}/user-detail`, `/api/wasiat/${willId}/heir`]) {
    const res = await request.get(path, { headers: apiHeaders(b.token) });
    expect(res.status(), `GET ${path}`).toBe(404);
    expect(await res.text()).not.toContain(owner.name);
  }
  // A well-formed part B change (so validation passes and only ownership can refuse it).
  const orgs = await request.get('/api/organization?allow_wasiat=1', { headers: apiHeaders(b.token) });
  const org = (
    (await orgs.json()) as { organizations: { data: { id: string; name: string }[] } }
  ).organizations.data.find((o) => o.name === DEMO_ORG);
  expect(org, 'the demo organisation is offered').toBeTruthy();
  const branches = await request.get(`/api/organization/${org?.id}/branch`, { headers: apiHeaders(b.token) });
  const branch = ((await branches.json()) as { branches: { data: { id: string }[] } }).branches.data[0];
  const partB = { organization_id: org?.id, branch_id: branch.id, wasiat_type: 1, plan: 'basic' };
  const change = await request.post(`/api/wasiat/${willId}`, {
    headers: apiHeaders(b.token),
    data: { _method: 'PATCH', ...partB },
  });
  expect(change.status(), await change.text()).toBe(404);
  const ownChange = await request.post(`/api/wasiat/${willId}`, {
    headers: apiHeaders(a.token),
    data: { _method: 'PATCH', ...partB },
  });
  expect(ownChange.status(), await ownChange.text()).toBe(200);
  const list = await request.get(`/api/wasiat?user_id=${a.id}`, { headers: apiHeaders(b.token) });
  expect(list.ok()).toBe(true);
  const ids = ((await list.json()) as { wasiats: { data: { id: string }[] } }).wasiats.data.map((w) => w.id);
  expect(ids).not.toContain(willId);

  // Nobody without a token, and the public page shows only registered wills.
  expect((await request.get(`/api/wasiat/${willId}`, { headers: apiHeaders() })).status()).toBe(401);
  expect((await request.get(`/api/public/wasiat/${willId}`, { headers: apiHeaders() })).status()).toBe(404);

  // In the other client's browser the will's pages say "Tidak dijumpai".
  const ctx = await browser.newContext();
  try {
    const page = await ctx.newPage();
    await login(page, other.username, other.password);
    for (const path of [`/wasiat/${willId}/details`, `/wasiat/${willId}/IC`, `/wasiat/part-b?wasiat_id=${willId}`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Tidak dijumpai', level: 1 })).toBeVisible();
      await expect(page.getByText(owner.name)).toHaveCount(0);
      await expect(page.getByText(owner.ic_number)).toHaveCount(0);
    }
    await expectAccessible(page, 'tidak dijumpai (wasiat orang lain)');
    await page.goto('/wasiat/list');
    await expect(page.getByText('Tiada wasiat.')).toBeVisible();
    await expectAccessible(page, 'senarai wasiat kosong');
  } finally {
    await ctx.close();
  }
});
