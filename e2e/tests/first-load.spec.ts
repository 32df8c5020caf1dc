/**
 * The first load of /login (issue 18 item 4; ADR 0205): index.html names every script the page runs (its entry and
 * `modulepreload` links), so nothing is fetched only after the entry ran (one round trip more on a phone's link),
 * and the login page itself is in that first load: it paints whole in one go. Typed and reloaded, logged out.
 */
import { expect, test } from '@playwright/test';

test('/login runs only the scripts index.html names, and shows its form without another chunk', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/login')).text();
  const named = new Set(
    [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map((m) => m[1]),
  );
  expect(named.size).toBeGreaterThan(1);

  for (const load of ['typed', 'reloaded'] as const) {
    const scripts: string[] = [];
    const onRequest = (r: { resourceType(): string; url(): string }) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    };
    page.on('request', onRequest);
    if (load === 'typed') await page.goto('/login');
    else await page.reload();
    await expect(page.getByRole('textbox', { name: 'Nama pengguna' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    page.off('request', onRequest);
    expect(scripts.length, load).toBeGreaterThan(0);
    expect(
      scripts.filter((s) => !named.has(s)),
      `${load}: scripts index.html does not name`,
    ).toEqual([]);
  }
});

test('a start chunk that cannot be fetched leaves a message in both languages and a reload that works', async ({
  page,
}) => {
  const dropped = '**/assets/start-*.js'; // the app's own start (app/start.tsx), the last stage
  await page.route(dropped, (route) => route.abort('internetdisconnected'));
  await page.goto('/login');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Halaman ini tidak dapat dimuatkan.');
  await expect(alert).toContainText('This page could not be loaded.');
  await page.unroute(dropped);
  await alert.getByRole('link', { name: 'Muat semula' }).click();
  await expect(page.getByRole('textbox', { name: 'Nama pengguna' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
