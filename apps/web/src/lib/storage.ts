/**
 * Browser storage keys, as the product's client used them (DESIGN.md §4; reference §1.3):
 * `id_token` (auth token), `id_token_public` (public token), `LOGGED_USER` (user JSON), `LOCALIZATION` (ms | en).
 */
export const KEYS = {
  token: 'id_token',
  publicToken: 'id_token_public',
  user: 'LOGGED_USER',
  language: 'LOCALIZATION',
} as const;

/** The user object as `/api/login` and `/api/authenticate` return it. */
export interface SessionUser {
  id: string;
  name: string;
  username: string;
  email: string | null;
  ic_number: string | null;
  mobile_number: string | null;
  signature: { id: string } | null;
  roles: { name: string }[];
  user_access: {
    organization_id: string;
    branch_id: string | null;
    role: string;
    /** 1 active, 0 pending approval, 2 inactive (reference §4.6). */
    status?: number;
    organization: { id: string; name: string; type: string };
  } | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** The stored session (token + user), with a subscription for React (useSyncExternalStore). */
export const session = {
  token: () => localStorage.getItem(KEYS.token),
  publicToken: () => localStorage.getItem(KEYS.publicToken),
  user(): SessionUser | null {
    const raw = localStorage.getItem(KEYS.user);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as SessionUser;
    } catch {
      return null;
    }
  },
  set(user: SessionUser, token?: string) {
    if (token) localStorage.setItem(KEYS.token, token);
    localStorage.setItem(KEYS.user, JSON.stringify(user));
    for (const l of listeners) l();
  },
  /** Spec §4 "on logout, the stored user and token are cleared". */
  clear() {
    localStorage.removeItem(KEYS.token);
    localStorage.setItem(KEYS.user, '');
    for (const l of listeners) l();
  },
  subscribe(l: Listener) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};
