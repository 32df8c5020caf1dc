/**
 * Bequests to heirs (issue 17 item 5; ADR 0155; issue 41 item 4, ADR 0257): the server works them out from the
 * will's own records (never from what the client says), the testator acknowledges them, and submitting a
 * will that has them without an acknowledgement of exactly those bequests is refused. The acknowledgement records
 * that the testator was told; it is not the heirs' consent, which only the heirs give, after the death.
 *
 * The rule is packages/domain/src/faraid/heir-bequests.ts (Enakmen Wasiat Orang Islam (Selangor) 1999
 * s. 26(2), read with s. 11(2)): an heir's share of a property above their faraid share, and a bequest (wasiat
 * am) to an heir, is a wasiat to an heir, which takes effect only if the other heirs consent after the death.
 * Each comes with its amount in sen (`value_sen`) when the values are known.
 *
 * - `GET /wasiat/{id}/heir-bequests` → `{ heir_bequests: [...], acknowledgement: {...} | null, acknowledged }`
 *   (visible will; 404 otherwise).
 * - `POST /wasiat/{id}/heir-bequests/acknowledge { acknowledged: 1 }` → the same, after recording who, when,
 *   from which IP, which bequests (JSON and SHA-256 of their key) and the will's document version. 422
 *   `heir_bequests.none` on `acknowledged` when there is nothing to acknowledge; the will must be editable
 *   by the caller at part e (as every part e save).
 * An acknowledgement is in force while the bequests now have the same key: a change to a share, an heir or
 * the faraid result needs a new one.
 */
import { createHash } from 'node:crypto';
import {
  HEIR_BEQUEST_ERRORS,
  type HeirBequestJson,
  type HeirBequestKind,
  type HeirOfWill,
  heirBequestJson,
  heirBequests,
  heirBequestsKey,
  type OneThirdInput,
  oneThird,
  type PropertyNaming,
  type PropertyWithShares,
  propertyLabel,
  relationshipLabel,
  testatorSex,
} from '@wasiat/domain';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  bequests,
  heir_bequest_acknowledgements,
  heirs,
  immoveable_properties,
  moveable_properties,
  property_receivers,
  receivers,
  will_user_details,
  wills,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { fieldError } from '../../platform/http/errors.ts';
import { findVisibleWill } from './queries.ts';
import { type Actor, audit, type Conn, editableWill } from './service.ts';
import { documentVersion } from './signature-facts.ts';

type Row = Record<string, unknown>;

/**
 * The parts of a will's content the rules read (bequests to heirs, and the one-third rule of one-third.ts), in the
 * shape of an amendment's draft (amendments/content.ts `WillContent`): the testator's particulars, the heirs, the
 * receivers, each property with its shares and estimated value, and — when given — the bequests and the estate
 * figures (`estimated_estate_sen`, `funeral_sen`, `debts_sen`, `harta_sepencarian_sen`).
 */
export interface HeirBequestContent {
  user_detail: Row | null;
  heirs: Row[];
  receivers: Row[];
  moveables: (Row & { shares?: { receiver_id: string; portion: string }[] })[];
  immoveables: (Row & { shares?: { receiver_id: string; portion: string }[] })[];
  bequests?: Row[];
  estate?: Row | null;
}

const str = (v: unknown) => (typeof v === 'string' ? v : v == null ? null : String(v));
/** A number of sen as stored or sent ('123' from a driver, 123); null otherwise. */
export const senOrNull = (v: unknown) =>
  typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null;

