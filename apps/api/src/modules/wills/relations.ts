/**
 * The relations of a will that `load_with` may name (docs/api/wills.md `GET /wasiat/{id}`), loaded for many
 * wills at once. Reached through `queries.ts`.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  bequests,
  branches,
  caretakers,
  heirs,
  immoveable_properties,
  moveable_properties,
  organizations,
  property_receivers,
  receivers,
  users,
  will_user_details,
  witnesses,
} from '../../db/schema/index.ts';
import type { WillRow } from './db-types.ts';

/** The relations `load_with` may name (docs/api/wills.md `GET /wasiat/{id}`). */
export const RELATIONS = [
  'userDetail',
  'user',
  'heir',
  'witness',
  'receiver',
  'property',
  'caretaker',
  'bequest',
  'agent',
  'organization',
  'branch',
  'payment',
] as const;
export type Relation = (typeof RELATIONS)[number];

/** Parse `load_with=userDetail,heir` (unknown names are ignored). */
export function parseLoadWith(v: string | undefined): Set<Relation> {
  if (!v) return new Set();
  const names = (v ?? '').split(',').map((s) => s.trim());
  return new Set(RELATIONS.filter((r) => names.includes(r)));
}

const byKey = <T, K extends keyof T>(rows: T[], key: K) => {
  const m = new Map<unknown, T[]>();
  for (const r of rows) m.set(r[key], [...(m.get(r[key]) ?? []), r]);
  return m;
};

const userBrief = (u: typeof users.$inferSelect) => ({
  id: u.id,
  name: u.name,
  username: u.username,
  email: u.email,
  ic_number: u.ic_number,
  mobile_number: u.mobile_number,
});

/**
 * Load the named relations for many wills at once (one query per relation). Returns, per will id, the
 * extra keys of the serialized will: `user_detail`, `user`, `heirs`, `witnesses`, `receivers`,
 * `moveable_properties`, `immoveable_properties` (each with `property_receivers`), `caretakers`,
 * `bequests`, `agent`, `organization`, `branch`, `payment` (the latest).
 */
export async function loadRelations(db: Db, list: WillRow[], rel: Set<Relation>) {
  const ids = list.map((w) => w.id);
  const extra = new Map<string, Record<string, unknown>>(ids.map((id) => [id, {}]));
  if (ids.length === 0 || rel.size === 0) return extra;
  const put = (id: string, key: string, v: unknown) => {
    const e = extra.get(id);
    if (e) e[key] = v;
  };
  const personRel = async (name: Relation, key: string, table: any, typeCol: string, idCol: string) => {
    if (!rel.has(name)) return;
    const rows = await db
      .select()
      .from(table)
      .where(and(eq(table[typeCol], 'Wasiat'), inArray(table[idCol], ids)))
      .orderBy(table.created_at);
    const m = byKey(rows as Record<string, unknown>[], idCol);
    for (const id of ids) put(id, key, m.get(id) ?? []);
  };
  if (rel.has('userDetail')) {
    const rows = await db.select().from(will_user_details).where(inArray(will_user_details.wasiat_id, ids));
    for (const id of ids) put(id, 'user_detail', rows.find((r) => r.wasiat_id === id) ?? null);
  }
  await personRel('heir', 'heirs', heirs, 'heirable_type', 'heirable_id');
  await personRel('witness', 'witnesses', witnesses, 'witnessable_type', 'witnessable_id');
  await personRel('receiver', 'receivers', receivers, 'receivable_type', 'receivable_id');
  await personRel('caretaker', 'caretakers', caretakers, 'caretakerable_type', 'caretakerable_id');
  if (rel.has('bequest')) {
    const rows = await db.select().from(bequests).where(inArray(bequests.wasiat_id, ids)).orderBy(bequests.created_at);
    const m = byKey(rows, 'wasiat_id');
    for (const id of ids) put(id, 'bequests', m.get(id) ?? []);
  }
  if (rel.has('property')) {
    const mv = await db
      .select()
      .from(moveable_properties)
      .where(and(eq(moveable_properties.moveable_type, 'Wasiat'), inArray(moveable_properties.moveable_id, ids)))
      .orderBy(moveable_properties.created_at);
    const im = await db
      .select()
      .from(immoveable_properties)
      .where(
        and(eq(immoveable_properties.immoveable_type, 'Wasiat'), inArray(immoveable_properties.immoveable_id, ids)),
      )
      .orderBy(immoveable_properties.created_at);
    const propIds = [...mv.map((p) => p.id), ...im.map((p) => p.id)];
    const shares = propIds.length
      ? await db
          .select({ pr: property_receivers, receiver: receivers })
          .from(property_receivers)
          .innerJoin(receivers, eq(receivers.id, property_receivers.receiver_id))
          .where(inArray(property_receivers.propertyable_id, propIds))
          .orderBy(property_receivers.created_at)
      : [];
    const sharesOf = (pid: string) =>
      shares.filter((s) => s.pr.propertyable_id === pid).map((s) => ({ ...s.pr, receiver: s.receiver }));
    const mvBy = byKey(mv, 'moveable_id');
    const imBy = byKey(im, 'immoveable_id');
    for (const id of ids) {
      put(
        id,
        'moveable_properties',
        (mvBy.get(id) ?? []).map((p) => ({ ...p, property_receivers: sharesOf(p.id) })),
      );
      put(
        id,
        'immoveable_properties',
        (imBy.get(id) ?? []).map((p) => ({ ...p, property_receivers: sharesOf(p.id) })),
      );
    }
  }
  const userIds = new Set<string>();
  for (const w of list) {
    if (rel.has('user')) userIds.add(w.user_id);
    if (rel.has('agent') && w.agent_id) userIds.add(w.agent_id);
  }
  if (userIds.size) {
    const rows = await db
      .select()
      .from(users)
      .where(inArray(users.id, [...userIds]));
    const m = new Map(rows.map((u) => [u.id, userBrief(u)]));
    for (const w of list) {
      if (rel.has('user')) put(w.id, 'user', m.get(w.user_id) ?? null);
      if (rel.has('agent')) put(w.id, 'agent', w.agent_id ? (m.get(w.agent_id) ?? null) : null);
    }
  }
  if (rel.has('organization')) {
    const orgIds = [...new Set(list.map((w) => w.organization_id).filter((x): x is string => !!x))];
    const rows = orgIds.length ? await db.select().from(organizations).where(inArray(organizations.id, orgIds)) : [];
    for (const w of list) {
      const o = rows.find((r) => r.id === w.organization_id);
      put(w.id, 'organization', o ? { id: o.id, name: o.name, code: o.code, type: o.type } : null);
    }
  }
  if (rel.has('branch')) {
    const bIds = [...new Set(list.map((w) => w.branch_id).filter((x): x is string => !!x))];
    const rows = bIds.length ? await db.select().from(branches).where(inArray(branches.id, bIds)) : [];
    for (const w of list) {
      const b = rows.find((r) => r.id === w.branch_id);
      put(
        w.id,
        'branch',
        b ? { id: b.id, branch_name: b.branch_name, code: b.code, is_headquarter: b.is_headquarter ? 1 : 0 } : null,
      );
    }
  }
  return extra;
}
