/**
 * Route-level access in the web client (issue 17 item 11, issue 37 item 8; ADR 0242): a page the signed-in role
 * may not use — by the permission table of packages/domain that the server enforces too, through the router's
 * one table of pages (page-access.ts) — shows the not-found page instead of a page whose calls the server
 * refuses; a record the API answers 404/403 for is "not found" too (DESIGN.md §3: never reveal another user's
 * record).
 */
import { type Action, can, roleOf } from '@wasiat/domain';
import type { ComponentType } from 'react';
import type { LoaderFunction, RouteObject } from 'react-router';
import { ApiError } from '../lib/api.ts';
import { session } from '../lib/storage.ts';
import { NotFoundPage } from './layout/NotFoundPage.tsx';
import { PAGE_ACCESS } from './page-access.ts';

/** Whether the signed-in user's role may do any of `anyOf`. */
export const mayDoAny = (anyOf: readonly Action[]) => anyOf.some((a) => can(roleOf(session.user()), a));

/** Whether a failed call means "not yours / not there" (404, or 403 on a record). */
export const isNotFound = (e: unknown) => e instanceof ApiError && (e.status === 404 || e.status === 403);

/**
 * A lazy route loader that gives the not-found page to a role holding none of `anyOf`, and the page otherwise
 * (checked at each render: the same loaded route serves whoever signs in next). `load` is the page module's
 * loader (`lazy` of React Router); whatever else it returns (handle, …) is kept.
 */
export function withAccess<T extends { Component?: ComponentType | null }>(
  anyOf: readonly Action[],
  load: () => Promise<T>,
): () => Promise<T> {
  return async () => {
    const loaded = await load();
    const Page = loaded.Component;
    if (!Page) return loaded;
    const Shown: ComponentType = Page;
    function Guarded() {
      return mayDoAny(anyOf) ? <Shown /> : <NotFoundPage />;
    }
    return { ...loaded, Component: Guarded };
  };
}

const join = (parent: string, path: string | undefined) =>
  path === undefined ? parent : path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`;

/**
 * The routes behind login with {@link PAGE_ACCESS} applied, children included (their paths joined to their
 * parents'): a listed page's `lazy` is wrapped by {@link withAccess}, and its own `loader` (e.g. a redirect)
 * runs only for a role that may use the page, so a refused role gets the not-found page and no request is made.
 * @param table path → actions (defaults to the app's table; tests pass their own)
 */
export function withPageAccess(
  route: RouteObject,
  parent = '',
  table: Readonly<Record<string, readonly Action[]>> = PAGE_ACCESS,
): RouteObject {
  const full = join(parent, route.path);
  const out = { ...route } as RouteObject & { lazy?: unknown; loader?: unknown };
  if (route.children) out.children = route.children.map((c) => withPageAccess(c, full, table));
  const anyOf = route.path !== undefined ? table[full] : undefined;
  if (!anyOf) return out as RouteObject;
  const lazy = route.lazy;
  if (typeof lazy !== 'function') throw new Error(`route ${full}: a guarded page needs a lazy function`);
  out.lazy = withAccess(anyOf, lazy as () => Promise<{ Component?: ComponentType | null }>);
  const loader = route.loader;
  if (typeof loader === 'function') {
    out.loader = ((...args: Parameters<LoaderFunction>) =>
      mayDoAny(anyOf) ? loader(...args) : null) as LoaderFunction;
  }
  return out as RouteObject;
}

/** Every path of {@link PAGE_ACCESS} that no route declares (for tests: the table must name real pages). */
export function unknownGuardedPaths(routes: RouteObject[], table = PAGE_ACCESS): string[] {
  const seen = new Set<string>();
  const walk = (rs: RouteObject[], parent: string) => {
    for (const r of rs) {
      const full = join(parent, r.path);
      if (r.path !== undefined) seen.add(full);
      if (r.children) walk(r.children, full);
    }
  };
  walk(routes, '');
  return Object.keys(table).filter((p) => !seen.has(p));
}
