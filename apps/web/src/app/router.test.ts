/**
 * app/router.tsx `routeWorkInOwnTasks` (ADR 0215): a route's lazy and loader run in a later task than the one that
 * calls them, children included; routes without them are left as they are.
 */
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { routeWorkInOwnTasks } from './router.tsx';

describe('routeWorkInOwnTasks', () => {
  it('defers lazy and loader to a later task, keeps what they return, and walks the children', async () => {
    const lazy = vi.fn(async () => ({ handle: { page: 'child' } }));
    const loader = vi.fn(() => 'loaded');
    const route = routeWorkInOwnTasks({
      path: '/',
      loader,
      children: [{ path: 'child', lazy }, { path: 'plain' }],
    } as RouteObject);

    const loaded = (route.loader as (a: LoaderFunctionArgs) => Promise<unknown>)({} as LoaderFunctionArgs);
    const child = route.children?.[0] as RouteObject;
    const lazyResult = (child.lazy as () => Promise<unknown>)();
    await Promise.resolve();
    await Promise.resolve();
    // Not called in the caller's task, nor in its microtasks.
    expect(loader).not.toHaveBeenCalled();
    expect(lazy).not.toHaveBeenCalled();
    expect(await loaded).toBe('loaded');
    expect(await lazyResult).toEqual({ handle: { page: 'child' } });
    expect(loader).toHaveBeenCalledTimes(1);
    expect(lazy).toHaveBeenCalledTimes(1);
    expect(route.children?.[1]).toEqual({ path: 'plain' });
  });
});
