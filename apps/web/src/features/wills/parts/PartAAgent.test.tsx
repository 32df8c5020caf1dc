/**
 * The agent's part A of a will through the lookup shared with the hibah (components/instrument/ClientLookup;
 * ADR 0233): a found client's will starts with the agent as registrar; a MyKad that finds no one offers the
 * grant request and the creation form, which follows the MyKad searched last; a 422 lands on its field.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderPage } from '@/components/test-utils.tsx';
import { KEYS } from '@/lib/storage.ts';
import { AgentStart } from './PartAAgent.tsx';

type Call = { method: string; url: string; body: any };
function stubApi(reply: (c: Call) => Response | undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const c = {
        method: init?.method ?? 'GET',
        url: String(url),
        body: init?.body ? JSON.parse(String(init.body)) : null,
      };
      calls.push(c);
      return reply(c) ?? jsonResponse({ message: 'not found' }, 404);
    }),
  );
  return calls;
}

const WILL = { id: 'w9', user_id: 'c1', status: 0, parts_done: [], unlocked: [] };

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem(KEYS.user, JSON.stringify({ id: 'agent1', name: 'Ejen', roles: [{ name: 'Agent' }] }));
});
afterEach(() => vi.unstubAllGlobals());

const search = async (user: ReturnType<typeof userEvent.setup>, ic: string) => {
  const form = screen.getByRole('form', { name: 'Cari pelanggan' });
  const box = within(form).getByRole('textbox', { name: /No. MyKad pelanggan/ });
  await user.clear(box);
  await user.type(box, ic);
  await user.click(within(form).getByRole('button', { name: 'Cari' }));
};

describe('the agent part A of a will', { timeout: 30_000 }, () => {
  it('finds the client by MyKad and starts their will with the agent as registrar', async () => {
    const calls = stubApi((c) => {
      if (c.method === 'GET' && c.url.includes('/api/user?'))
        return jsonResponse({ users: { id: 'c1', name: 'Aminah binti Ali', ic_number: '850101145677' } });
      if (c.method === 'POST' && c.url.endsWith('/api/wasiat')) return jsonResponse({ wasiat: WILL }, 201);
      if (c.method === 'GET' && c.url.includes('/api/wasiat/w9')) return jsonResponse({ wasiat: WILL });
    });
    const user = userEvent.setup();
    const { router } = renderPage(<AgentStart />, {
      path: '/wasiat/part-a',
      routes: [{ path: '*', element: <p>seterusnya</p> }],
    });
    await search(user, '850101145677');
    const found = await screen.findByTestId('found-client');
    expect(found).toHaveTextContent('Aminah binti Ali (850101145677)');
    expect(within(found).getByRole('heading', { level: 3, name: 'Pelanggan dijumpai' })).toBeInTheDocument();
    expect(calls.find((c) => c.url.includes('/api/user?'))?.url).toContain('ic_number=850101145677');
    await user.click(within(found).getByRole('button', { name: 'Daftar wasiat untuk pelanggan ini' }));
    await waitFor(() => expect(router.state.location.search).toBe('?wasiat_id=w9'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ user_id: 'c1', agent_id: 'agent1' });
  });

  it('offers the grant request and a creation form that follows the MyKad searched; a 422 stays on its field', async () => {
    const calls = stubApi((c) => {
      if (c.method === 'GET' && c.url.includes('/api/user?')) return jsonResponse({ users: null });
      if (c.method === 'POST' && c.url.endsWith('/api/user'))
        return jsonResponse({ message: 'invalid', errors: { email: ['E-mel sudah digunakan.'] } }, 422);
    });
    const user = userEvent.setup();
    renderPage(<AgentStart />, { path: '/wasiat/part-a' });
    await search(user, '850101145677');
    expect(await screen.findByTestId('masked-client')).toBeInTheDocument();
    await search(user, '900202145678');
    const create = await screen.findByRole('form', { name: 'Pelanggan baharu' });
    await waitFor(() =>
      expect(within(create).getByRole('textbox', { name: /^No. MyKad/ })).toHaveValue('900202145678'),
    );
    await user.type(within(create).getByRole('textbox', { name: /Nama/ }), 'Kamal bin Hassan');
    await user.type(within(create).getByRole('textbox', { name: /E-mel/ }), 'kamal@example.com');
    await user.click(within(create).getByRole('button', { name: 'Daftar pelanggan dan mula wasiat' }));
    expect(await within(create).findByText('E-mel sudah digunakan.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      ic_number: '900202145678',
      name: 'Kamal bin Hassan',
    });
    expect(calls.some((c) => c.url.endsWith('/api/wasiat'))).toBe(false);
  });
});
