import { expect, test } from '@playwright/test';

test('the app serves the SPA and the API on one port', async ({ page, request }) => {
  const health = await request.get('/api/health');
  expect(await health.json()).toEqual({ status: 'ok' });
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ms');
});
