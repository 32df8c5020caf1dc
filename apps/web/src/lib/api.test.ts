import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyServerErrors } from '@/components/form-errors.ts';
import { ApiError, api, navigation, publicApi } from './api.ts';
import { LOADING_HIDE_DELAY_MS, loading } from './loading.ts';
import { KEYS } from './storage.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('api client (spec §8; DESIGN.md §4)', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(KEYS.token, 'tok');
    localStorage.setItem(KEYS.user, JSON.stringify({ id: 'u1', roles: [{ name: 'Client' }] }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('sends the bearer token, type marker and language header', async () => {
    localStorage.setItem(KEYS.language, 'en');
    const fetchMock = vi.fn(async () => json({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await api.get('wasiat', { user_id: 'u1', status: undefined });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/wasiat?user_id=u1');
    expect(init.headers).toMatchObject({
      Authorization: 'Bearer tok',
      Type: 'api-private',
      'X-localization': 'en',
      Accept: 'application/json',
    });
  });

  it('a 401 on a GET clears the stored user and token and goes to /login', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ message: 'Sesi tamat' }, 401)),
    );
    const toLogin = vi.spyOn(navigation, 'toLogin').mockImplementation(() => {});
    await expect(api.get('wasiat')).rejects.toBeInstanceOf(ApiError);
    expect(toLogin).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(KEYS.token)).toBeNull();
    expect(localStorage.getItem(KEYS.user) || null).toBeNull();
  });

  it('a 401 on POST /login does not clear the session or redirect', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ message: 'x' }, 401)),
    );
    const toLogin = vi.spyOn(navigation, 'toLogin').mockImplementation(() => {});
    vi.spyOn(notifications, 'show').mockImplementation(() => '');
    await expect(api.post('login', { username: 'a', password: 'b' })).rejects.toBeInstanceOf(ApiError);
    expect(toLogin).not.toHaveBeenCalled();
    expect(localStorage.getItem(KEYS.token)).toBe('tok');
  });

  it('the public client never redirects on 401', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ message: 'x' }, 401)),
    );
    const toLogin = vi.spyOn(navigation, 'toLogin').mockImplementation(() => {});
    vi.spyOn(notifications, 'show').mockImplementation(() => '');
    await expect(publicApi.get('wasiat/abc')).rejects.toBeInstanceOf(ApiError);
    expect(toLogin).not.toHaveBeenCalled();
    expect(localStorage.getItem(KEYS.token)).toBe('tok');
  });

  it('a POST error shows the first validation error (not the message) in a 5 s toast and rejects with the fields', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({ message: 'Maklumat tidak sah.', errors: { email: ['E-mel salah!', 'kedua'], name: ['Nama'] } }, 422),
      ),
    );
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => '');
    const err = await api.post('users', {}).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(422);
    expect(err.errors.email).toEqual(['E-mel salah!', 'kedua']);
    await new Promise((r) => setTimeout(r, 5));
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'E-mel salah!', autoClose: 5000 }));
  });

  it('a POST error a form shows inline (applyServerErrors) gets no toast or dialog: the message shows once', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ message: 'Maklumat tidak sah.', errors: { email: ['E-mel salah!'] } }, 422)),
    );
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => '');
    const setError = vi.fn();
    const placed = await api.post('users', {}).catch((e) => applyServerErrors(e, setError, ['email']));
    expect(placed).toBeNull();
    expect(setError).toHaveBeenCalledWith('email', expect.objectContaining({ message: 'E-mel salah!' }), {
      shouldFocus: true,
    });
    await new Promise((r) => setTimeout(r, 5));
    expect(show).not.toHaveBeenCalled();
  });

  it('a GET error shows a warning toast titled "Ralat" with the first message', async () => {
    localStorage.setItem(KEYS.language, 'ms');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ message: 'Rekod tidak dijumpai.' }, 404)),
    );
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => '');
    await expect(api.get('wasiat/x')).rejects.toBeInstanceOf(ApiError);
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'yellow', title: 'Ralat', message: 'Rekod tidak dijumpai.' }),
    );
  });

  it('the loading indicator is on at once and hides 700 ms after the request finishes', async () => {
    vi.useFakeTimers();
    let resolve!: (r: Response) => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((r) => (resolve = r))),
    );
    const p = api.get('authenticate');
    expect(loading.visible()).toBe(true);
    resolve(json({ user: {} }));
    await p;
    expect(loading.visible()).toBe(true);
    await vi.advanceTimersByTimeAsync(LOADING_HIDE_DELAY_MS - 1);
    expect(loading.visible()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(loading.visible()).toBe(false);
  });
});
