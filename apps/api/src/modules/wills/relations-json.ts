/**
 * The one-to-one relations of a will that `load_with` may name (relations.ts `loadRelations`), written by
 * PostgreSQL as JSON beside the will's own keys (body-json.ts `willBodyFields`; ADR 0289): the same keys, in the
 * same order, with the same values as `loadRelations` answers them — `user_detail` (the particulars' whole row,
 * dates as `Date.toJSON()` writes them), `user` and `agent` (relations.ts `userBrief`), `organization`
 * (`{ id, name, code, type }`) and `branch` (`{ id, branch_name, code, is_headquarter: 0 | 1 }`), each null when the
 * will has none. Each is a correlated subquery on the will `"wills"` (one index lookup per will of a page), so a
 * page of wills with these relations is one statement instead of one per relation.
 */
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import { branches, organizations, users, will_user_details, wills } from '../../db/schema/index.ts';
import { flag, iso, willBodyFields } from './body-json.ts';
import type { Relation } from './relations.ts';

/** The relations written here, in the order `loadRelations` adds their keys to a will. */
const ONE_TO_ONE_RELATIONS = ['userDetail', 'user', 'agent', 'organization', 'branch'] as const;
export type OneToOneRelation = (typeof ONE_TO_ONE_RELATIONS)[number] & Relation;

/** `json_build_object` arguments of a whole `will_user_details` row as drizzle selects it: every column, by its key. */
const userDetailFields = sql.join(
  Object.entries(getTableColumns(will_user_details)).map(
    ([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column.columnType === 'PgTimestamp' ? iso(column) : column}`,
  ),
  sql`, `,
);

/** relations.ts `userBrief` of the account `id` (a column of "wills"), or null. */
const userBrief = (id: SQL) =>
  sql`(select json_build_object('id', u.id, 'name', u.name, 'username', u.username, 'email', u.email,
    'ic_number', u.ic_number, 'mobile_number', u.mobile_number) from ${users} u where u.id = ${id})`;

/** Each relation's key and value on the will "wills". */
const VALUES: Record<OneToOneRelation, SQL> = {
  userDetail: sql`'user_detail', (select json_build_object(${userDetailFields}) from ${will_user_details}
    where ${will_user_details.wasiat_id} = ${wills.id} limit 1)`,
  user: sql`'user', ${userBrief(sql`${wills.user_id}`)}`,
  agent: sql`'agent', ${userBrief(sql`${wills.agent_id}`)}`,
  organization: sql`'organization', (select json_build_object('id', o.id, 'name', o.name, 'code', o.code,
    'type', o.type) from ${organizations} o where o.id = ${wills.organization_id})`,
  branch: sql`'branch', (select json_build_object('id', b.id, 'branch_name', b.branch_name, 'code', b.code,
    'is_headquarter', ${flag(sql`b.is_headquarter`)}) from ${branches} b where b.id = ${wills.branch_id})`,
};

/**
 * `json_build_object` arguments (key, value, …) of the named relations of the will "wills", in the order
 * `loadRelations` writes them (2 arguments each; PostgreSQL allows 100 in all). Each named key is always written
 * (null when none); `loadRelations` leaves out `agent` when it is named without `user` and no will of the list has
 * an agent, so ask for both, as the search does.
 */
function relationsJsonFields(rel: readonly OneToOneRelation[]): SQL {
  return sql.join(
    ONE_TO_ONE_RELATIONS.filter((r) => rel.includes(r)).map((r) => VALUES[r]),
    sql`, `,
  );
}

/**
 * `json_build_object` arguments of the will "wills" as serializers.ts `serializeWills` answers it with these
 * relations: body-json.ts `willBodyFields`, then {@link relationsJsonFields} (88 of PostgreSQL's 100 arguments
 * with all five; a caller may add keys after them).
 */
export const willJsonFields = (rel: readonly OneToOneRelation[]): SQL =>
  sql`${willBodyFields}, ${relationsJsonFields(rel)}`;
