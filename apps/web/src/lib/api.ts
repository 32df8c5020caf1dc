/**
 * The two API clients of the product (spec §7, §8; DESIGN.md §4), in one place.
 *
 * - `api` (private): `Authorization: Bearer <id_token>`, `Type: api-private`; a 401 on a session check,
 *   a get or a post (except POST /login) clears the stored user and token and goes to /login.
 * - `publicApi`: `Bearer <id_token_public>`, `Type: api-public`; never redirects on 401; toasts last 50 s.
 * Both send `Accept: application/json` and `X-localization`. Get errors → "Ralat" warning toast with the
 * first message; post errors → the first validation error (else the message) as a 5 s toast + a dialog
 * with "Tutup", unless the calling form shows the error itself (`ApiError.shownInline`, ADR 0124); closing
 * the dialog returns focus to the field. The loading indicator is on during every request (loading.ts). Rejections carry
 * {@link ApiError} so forms can put field errors next to their fields.
 */
import { loading } from './loading.ts';
import { errorToastAndDialog, TOAST_MS_PRIVATE, TOAST_MS_PUBLIC, warnToast } from './notify.tsx';
import { KEYS, session } from './storage.ts';

/** A failed call: HTTP status, the server's message and field errors (422). */
export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
    public errors: Record<string, string[]> = {},
    public data: unknown = null,
  ) {
    super(message);
  }
  /**
   * Set by a form that shows this error itself (inline at its fields or in its FormError; see
   * `applyServerErrors`): the post-error toast and dialog are then left out, so the message shows once,
   * where it belongs (issue 22 item 3; ADR 0124).
   */
  shownInline = false;
  /** The message the client shows: first validation error, else the message (spec §8). */
  get firstMessage(): string {
    return Object.values(this.errors)[0]?.[0] ?? this.message;
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;
type Kind = 'private' | 'public';

function qs(query?: Query) {
  if (!query) return '';
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** Where a 401 sends the user; replaced in tests. */
export const navigation = {
  toLogin: () => {
    if (window.location.pathname !== '/login') window.location.assign('/login');
  },
};

function createClient(kind: Kind) {
  const headers = (json: boolean): Record<string, string> => {
    const token = kind === 'private' ? session.token() : session.publicToken();
    return {
      Accept: 'application/json',
      Type: kind === 'private' ? 'api-private' : 'api-public',
      'X-localization': localStorage.getItem(KEYS.language) === 'en' ? 'en' : 'ms',
      Authorization: `Bearer ${token ?? 'null'}`,
      ...(json ? { 'Content-Type': 'application/json' } : {}),
    };
  };

  async function request<T>(method: string, path: string, body?: unknown, opts: { silent?: boolean } = {}): Promise<T> {
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    loading.start();
    let res: Response;
    try {
      res = await fetch(`/api/${path.replace(/^\/+/, '').replace(/^api\//, '')}`, {
        method,
        headers: headers(body !== undefined && !isForm),
        body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      });
    } catch {
      loading.stop();
      const err = new ApiError(0, 'network');
      if (!opts.silent) {
        if (method === 'GET') warnToast(err.message);
        else errorToastAndDialog(err.message, undefined, null, true);
      }
      throw err;
    } finally {
      // stop() is called below once the body is read
    }
    let data: any = null;
    try {
      const text = await res.text();
      data = text ? JSON.parse(text) : null;
    } catch {
      data = null;
    } finally {
      loading.stop();
    }
    if (res.ok) return data as T;
    const err = new ApiError(res.status, data?.message ?? res.statusText, data?.errors ?? {}, data);
    const isLogin = method === 'POST' && /^\/?(api\/)?login$/.test(path);
    if (res.status === 401 && kind === 'private' && !isLogin) {
      session.clear();
      navigation.toLogin();
      throw err;
    }
    if (!opts.silent) {
      const ms = kind === 'public' ? TOAST_MS_PUBLIC : TOAST_MS_PRIVATE;
      if (method === 'GET') warnToast(err.firstMessage, ms);
      else {
        // After the caller's catch has run (a macrotask later): a form that showed the error inline
        // marks it, and then no toast/dialog repeats it (ADR 0124).
        const focused = typeof document === 'undefined' ? null : document.activeElement;
        setTimeout(() => {
          if (!err.shownInline) errorToastAndDialog(err.firstMessage, ms, focused, err.status >= 500);
        }, 0);
      }
    }
    throw err;
  }

  return {
    get: <T = any>(path: string, query?: Query, opts?: { silent?: boolean }) =>
      request<T>('GET', path + qs(query), undefined, opts),
    post: <T = any>(path: string, body?: unknown, opts?: { silent?: boolean }) =>
      request<T>('POST', path, body ?? {}, opts),
    put: <T = any>(path: string, body?: unknown) => request<T>('PUT', path, body ?? {}),
    /** PUT `path/id` (spec §7 "update"). */
    update: <T = any>(path: string, id: string, body?: unknown) => request<T>('PUT', `${path}/${id}`, body ?? {}),
    /** POST with `_method: PATCH` (spec §7 "patch"), in JSON or appended to a FormData. */
    patch: <T = any>(path: string, body: Record<string, unknown> | FormData = {}, opts?: { silent?: boolean }) => {
      if (body instanceof FormData) {
        body.append('_method', 'PATCH');
        return request<T>('POST', path, body, opts);
      }
      return request<T>('POST', path, { ...body, _method: 'PATCH' }, opts);
    },
    delete: <T = any>(path: string) => request<T>('POST', path, { _method: 'DELETE' }),
    /** Download a PDF as a Blob (binary, with an accept type; spec §7). Errors show the first message. */
    async downloadPdf(path: string): Promise<Blob> {
      loading.start();
      try {
        const res = await fetch(`/api/${path.replace(/^\/+/, '')}`, {
          headers: { ...headers(false), Accept: 'application/pdf' },
        });
        if (!res.ok) {
          let msg = res.statusText;
          try {
            const d = await res.json();
            msg = Object.values<string[]>(d.errors ?? {})[0]?.[0] ?? d.message ?? msg;
          } catch {
            /* not JSON */
          }
          warnToast(msg);
          throw new ApiError(res.status, msg);
        }
        return await res.blob();
      } finally {
        loading.stop();
      }
    },
  };
}

export const api = createClient('private');
export const publicApi = createClient('public');
export type ApiClient = typeof api;
