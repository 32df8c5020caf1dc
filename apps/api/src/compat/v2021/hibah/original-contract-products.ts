/**
 * The 2021 client's calls of the estate trust (Amanah Harta Pusaka, type 14; reference §3.4, §2.6 ledger) and of
 * the one-cent hibah (type 12; §3.3) that our hibah routes did not answer as it asks (issue 20; ADR 0181), as
 * additions beside our own shapes. The hibah module's services, rules, scope and audit do the work.
 *
 * Body mappings ({@link productHooks}, route-level `preValidation` hooks attached by `hibahOnFlatRoutes`; the
 * guard's permission check has run, ADR 0107) — each rewrites the 2021 keys into ours and lets the route go on:
 * - `POST /hibah { organization_id: 1 }`: a NUMBER is the 2021 client's hard-coded organisation (reference: a
 *   defect not to reproduce) and names none of ours → left out: the registrar's organisation or the provider,
 *   as for a body without it (service.ts `createHibah`).
 * - the caretaker (amanah form, `POST hibah/{id}/caretaker`, `PATCH hibah/{id}/caretaker/{cid}`; the flat
 *   `caretaker` paths map the same through {@link caretakerValues}): `address_1` → `address`,
 *   `allowance_amount` (ringgit, exact, ADR 0136) → `allowance_amount_sen`, the id-coded `allowance_frequency`
 *   (§6.12: 1 monthly, 3 half-yearly, 4 yearly, 5 other; 2 quarterly has no code of ours → `other` with
 *   "Suku Tahunan" as its text).
 * - part H's `PATCH hibah/{id}` with the WHOLE hibah object (its `status` unchanged, read-only keys, the
 *   organisation it already has): the field keys the hibah does not already hold are the update; the status, ids
 *   and replies' keys are not moves or fields. A status that differs is a status change as before.
 *
 * New paths ({@link productRoutes}):
 * - the ledger per property (§2.6): `GET moveable-property|immoveable-property/{id}/product-transaction` →
 *   `{ product_transactions: { data: [{ id, type (1 debit | 2 credit), amount, balance_before, balance_after
 *   (ringgit), …_sen, description, created_at }] } }` (the property's entries; balances are the trust's running
 *   total, ADR 0034); `POST` the same path `{ type, amount (ringgit), description }` → 201 `{ product_transaction,
 *   current_total_sen }` — the body's `balance_before`/`balance_after` are not taken (the server works them out).
 * - `DELETE product-transaction/{id}` (the 2021 ledger's delete) → the entry's counter entry, never a deletion
 *   (ledger.ts `reverseTransaction`; ADR 0184) → `{ product_transaction, current_total_sen }`.
 * - `GET one-cent/hibah-coupon/{code}/redeem` (a GET with a side effect, not reproduced) → 405 `{ message }` naming
 *   the POST of the same path; the code is untouched.
 */
import { hibahTransactionSchema, senToRinggit, translate } from '@wasiat/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { hibah_asset_transactions, hibah_properties } from '../../../db/schema/index.ts';
import { requireUser, userCan } from '../../../modules/auth/index.ts';
import {
  actorOf,
  addTransaction,
  findVisibleHibah,
  PART_C_KEYS,
  reverseTransaction,
} from '../../../modules/hibah/index.ts';
import { fieldError, forbidden, notFound } from '../../../platform/http/errors.ts';
import { type Body, blank, type Hook, isObject } from '../calls.ts';

/** §6.12 id → our frequency code (2, quarterly, has none: `other` with its label). */
const FREQUENCY_IDS: Record<string, { code: string; other?: string }> = {
  '1': { code: 'monthly' },
  '2': { code: 'other', other: 'Suku Tahunan' },
  '3': { code: 'semi_annual' },
  '4': { code: 'annual' },
  '5': { code: 'other' },
};

/** Ringgit (a number or numeric text, at most two decimals) → sen, exactly; NaN when not such an amount. */
function ringgitSen(v: unknown): number {
  const text = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  const m = /^(\d{1,11})(?:\.(\d{1,2}))?$/.exec(text);
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : Number.NaN;
}

/** The amanah caretaker form's keys → ours (see the module comment); keys of ours win when both are given. */
export function caretakerValues(b: Body): Body {
  const o = { ...b };
  if (blank(o.address) && !blank(o.address_1)) o.address = o.address_1;
  if (o.allowance_amount_sen === undefined && !blank(o.allowance_amount)) {
    const sen = ringgitSen(o.allowance_amount);
    if (Number.isNaN(sen)) throw fieldError('allowance_amount', 'organisations.amount_invalid');
    o.allowance_amount_sen = sen;
  }
  const f = FREQUENCY_IDS[String(o.allowance_frequency ?? '')];
  if (f) {
    o.allowance_frequency = f.code;
    if (f.other && blank(o.other_allowance_frequency)) o.other_allowance_frequency = f.other;
  }
  if (blank(o.allowance_frequency) && !o.has_allowance) delete o.allowance_frequency;
  return o;
}