/** The rules' input of a content value (pure): domain `OneThirdInput` (also what `heirBequests` reads). */
export function ruleInputOf(c: HeirBequestContent): OneThirdInput {
  const d = c.user_detail;
  const deceased = testatorSex(d ? { gender: (d.gender as number | null) ?? null, ic_number: str(d.ic_number) } : null);
  const heirList = c.heirs.map((h) => ({
    id: String(h.id ?? ''),
    name: String(h.name ?? ''),
    relationship: String(h.relationship ?? ''),
    ic_number: str(h.ic_number),
  }));
  const byId = new Map(c.receivers.map((r) => [String(r.id ?? ''), r]));
  const props = (kind: PropertyWithShares['kind'], list: HeirBequestContent['moveables']): PropertyWithShares[] =>
    list.map((p) => ({
      id: String(p.id ?? ''),
      kind,
      value_sen: senOrNull(p.value_sen),
      // The spouse's declared harta sepencarian portion (ADR 0286); the rules combine it with the single amount.
      sepencarian_bp: typeof p.sepencarian_bp === 'number' ? p.sepencarian_bp : null,
      shares: (p.shares ?? []).flatMap((s) => {
        const r = byId.get(s.receiver_id);
        if (!r) return [];
        return [
          {
            receiver: {
              id: String(r.id),
              name: String(r.name ?? ''),
              relationship: str(r.relationship),
              ic_number: str(r.ic_number),
            },
            portion: s.portion,
          },
        ];
      }),
    }));
  const e = c.estate ?? {};
  return {
    deceased,
    heirs: heirList,
    properties: [...props('MoveableProperty', c.moveables), ...props('ImmoveableProperty', c.immoveables)],
    bequests: (c.bequests ?? []).map((b) => ({
      id: String(b.id ?? ''),
      beneficiary_name: str(b.beneficiary_name),
      ic_number: str(b.ic_number),
      relationship: str(b.relationship),
      portion: String(b.portion ?? ''),
    })),
    estimatedEstate: senOrNull(e.estimated_estate_sen),
    funeral: senOrNull(e.funeral_sen),
    debts: senOrNull(e.debts_sen),
    hartaSepencarian: senOrNull(e.harta_sepencarian_sen),
  };
}

/** The bequests to heirs of a content value (pure; the draft of an amendment uses it too), with their amounts. */
export function heirBequestsOfContent(c: HeirBequestContent): HeirBequestJson[] {
  const input = ruleInputOf(c);
  return heirBequests(input.deceased, input.heirs as HeirOfWill[], input.properties, {
    bequests: input.bequests,
    netSen: oneThird(input).netSen,
  }).map(heirBequestJson);
}

/** SHA-256 (hex) of the bequests' key (domain `heirBequestsKey`). */
export const heirBequestsSha256 = (list: readonly HeirBequestJson[]) =>
  createHash('sha256').update(heirBequestsKey(list)).digest('hex');

