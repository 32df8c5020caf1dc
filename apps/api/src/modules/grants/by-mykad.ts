/**
 * Asking a client for access by MyKad (issue 36 item 6; ADR 0228). A MyKad lookup without a grant answers the
 * same whether or not the number is registered (users/service.ts `findUsersByMykad`), so a Partner or Agent asks
 * by the number itself:
 *
 * - `POST /api/client-grant/by-mykad { ic_number, channel: "email" | "sms" | "dashboard" }` (grant:request) →
 *   202 `{ request: { channel }, message }`, always: when the number is an active client's, the request goes to
 *   them as `POST /api/client-grant` sends it (grants/service.ts `requestGrant`: a code to their own e-mail or
 *   phone, or a notice to approve on their dashboard); otherwise — no such client, or the request cannot go
 *   (no e-mail or phone for that channel, a block, a limit) — nothing is sent, silently.
 * - `POST /api/client-grant/by-mykad/code { ic_number, code }` (grant:request) → `{ grant }` when the code the
 *   client read out is right (the grant becomes active); every other case — a wrong, expired or used-up code,
 *   no pending request, no such client — is the same 422 `grants.code_not_accepted` on `code`, after the same
 *   argon2 work.
 *
 * A caller who does not act under grants (provider staff, a client) is 403, as `POST /api/client-grant`.
 */
import { hash, verify } from '@node-rs/argon2';
import { can, type Language, translate } from '@wasiat/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { client_grants, users } from '../../db/schema/index.ts';
import { AppError, fieldError, forbidden } from '../../platform/http/errors.ts';
import type { AuthUser } from '../auth/index.ts';
import type { smsSenderFor } from '../otp/index.ts';
import { approveByCode, requestGrant } from './service.ts';

interface Actor {
  user: AuthUser;
  ip?: string;
}

/** As grants/service.ts: a Partner or Agent (not staff) acts under grants. */
const actsUnderGrants = (u: AuthUser) =>
  !can(u.role, 'will:read:any') && (can(u.role, 'will:read:organisation') || can(u.role, 'will:read:agent'));
type SmsSender = ReturnType<typeof smsSenderFor>;

/** An argon2id hash of nothing anyone knows: a code checked against it costs what a real check costs. */
const DUMMY = hash(`dummy-${Math.random()}`, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });

/** The active client holding `icNumber` (not the caller), or null. */
async function clientByMykad(ctx: Ctx, me: AuthUser, icNumber: string) {
  const [c] = await ctx.db
    .select({ id: users.id, status: users.status })
    .from(users)
    .where(and(eq(users.ic_number, icNumber), eq(users.role, 'Client')))
    .limit(1);
  return c && c.status === 1 && c.id !== me.id ? c : null;
}

/** `POST /api/client-grant/by-mykad`: see the file comment. @returns `{ request: { channel }, message }`. */
export async function requestByMykad(
  ctx: Ctx,
  sms: SmsSender,
  actor: Actor,
  input: { ic_number: string; channel: 'email' | 'sms' | 'dashboard' },
  lang: Language,
) {
  if (!actsUnderGrants(actor.user)) throw forbidden();
  const client = await clientByMykad(ctx, actor.user, input.ic_number);
  if (client) {
    try {
      await requestGrant(ctx, sms, actor, { user_id: client.id, channel: input.channel }, lang);
    } catch (e) {
      // Refused for a reason of the client's (no address, a block, a limit, already granted): not told.
      if (!(e instanceof AppError)) throw e;
    }
  }
  return { request: { channel: input.channel }, message: translate('grants.by_mykad_sent', lang) };
}

/** `POST /api/client-grant/by-mykad/code`: see the file comment. @returns `{ grant }`. */
export async function codeByMykad(ctx: Ctx, actor: Actor, input: { ic_number: string; code: string }) {
  if (!actsUnderGrants(actor.user)) throw forbidden();
  const refused = () => fieldError('code', 'grants.code_not_accepted');
  const client = await clientByMykad(ctx, actor.user, input.ic_number);
  const [pending] = client
    ? await ctx.db
        .select({ id: client_grants.id })
        .from(client_grants)
        .where(
          and(
            eq(client_grants.client_id, client.id),
            eq(client_grants.created_by, actor.user.id),
            eq(client_grants.status, 'pending'),
          ),
        )
        .orderBy(desc(client_grants.created_at))
        .limit(1)
    : [];
  if (!pending) {
    await verify(await DUMMY, input.code).catch(() => false);
    throw refused();
  }
  try {
    return await approveByCode(ctx.db, actor, pending.id, input.code);
  } catch (e) {
    if (e instanceof AppError) throw refused();
    throw e;
  }
}
