/**
 * Route-level access in the web client (issue 17 item 11): a page the signed-in role may not use — by the
 * permission table of packages/domain that the server enforces too — shows the not-found page instead of a
 * page whose calls the server refuses; a record the API answers 404/403 for is "not found" too
 * (DESIGN.md §3: never reveal another user's record).
 */
import { type Action, can, roleOf } from '@wasiat/domain';
import type { ComponentType } from 'react';
import { ApiError } from '../lib/api.ts';
import { session } from '../lib/storage.ts';
import { NotFoundPage } from './layout/NotFoundPage.tsx';

/** Whether the signed-in user's role may do any of `anyOf`. */
export const mayDoAny = (anyOf: readonly Action[]) => anyOf.some((a) => can(roleOf(session.user()), a));

/** Whether a failed call means "not yours / not there" (404, or 403 on a record). */
export const isNotFound = (e: unknown) => e instanceof ApiError && (e.status === 404 || e.status === 403);

/**
 * A lazy route loader that gives the not-found page to a role holding none of `anyOf`, and the page otherwise.
 * `load` is the page module's loader (`lazy` of React Router).
 */
export function withAccess(
  anyOf: readonly Action[],
  load: () => Promise<{ Component: ComponentType }>,
): () => Promise<{ Component: ComponentType }> {
  return async () => {
    const { Component } = await load();
    function Guarded() {
      return mayDoAny(anyOf) ? <Component /> : <NotFoundPage />;
    }
    return { Component: Guarded };
  };
}