/** The rules' content of a live will, read from its rows (the estate figures, bequests and values included). */
export async function liveContent(db: Conn, willId: string): Promise<HeirBequestContent> {
  const [detail] = await db
    .select({ gender: will_user_details.gender, ic_number: will_user_details.ic_number })
    .from(will_user_details)
    .where(eq(will_user_details.wasiat_id, willId));
  const heirRows = await db
    .select({ id: heirs.id, name: heirs.name, relationship: heirs.relationship, ic_number: heirs.ic_number })
    .from(heirs)
    .where(and(eq(heirs.heirable_type, 'Wasiat'), eq(heirs.heirable_id, willId)))
    .orderBy(asc(heirs.created_at), asc(heirs.id));
  const receiverRows = await db
    .select({
      id: receivers.id,
      name: receivers.name,
      relationship: receivers.relationship,
      ic_number: receivers.ic_number,
    })
    .from(receivers)
    .where(and(eq(receivers.receivable_type, 'Wasiat'), eq(receivers.receivable_id, willId)));
  const ms = await db
    .select({
      id: moveable_properties.id,
      property_type: moveable_properties.property_type,
      institution_name: moveable_properties.institution_name,
      account_number: moveable_properties.account_number,
      transport_registration_number: moveable_properties.transport_registration_number,
      value_sen: moveable_properties.value_sen,
      value_estimated_on: moveable_properties.value_estimated_on,
      sepencarian_bp: moveable_properties.sepencarian_bp,
    })
    .from(moveable_properties)
    .where(and(eq(moveable_properties.moveable_type, 'Wasiat'), eq(moveable_properties.moveable_id, willId)))
    .orderBy(asc(moveable_properties.created_at), asc(moveable_properties.id));
  const is = await db
    .select({
      id: immoveable_properties.id,
      category: immoveable_properties.category,
      property_no: immoveable_properties.property_no,
      value_sen: immoveable_properties.value_sen,
      value_estimated_on: immoveable_properties.value_estimated_on,
      sepencarian_bp: immoveable_properties.sepencarian_bp,
    })
    .from(immoveable_properties)
    .where(and(eq(immoveable_properties.immoveable_type, 'Wasiat'), eq(immoveable_properties.immoveable_id, willId)))
    .orderBy(asc(immoveable_properties.created_at), asc(immoveable_properties.id));
  const pids = [...ms, ...is].map((p) => p.id);
  const shares = pids.length
    ? await db
        .select({
          pid: property_receivers.propertyable_id,
          receiver_id: property_receivers.receiver_id,
          portion: property_receivers.portion,
        })
        .from(property_receivers)
        .where(inArray(property_receivers.propertyable_id, pids))
        .orderBy(asc(property_receivers.created_at), asc(property_receivers.id))
    : [];
  const sharesOf = (id: string) => shares.filter((s) => s.pid === id);
  const bequestRows = await db
    .select({
      id: bequests.id,
      beneficiary_name: bequests.beneficiary_name,
      ic_number: bequests.ic_number,
      relationship: bequests.relationship,
      purpose: bequests.purpose,
      portion: bequests.portion,
    })
    .from(bequests)
    .where(eq(bequests.wasiat_id, willId))
    .orderBy(asc(bequests.created_at), asc(bequests.id));
  const [estate] = await db
    .select({
      estimated_estate_sen: wills.estimated_estate_sen,
      funeral_sen: wills.funeral_sen,
      debts_sen: wills.debts_sen,
      harta_sepencarian_sen: wills.harta_sepencarian_sen,
    })
    .from(wills)
    .where(eq(wills.id, willId));
  return {
    user_detail: detail ?? null,
    heirs: heirRows,
    receivers: receiverRows,
    moveables: ms.map((p) => ({ ...p, shares: sharesOf(p.id) })),
    immoveables: is.map((p) => ({ ...p, shares: sharesOf(p.id) })),
    bequests: bequestRows,
    estate: estate ?? null,
  };
}

/** The bequests to heirs of a live will now (from its rows). */
export async function willHeirBequests(db: Conn, willId: string) {
  return heirBequestsOfContent(await liveContent(db, willId));
}

type Ack = typeof heir_bequest_acknowledgements.$inferSelect;

/** The latest acknowledgement of a subject ("Wasiat" or "Amendment"), or null. */
export async function latestAcknowledgement(db: Conn, subjectType: string, subjectId: string): Promise<Ack | null> {
  const [row] = await db
    .select()
    .from(heir_bequest_acknowledgements)
    .where(
      and(
        eq(heir_bequest_acknowledgements.subject_type, subjectType),
        eq(heir_bequest_acknowledgements.subject_id, subjectId),
      ),
    )
    .orderBy(desc(heir_bequest_acknowledgements.acknowledged_at), desc(heir_bequest_acknowledgements.created_at))
    .limit(1);
  return row ?? null;
}

/** The acknowledgement as answered: who, when (ISO UTC), the document version and the bequests acknowledged. */
export const ackBody = (a: Ack) => ({
  id: a.id,
  acknowledged_by: a.acknowledged_by,
  acknowledged_at: a.acknowledged_at.toISOString(),
  document_sha256: a.document_sha256,
  bequests_sha256: a.bequests_sha256,
  bequests: a.bequests as HeirBequestJson[],
});

/**
 * The state of a subject's bequests to heirs: the list now, the latest acknowledgement, and whether it is of
 * exactly this list (`acknowledged`; true when there is nothing to acknowledge).
 */
export async function heirBequestState(db: Conn, subjectType: string, subjectId: string, list: HeirBequestJson[]) {
  const ack = await latestAcknowledgement(db, subjectType, subjectId);
  const acknowledged = list.length === 0 || (!!ack && ack.bequests_sha256 === heirBequestsSha256(list));
  return { heir_bequests: list, acknowledgement: ack ? ackBody(ack) : null, acknowledged };
}

