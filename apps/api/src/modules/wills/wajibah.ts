/**
 * A will's predeceased children and the wasiat wajibah of their children (issue 41 item 6; ADR 0270). The rule is
 * the domain's `wasiatWajibah` (faraid/wasiat-wajibah.ts: Enakmen Wasiat Orang Islam (Selangor) 1999 s.27 and the
 * Negeri Sembilan, Melaka and Kelantan provisions as read); this file stores what the testator declares and works
 * the rule out on the will's estate figures (estate-service.ts), heirs (part d), bequests and governing state.
 *
 * - `GET /api/wasiat/{id}/wasiat-wajibah` (a will the caller sees, 404 otherwise) → `{ predeceased_children:
 *   [{ id, name, sex, died_on, children: [{ name, sex, ic_number }] }], state, net_sen, wasiat_wajibah:
 *   WajibahJson | null }` (`state` the governing state; `net_sen` the net estate in sen; `wasiat_wajibah` null
 *   while the testator's sex or the net estate is unknown; see {@link wajibahJson}).
 * - `PUT /api/wasiat/{id}/predeceased-children { children: [...] }` (domain `predeceasedChildrenSchema`; 422 naming
 *   the field, e.g. `children.0.died_on` `wajibah.date_future`): replaces the list while part d may change
 *   (editableWill: 403/404/422 otherwise); audit `will.predeceased_children` → the same body as the GET.
 */
import {
  formatShares,
  governingLawOf,
  type PredeceasedChildInput,
  testatorSex,
  type WajibahResult,
  wajibahOfWill,
  willHeirsToFaraid,
} from '@wasiat/domain';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { will_predeceased_children, will_user_details, wills } from '../../db/schema/index.ts';
import type { AuthUser } from '../auth/index.ts';
import { audit } from './actor.ts';
import { estateOf } from './estate-service.ts';
import { liveContent } from './heir-bequests.ts';
import { editableWill } from './part-lock.ts';
import { findVisibleWill, type WillRow } from './queries.ts';
import type { Actor, Conn } from './service.ts';

/** A stored predeceased child as answered. */
export interface PredeceasedChildJson extends PredeceasedChildInput {
  id: string;
}

/** The will's predeceased children, in the order given. */
async function predeceasedChildrenOf(db: Conn, willId: string): Promise<PredeceasedChildJson[]> {
  const rows = await db
    .select()
    .from(will_predeceased_children)
    .where(eq(will_predeceased_children.wasiat_id, willId))
    .orderBy(asc(will_predeceased_children.position));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    sex: r.sex as 'male' | 'female',
    died_on: r.died_on,
    children: (r.children as PredeceasedChildInput['children']) ?? [],
  }));
}

/** The state whose law governs the will (domain `governingLawOf`: recorded, else the domicile's). */
async function governingStateOf(
  db: Conn,
  will: Pick<WillRow, 'id' | 'governing_state' | 'governing_state_confirmed_at'>,
) {
  const [domicile] = await db
    .select({
      permanent_state: will_user_details.permanent_state,
      correspondence_state: will_user_details.correspondence_state,
    })
    .from(will_user_details)
    .where(eq(will_user_details.wasiat_id, will.id));
  return governingLawOf(will, domicile ?? null).state;
}

/**
 * What the estate file reads the wasiat wajibah from (issue 40 item 4; ADR 0282): the governing state and the
 * predeceased children of will `willId` (`{ state, predeceased: [{ id, name, sex, died_on, children }] }`), or null
 * when there is no such will. The rule is worked on the facts after the death by the domain (`estateDistribution`).
 */
export async function wajibahFactsOfWill(db: Conn, willId: string) {
  const [will] = await db
    .select({
      id: wills.id,
      governing_state: wills.governing_state,
      governing_state_confirmed_at: wills.governing_state_confirmed_at,
    })
    .from(wills)
    .where(eq(wills.id, willId));
  if (!will) return null;
  return { state: await governingStateOf(db, will), predeceased: await predeceasedChildrenOf(db, will.id) };
}

