/**
 * Issue 37 item 5: the hibah's summary (where the grantor accepts the draft and staff approve) shows every
 * fact entered for the trust, as the certificate prints it — the purpose, the period, the distribution
 * instructions and the caretaker's allowance — each under its part D label, Malay and English.
 */
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import i18n from '@/lib/i18n.ts';
import { KEYS } from '@/lib/storage.ts';
import { HibahSummary } from './components/HibahSummary.tsx';

const summary = {
  receivers: [
    {
      name: 'Adam bin Ahmad',
      ic: '150101145671',
      relationship: 'Anak lelaki / Son',
      minor: true,
      shares: [{ property: 'Akaun bank / Bank account · Maybank · 1122334455', portion: '100%' }],
      caretakers: [
        {
          name: 'Aminah binti Ali',
          ic: '880101145678',
          relationship: 'Ibu / Mother',
          allowance: { amount: 'RM 1,234.50', frequency: 'Bulanan / Monthly' },
        },
      ],
    },
  ],
  properties: [{ line: 'Akaun bank / Bank account · Maybank · 1122334455', kind: 'Harta alih / Moveable property' }],
  trust: {
    purposeType: 'Persendirian / Private',
    purpose: 'Pendidikan anak-anak hingga universiti',
    propertySource: null,
    period: '10 tahun / 10 years',
    otherPeriodInstructions: null,
    distributionLifetime: 'RM 500 sebulan kepada Adam',
    distributionAfterDeath: 'Baki dibahagi sama rata',
  },
  company: null,
  document_sha256: 'ab'.repeat(32),
};

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Ahmad', roles: [{ name: 'Client' }] }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL) =>
      String(url).startsWith('/api/hibah/h1/summary')
        ? jsonResponse({ summary })
        : jsonResponse({ message: 'not found' }, 404),
    ),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('ms'));
});

describe("the hibah summary shows the trust's terms (issue 37 item 5)", { timeout: 30_000 }, () => {
  it('prints purpose, period, distribution instructions and the allowance, labelled in Malay', async () => {
    renderPage(<HibahSummary hibahId="h1" />);
    const trust = await screen.findByTestId('hibah-summary-trust');
    expect(trust).toHaveTextContent('Terma amanah');
    expect(within(trust).getByTestId('hibah-summary-trust-purposeType')).toHaveTextContent('Persendirian / Private');
    expect(within(trust).getByTestId('hibah-summary-trust-purpose')).toHaveTextContent(
      'Pendidikan anak-anak hingga universiti',
    );
    expect(within(trust).getByTestId('hibah-summary-trust-period')).toHaveTextContent('10 tahun / 10 years');
    expect(within(trust).getByTestId('hibah-summary-trust-distributionLifetime')).toHaveTextContent(
      'RM 500 sebulan kepada Adam',
    );
    expect(within(trust).getByTestId('hibah-summary-trust-distributionAfterDeath')).toHaveTextContent(
      'Baki dibahagi sama rata',
    );
    // a term not entered is left out
    expect(within(trust).queryByTestId('hibah-summary-trust-propertySource')).toBeNull();
    expect(screen.getByTestId('hibah-summary')).toHaveTextContent('RM 1,234.50');
    expect(screen.getByTestId('hibah-summary')).toHaveTextContent('Bulanan / Monthly');
  });

  it('labels the terms in English', async () => {
    renderPage(<HibahSummary hibahId="h1" />);
    await screen.findByTestId('hibah-summary-trust');
    await act(() => i18n.changeLanguage('en'));
    const trust = screen.getByTestId('hibah-summary-trust');
    expect(trust).toHaveTextContent('Trust terms');
    expect(within(trust).getByTestId('hibah-summary-trust-period')).toHaveTextContent('Trust period (years)');
    expect(within(trust).getByTestId('hibah-summary-trust-distributionAfterDeath')).toHaveTextContent(
      "Distribution after the grantor's death",
    );
  });
});