/**
 * The bequests to heirs of an instrument's content as the notice shows them (ADR 0155), written once for a will
 * and for an amendment of one (issue 34): the state (list, latest acknowledgement of `subject`, `acknowledged`),
 * each bequest also with `property_label` and `relationship_label` (`{ ms, en }`; son/daughter from the heir's
 * MyKad). Fractions as "n/d" strings.
 */
export async function heirBequestsView(db: Conn, subject: { type: string; id: string }, content: HeirBequestContent) {
  const state = await heirBequestState(db, subject.type, subject.id, heirBequestsOfContent(content));
  const props = new Map<string, { kind: HeirBequestKind; row: Row }>();
  for (const p of content.moveables) props.set(`MoveableProperty:${p.id}`, { kind: 'MoveableProperty', row: p });
  for (const p of content.immoveables) props.set(`ImmoveableProperty:${p.id}`, { kind: 'ImmoveableProperty', row: p });
  for (const b of content.bequests ?? []) props.set(`Bequest:${b.id}`, { kind: 'Bequest', row: b });
  const icOf = new Map(content.heirs.map((h) => [String(h.id), str(h.ic_number)]));
  const both = (f: (lang: 'ms' | 'en') => string) => ({ ms: f('ms'), en: f('en') });
  return {
    ...state,
    heir_bequests: state.heir_bequests.map((b) => {
      const p = props.get(`${b.property_kind}:${b.property_id}`);
      return {
        ...b,
        property_label: both((lang) => (p ? propertyLabel(p.kind, p.row as PropertyNaming, lang) : '-')),
        relationship_label: both((lang) => relationshipLabel(b.relationship, icOf.get(b.heir_id), lang)),
      };
    }),
  };
}

/** `GET /wasiat/{id}/heir-bequests` for a visible will (404 otherwise): {@link heirBequestsView} of its rows. */
export async function getWillHeirBequests(db: Db, user: AuthUser, willId: string) {
  const will = await findVisibleWill(db, user, willId);
  return heirBequestsView(db, { type: 'Wasiat', id: will.id }, await liveContent(db, will.id));
}

/**
 * Record an acknowledgement of the bequests to heirs of `subject` now (inside the caller's transaction, the
 * subject locked): 422 `heir_bequests.none` on `acknowledged` when there are none. Writes an audit event.
 */
export async function recordAcknowledgement(
  tx: Conn,
  actor: Actor,
  subject: { type: string; id: string },
  list: HeirBequestJson[],
  documentSha256: string,
) {
  if (list.length === 0) throw fieldError('acknowledged', HEIR_BEQUEST_ERRORS.nothingToAcknowledge);
  const [row] = await tx
    .insert(heir_bequest_acknowledgements)
    .values({
      subject_type: subject.type,
      subject_id: subject.id,
      acknowledged_by: actor.user.id,
      acknowledged_at: new Date(),
      ip: actor.ip ?? null,
      bequests: list,
      bequests_sha256: heirBequestsSha256(list),
      document_sha256: documentSha256,
    })
    .returning();
  await audit(tx, actor, 'heir_bequests.acknowledge', subject, null, row);
  return row;
}

/** `POST /wasiat/{id}/heir-bequests/acknowledge`: see the module comment. */
export async function acknowledgeWillHeirBequests(db: Db, actor: Actor, willId: string) {
  await db.transaction(async (tx) => {
    const will = await editableWill(tx, actor.user, willId, 'e', true);
    const list = await willHeirBequests(tx, will.id);
    await recordAcknowledgement(tx, actor, { type: 'Wasiat', id: will.id }, list, await documentVersion(tx, will.id));
  });
  return getWillHeirBequests(db, actor.user, willId);
}

/**
 * The submit rule (transitions.ts): null when the will has no bequests to heirs or its latest
 * acknowledgement is of exactly the bequests now; else `heir_bequests.ack_required`.
 */
export async function heirBequestProblem(db: Conn, willId: string): Promise<string | null> {
  const state = await heirBequestState(db, 'Wasiat', willId, await willHeirBequests(db, willId));
  return state.acknowledged ? null : HEIR_BEQUEST_ERRORS.ackRequired;
}