/** The hooks of the module comment, keyed `METHOD url` as the routes are declared (without `/api`; calls.ts). */
export function productHooks(ctx: Ctx): Record<string, Hook> {
  const db = ctx.db;
  const create: Hook = async (req) => {
    if (isObject(req.body) && typeof req.body.organization_id === 'number') {
      const { organization_id: _hardCoded, ...rest } = req.body;
      req.body = rest;
    }
  };
  const caretaker: Hook = async (req) => {
    if (isObject(req.body)) req.body = caretakerValues(req.body);
  };
  /** Part H's whole hibah object: its unchanged status and the values it already holds are not the update. */
  const whole: Hook = async (req) => {
    const b = req.body;
    if (!isObject(b) || blank(b.status) || !('id' in b)) return;
    const h = await findVisibleHibah(db, requireUser(req), (req.params as { id: string }).id);
    if (typeof b.status === 'object' || Number(b.status) !== h.status) return;
    const held = h as unknown as Body;
    const changed = Object.fromEntries(
      Object.entries(b).filter(
        ([k, v]) => k !== 'status' && k !== '_method' && k in held && !(v === held[k] || (blank(v) && blank(held[k]))),
      ),
    );
    for (const k of PART_C_KEYS) if (b[k] === held[k]) delete changed[k];
    req.body = changed;
  };
  return {
    'POST /hibah': create,
    'POST /hibah/:id/caretaker': caretaker,
    'PATCH /hibah/:id/caretaker/:cid': caretaker,
    'PUT /hibah/:id/caretaker/:cid': caretaker,
    'PATCH /hibah/:id': whole,
    'PUT /hibah/:id': whole,
    'POST /hibah/:id': whole,
  };
}

/** An entry as the 2021 ledger screen reads it: type 1/2 and ringgit beside our sen keys. */
const entryReply = (row: typeof hibah_asset_transactions.$inferSelect) => ({
  ...row,
  type: row.type === 'credit' ? 2 : 1,
  type_name: row.type,
  amount: senToRinggit(row.amount_sen),
  balance_before: senToRinggit(row.balance_before_sen),
  balance_after: senToRinggit(row.balance_after_sen),
});

const idParams = z.object({ id: z.string().min(1).max(64) });
const READ = ['will:read:own', 'will:read:agent', 'will:read:organisation', 'will:read:any'] as const;
const ledgerBody = z.object({
  type: z.unknown(),
  amount: z.unknown().optional(),
  amount_sen: z.unknown().optional(),
  description: z.unknown().optional(),
});

/** The hibah of a property of `kind` with id `id`, or 404. */
async function hibahOfProperty(db: Db, kind: 'moveable' | 'immoveable', id: string) {
  const [p] = await db
    .select({ hibah_id: hibah_properties.hibah_id })
    .from(hibah_properties)
    .where(and(eq(hibah_properties.id, id), eq(hibah_properties.kind, kind)));
  if (!p) throw notFound();
  return p.hibah_id;
}

/** Register the new paths of the module comment. */
export async function productRoutes(api: FastifyInstance, ctx: Ctx) {
  const db = ctx.db;
  for (const kind of ['moveable', 'immoveable'] as const) {
    const path = `/${kind}-property/:id/product-transaction`;
    api.get(path, { config: { access: [...READ] }, schema: { params: idParams } }, async (req) => {
      const pid = (req.params as { id: string }).id;
      const hibahId = await hibahOfProperty(db, kind, pid);
      await findVisibleHibah(db, requireUser(req), hibahId);
      const rows = await db
        .select()
        .from(hibah_asset_transactions)
        .where(and(eq(hibah_asset_transactions.hibah_id, hibahId), eq(hibah_asset_transactions.property_id, pid)))
        .orderBy(asc(hibah_asset_transactions.seq));
      return { product_transactions: { data: rows.map(entryReply), total: rows.length } };
    });
    api.post(path, { config: { access: [...READ] }, schema: { params: idParams } }, async (req, reply) => {
      const pid = (req.params as { id: string }).id;
      const hibahId = await hibahOfProperty(db, kind, pid);
      // who may, before the body is read (ADR 0107): the ledger's rule (ledger.ts), 404 when not visible
      const me = requireUser(req);
      const h = await findVisibleHibah(db, me, hibahId);
      if (!(h.user_id === me.id || h.agent_id === me.id || userCan(me, 'hibah:verify'))) throw forbidden();
      const b = ledgerBody.parse(isObject(req.body) ? req.body : {});
      let amountSen = b.amount_sen;
      if (amountSen === undefined && !blank(b.amount)) {
        amountSen = ringgitSen(b.amount);
        if (Number.isNaN(amountSen)) throw fieldError('amount', 'organisations.amount_invalid');
      }
      const parsed = hibahTransactionSchema.safeParse({
        type: b.type,
        amount_sen: amountSen,
        description: b.description,
        property_id: pid,
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue.path[0] === 'amount_sen' && b.amount !== undefined ? 'amount' : String(issue.path[0]);
        throw fieldError(field, issue.message);
      }
      const { row, current_total_sen } = await addTransaction(db, actorOf(req), hibahId, parsed.data);
      return reply.status(201).send({ product_transaction: entryReply(row), current_total_sen });
    });
  }

  // the 2021 ledger's delete (`POST product-transaction/{id}` with `_method: DELETE`): the entry's counter entry,
  // never a deletion (ledger.ts reverseTransaction; ADR 0184) → `{ product_transaction, current_total_sen }`
  api.delete(
    '/product-transaction/:id',
    { config: { access: [...READ] }, schema: { params: idParams } },
    async (req) => {
      const { row, current_total_sen } = await reverseTransaction(db, actorOf(req), (req.params as { id: string }).id);
      return { product_transaction: entryReply(row), current_total_sen };
    },
  );

  api.get(
    '/one-cent/hibah-coupon/:code/redeem',
    { config: { access: 'will:create:own' }, schema: { params: z.object({ code: z.string().min(1).max(40) }) } },
    async (req, reply) =>
      reply
        .status(405)
        .header('allow', 'POST')
        .send({ message: translate('hibah.redeem_by_post', req.lang) }),
  );
}
