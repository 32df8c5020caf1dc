/**
 * The first load of /login (issue 18 item 4; ADR 0205): index.html names every script the page runs (its entry and
 * `modulepreload` links), so nothing is fetched only after the entry ran (one round trip more on a phone's link),
 * and the login page itself is in that first load: it paints whole in one go. Typed and reloaded, logged out.
 */
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './support/data.ts';
import { login, logout } from './support/ui.ts';

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

test('a logged-in page asks for the private frame with the first load, each file once; a visitor without a session does not (ADR 0208)', async ({
  page,
}) => {
  const warmLinks = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"][fetchpriority="low"]')).map(
        (l) => new URL(l.href).pathname,
      ),
    );
  await page.goto('/login');
  await expect(page.getByRole('textbox', { name: 'Nama pengguna' })).toBeVisible();
  expect(await warmLinks(), 'logged out').toEqual([]);

  await login(page, 'client', DEMO_PASSWORD);
  for (const load of ['typed', 'reloaded'] as const) {
    const fetched = new Map<string, number>();
    const onRequest = (r: { url(): string }) => {
      const path = new URL(r.url()).pathname;
      fetched.set(path, (fetched.get(path) ?? 0) + 1);
    };
    page.on('request', onRequest);
    if (load === 'typed') await page.goto('/dashboard');
    else await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    page.off('request', onRequest);
    const warm = await warmLinks();
    // The frame (its layout with the menu, the query cache) and the Malay messages, each fetched once: the
    // router's own import found the preloaded module.
    expect(
      warm.some((f) => /\/AppLayout-[^/]+\.js$/.test(f)),
      `${load}: ${warm}`,
    ).toBe(true);
    expect(
      warm.some((f) => /\/locale-ms-(?!core)[^/]+\.js$/.test(f)),
      `${load}: ${warm}`,
    ).toBe(true);
    for (const f of warm) expect(fetched.get(f), `${load}: ${f}`).toBe(1);
  }
  await logout(page);
});