/**
 * The result as JSON: `{ state, provision: { state, section, lineage } | null, cap_sen, capped, total_due_sen,
 * faraid_estate_sen, lines: [{ name, sex, status, parent_share, share, due_sen, grandchildren: [{ name, sex,
 * entitled_sen, given_sen, due_sen }] }], faraid: { shares: { key: "n/d" }, amounts: { key: sen } } }` (sen; shares
 * of the net estate).
 */
function wajibahJson(state: string | null, r: WajibahResult) {
  return {
    state,
    provision: r.provision,
    cap_sen: r.capSen,
    capped: r.capped,
    total_due_sen: r.totalDueSen,
    faraid_estate_sen: r.faraidEstateSen,
    lines: r.lines.map((l) => ({
      name: l.name ?? null,
      sex: l.sex,
      status: l.status,
      parent_share: l.parentShare,
      share: l.share,
      due_sen: l.dueSen,
      grandchildren: l.grandchildren.map((g) => ({
        name: g.name ?? null,
        sex: g.sex,
        entitled_sen: g.entitledSen,
        given_sen: g.givenSen,
        due_sen: g.dueSen,
      })),
    })),
    faraid: { shares: formatShares(r.faraid.shares), amounts: r.amounts },
  };
}

/**
 * The body of the GET and the PUT for a will row already read (also the will PDF's section, documents/):
 * `{ predeceased_children, state, net_sen, wasiat_wajibah }` (`state` the governing state, `net_sen` the net
 * estate after claims, null while unknown).
 */
export async function wajibahOfWillRow(db: Conn, will: WillRow) {
  const predeceased = await predeceasedChildrenOf(db, will.id);
  const content = await liveContent(db, will.id);
  const { estate } = estateOf(will, content);
  const state = await governingStateOf(db, will);
  const d = content.user_detail;
  const deceased = testatorSex(
    d ? { gender: (d.gender as number | null) ?? null, ic_number: (d.ic_number as string | null) ?? null } : null,
  );
  const heirs = willHeirsToFaraid(
    deceased,
    content.heirs.map((h) => ({
      relationship: String(h.relationship ?? ''),
      ic_number: (h.ic_number as string | null) ?? null,
    })),
  ).counts;
  const result = wajibahOfWill({
    deceased,
    heirs,
    predeceased,
    bequests: (content.bequests ?? []).map((b) => ({
      name: (b.beneficiary_name as string | null) ?? null,
      ic_number: (b.ic_number as string | null) ?? null,
      portion: String(b.portion ?? ''),
    })),
    netEstateSen: estate.net_sen,
    bequestsSen: estate.bequests_sen,
    state,
  });
  return {
    predeceased_children: predeceased,
    state,
    net_sen: estate.net_sen,
    wasiat_wajibah: result ? wajibahJson(state, result) : null,
  };
}

/** `GET /api/wasiat/{id}/wasiat-wajibah` (see the file comment). */
export async function readWajibah(db: Db, user: AuthUser, willId: string) {
  return wajibahOfWillRow(db, await findVisibleWill(db, user, willId));
}

/** `PUT /api/wasiat/{id}/predeceased-children` (see the file comment). */
export async function savePredeceasedChildren(
  db: Db,
  actor: Actor,
  willId: string,
  children: readonly PredeceasedChildInput[],
) {
  return db.transaction(async (tx) => {
    const will = await editableWill(tx, actor.user, willId, 'd', true);
    const before = await predeceasedChildrenOf(tx, will.id);
    await tx.delete(will_predeceased_children).where(eq(will_predeceased_children.wasiat_id, will.id));
    if (children.length) {
      await tx.insert(will_predeceased_children).values(
        children.map((c, position) => ({
          wasiat_id: will.id,
          position,
          name: c.name,
          sex: c.sex,
          died_on: c.died_on,
          children: c.children.map((g) => ({ name: g.name, sex: g.sex, ic_number: g.ic_number ?? null })),
        })),
      );
    }
    const body = await wajibahOfWillRow(tx, will);
    const strip = (l: PredeceasedChildJson[]) => l.map(({ id: _id, ...rest }) => rest);
    await audit(
      tx,
      actor,
      'will.predeceased_children',
      { type: 'Wasiat', id: will.id },
      { predeceased_children: strip(before) },
      { predeceased_children: strip(body.predeceased_children) },
    );
    return body;
  });
}
