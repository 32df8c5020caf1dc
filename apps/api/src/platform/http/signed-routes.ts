/**
 * Named routes that `POST /api/route/sign` may sign (DESIGN.md §3). A module registers a name with a
 * resolver that checks the caller may see the resource and returns the path to sign, or null.
 */
import type { AuthUser } from '../auth/guard.ts';

export interface SignableRoute {
  /** Path to sign for these params and this caller; null when unknown or not theirs. */
  resolve(params: Record<string, unknown>, user: AuthUser): Promise<string | null>;
  /** Lifetime of the link in seconds. */
  ttlSeconds: number;
}

const registry = new Map<string, SignableRoute>();

/** Register a signable route name (idempotent: the latest registration wins). */
export function registerSignableRoute(name: string, route: SignableRoute) {
  registry.set(name, route);
}

export const signableRoute = (name: string) => registry.get(name);

/** The names registered so far (the signed-link pages test enumerates them; ADR 0228). */
export const signableRouteNames = () => [...registry.keys()].sort();
