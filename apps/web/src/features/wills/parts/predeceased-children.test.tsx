/**
 * Part D's question on children who died before the testator (issue 41 item 6; ADR 0270): answering "yes" asks
 * for the child's name, sex, date of death and their children; saving sends the whole list; a date refused by the
 * server shows at that child's date; the wasiat wajibah worked out is shown with each grandchild's amount.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import enUi from '@/locales/en/wajibah-ui.json';
import msUi from '@/locales/ms/wajibah-ui.json';

const { PredeceasedChildren } = await import('./d/PredeceasedChildren.tsx');

type Call = { method: string; url: string; body: any };
let calls: Call[] = [];
let putAnswer: () => Response;

const empty = { predeceased_children: [], state: 'Selangor', net_sen: 10_800_000, wasiat_wajibah: null };
const savedBody = {
  predeceased_children: [
    {
      id: 'p1',
      name: 'Hassan bin Ahmad',
      sex: 'male',
      died_on: '2020-05-01',
      children: [{ name: 'Aisyah binti Hassan', sex: 'female', ic_number: null }],
    },
  ],
  state: 'Selangor',
  net_sen: 10_800_000,
  wasiat_wajibah: {
    state: 'Selangor',
    provision: { state: 'Selangor', section: '27', lineage: 'son' },
    cap_sen: 3_600_000,
    capped: false,
    total_due_sen: 1_800_000,
    faraid_estate_sen: 9_000_000,
    lines: [
      {
        name: 'Hassan bin Ahmad',
        sex: 'male',
        status: 'entitled',
        parent_share: '1/6',
        share: '1/6',
        due_sen: 1_800_000,
        grandchildren: [
          { name: 'Aisyah binti Hassan', sex: 'female', entitled_sen: 1_800_000, given_sen: 0, due_sen: 1_800_000 },
        ],
      },
    ],
  },
};

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'me', name: 'Ahmad', roles: [{ name: 'Client' }] }));
  calls = [];
  putAnswer = () => jsonResponse(savedBody);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const c = {
        method: init?.method ?? 'GET',
        url: String(url),
        body: init?.body ? JSON.parse(String(init.body)) : null,
      };
      calls.push(c);
      if (c.url === '/api/wasiat/w1/wasiat-wajibah') return jsonResponse(empty);
      if (c.url === '/api/wasiat/w1/predeceased-children') return putAnswer();
      return jsonResponse({});
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** Answer yes and fill in one predeceased son with one daughter. */
async function fillIn(date: string) {
  const user = userEvent.setup();
  renderPage(<PredeceasedChildren wasiatId="w1" editable />);
  const box = await screen.findByTestId('predeceased-children');
  expect(within(box).getByText('Adakah mana-mana anak anda telah meninggal dunia sebelum anda?')).toBeTruthy();
  await user.click(within(box).getByLabelText('Ya'));
  const child = await screen.findByTestId('predeceased-0');
  await user.type(within(child).getByLabelText('Nama anak yang telah meninggal dunia'), 'Hassan bin Ahmad');
  fireEvent.change(within(child).getByLabelText('Tarikh kematian'), { target: { value: date } });
  await user.click(within(child).getByRole('button', { name: 'Tambah cucu' }));
  const grandchild = await screen.findByTestId('grandchild-0-0');
  await user.type(within(grandchild).getByLabelText('Nama cucu'), 'Aisyah binti Hassan');
  await user.selectOptions(within(grandchild).getByLabelText('Jantina'), 'female');
  await user.click(screen.getByRole('button', { name: 'Simpan anak yang telah meninggal dunia' }));
  return user;
}

describe('the predeceased children question (part D)', () => {
  it('sends the child, the date and their children, then shows the wasiat wajibah worked out', async () => {
    await fillIn('2020-05-01');
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      children: [
        {
          name: 'Hassan bin Ahmad',
          sex: 'male',
          died_on: '2020-05-01',
          children: [{ name: 'Aisyah binti Hassan', sex: 'female' }],
        },
      ],
    });
    const summary = await screen.findByTestId('wajibah-summary');
    expect(summary.textContent).toContain('Enakmen Wasiat Orang Islam (Selangor) 1999, s. 27');
    expect(summary.textContent).toContain('Berhak kepada wasiat wajibah');
    expect(summary.textContent).toMatch(/Aisyah binti Hassan: RM ?18,000\.00/);
  });

  it("shows the server's refusal of the date at that child's date of death", async () => {
    putAnswer = () =>
      jsonResponse(
        {
          message: 'Tarikh kematian tidak boleh selepas hari ini.',
          errors: { 'children.0.died_on': ['Tarikh kematian tidak boleh selepas hari ini.'] },
        },
        422,
      );
    await fillIn('2999-01-01');
    const child = await screen.findByTestId('predeceased-0');
    expect(await within(child).findByText('Tarikh kematian tidak boleh selepas hari ini.')).toBeTruthy();
    expect(screen.queryByTestId('wajibah-summary')).toBeNull();
  });

  it('has the same texts in Malay and English', () => {
    const keys = (o: unknown, p = ''): string[] =>
      o && typeof o === 'object' ? Object.entries(o).flatMap(([k, v]) => keys(v, p ? `${p}.${k}` : k)) : [p];
    expect(keys(enUi).sort()).toEqual(keys(msUi).sort());
  });
});
