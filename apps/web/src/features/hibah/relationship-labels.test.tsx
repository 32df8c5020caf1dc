/**
 * Issue 34: the hibah wizard words a relationship as the will does — the domain's `relationshipLabel`, a child
 * "Anak lelaki / Son" or "Anak perempuan / Daughter" from the person's MyKad (last digit odd male, even female) —
 * in part E's receivers and the estate trust's heirs, never "Anak" for a daughter nor the raw code.
 */
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import i18n from '@/lib/i18n.ts';
import { KEYS } from '@/lib/storage.ts';
import { PartE } from './parts/PartE.tsx';
import type { Hibah } from './useHibah.ts';

const daughter = { id: 'r1', name: 'Nur Aisyah binti Kamal', relationship: 'son', ic_number: '100505145554' };
const son = { id: 'r2', name: 'Muhammad Adam bin Kamal', relationship: 'son', ic_number: '120606145553' };
const wife = { id: 'r3', name: 'Aminah binti Ali', relationship: 'wife', ic_number: '880101145678' };

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Kamal', roles: [{ name: 'Client' }] }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL) => {
      const u = String(url);
      if (u.startsWith('/api/hibah/h1/receiver')) return jsonResponse({ receivers: { data: [daughter, son] } });
      if (u.startsWith('/api/hibah/h1/heir')) return jsonResponse({ heirs: { data: [daughter, son, wife] } });
      if (u.startsWith('/api/wasiat?')) return jsonResponse({ wasiats: { data: [] } });
      return jsonResponse({ message: 'not found' }, 404);
    }),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('ms'));
});

const estate = { id: 'h1', hibah_type: 14, user_id: 'me', agent_id: null, status: 0 } as unknown as Hibah;
const rowOf = async (table: string, name: string) =>
  (await within(await screen.findByTestId(table)).findByText(name)).closest('tr') as HTMLElement;

describe('part E words a child by their MyKad, as the will does (issue 34)', { timeout: 30_000 }, () => {
  it('receivers and heirs: Anak perempuan for a daughter, Anak lelaki for a son, in Malay', async () => {
    renderPage(<PartE hibah={estate} />);
    for (const table of ['hibah-receiver-table', 'hibah-heir-table']) {
      expect(await rowOf(table, daughter.name)).toHaveTextContent('Anak perempuan');
      expect(await rowOf(table, son.name)).toHaveTextContent('Anak lelaki');
    }
    expect(await rowOf('hibah-heir-table', wife.name)).toHaveTextContent('Isteri');
    // never the raw code
    expect(within(screen.getByTestId('hibah-heir-table')).queryByText('son')).toBeNull();
  });

  it('and Daughter / Son in English', async () => {
    renderPage(<PartE hibah={estate} />);
    await rowOf('hibah-receiver-table', daughter.name);
    await act(() => i18n.changeLanguage('en'));
    expect(await rowOf('hibah-receiver-table', daughter.name)).toHaveTextContent('Daughter');
    expect(await rowOf('hibah-receiver-table', son.name)).toHaveTextContent('Son');
    expect(await rowOf('hibah-heir-table', daughter.name)).toHaveTextContent('Daughter');
  });
});
