/**
 * Amendments of a registered hibah / trust (issue 5 "Hibah amendments"; spec §3 Amendment, §4 amendment
 * statuses and the 14-day window, §6 "only the grantor can finalise or update a hibah/trust"; ADR 0020
 * flow, ADR 0036 who/price/OTP, ADR 0037 versions). The shared parts (reference numbers, listing,
 * transitions, witnesses, the window job, the payable) are the amendments module's; this file holds what
 * differs for a hibah:
 *
 * - apply: the grantor (or staff-side `amendment:verify`, `is_staff_created = 1`) of a visible (404),
 *   registered (status 5; else 422 `amendments.hibah_not_registered` on `amendmentable_id`) hibah with no
 *   open amendment (422 `amendments.hibah_already_open`); price = the hibah pricing's
 *   `amendment_price_sen`, 0 (no amendment price) → settled at once (waived);
 * - the draft: the hibah's content (hibah/content.ts), edited by the grantor only (403
 *   `amendments.grantor_only`), checked like the hibah's own rows (shares, caretakers of minors,
 *   witnesses not the grantor or a receiver, the organisation's totals, ledger properties kept);
 * - submit (0 → 1): complete (≥1 receiver, a caretaker for every minor, ≥1 property each shared), ≥2
 *   witnesses, paid, PDPA + confirmation, a passed eKYC of the amendment (its own MyKad and selfie; issue
 *   3, ADR 0097) and a `hibah-amendment-submit` code of the grantor bound to this hibah (ADR 0097);
 * - approve (4 → 2): the draft becomes the hibah's content as a new version; earlier versions stay
 *   readable to staff (`will:read:any`).
 */
import {
  AM,
  AMENDMENT_MIN_WITNESSES,
  H,
  HAM,
  HIBAH_STATUS,
  type hibahAmendmentDraftSchema,
  isMinorMykad,
  OPEN_AMENDMENT_STATUSES,
  portionsExceedWhole,
  rowOffer,
} from '@wasiat/domain';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/schema/_common.ts';
import { amendment_witnesses, amendments, hibah_versions, hibahs, pricings } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import {
  findVisibleHibah,
  type HibahContent,
  loadHibahContent,
  propertiesWithLedger,
  replaceHibahContent,
} from '../hibah/index.ts';
import { preferenceOf } from '../instruments/index.ts';
import { consumeVerifiedOtp } from '../otp/index.ts';
import type { Actor, Conn } from '../wills/index.ts';
import { audit } from '../wills/index.ts';
import { contentSha256 } from './content.ts';
import { assertCanApplyHibah, canReadVersions, visibleVersions } from './policy.ts';
import type { Amendment } from './records.ts';
import { assertDraftWitnesses, draftWitnessProblem } from './witness-check.ts';

type HibahRow = typeof hibahs.$inferSelect;
type DraftInput = z.output<typeof hibahAmendmentDraftSchema>;

/** The amendment price of a hibah in sen: its pricing's `amendment_price_sen` (0 when none; ADR 0036). */
export async function hibahAmendmentPrice(db: Conn, h: HibahRow) {
  if (!h.pricing_id) return 0;
  const [p] = await db
    .select({ sen: pricings.amendment_price_sen })
    .from(pricings)
    .where(eq(pricings.id, h.pricing_id));
  return p?.sen ?? 0;
}

/**
 * The values of a new hibah amendment (rules in the module comment), inside the applying transaction.
 * @returns the row to insert, without the reference number.
 */
export async function hibahApplication(tx: Conn, user: AuthUser, hibahId: string, now: Date) {
  const h = await findVisibleHibah(tx, user, hibahId, true);
  const { staffCreated } = assertCanApplyHibah(user, h);
  if (h.status !== HIBAH_STATUS.registered) throw fieldError('amendmentable_id', HAM.hibahNotRegistered);
  const mine = and(eq(amendments.amendmentable_type, 'Hibah'), eq(amendments.amendmentable_id, h.id));
  const [{ open }] = await tx
    .select({ open: count() })
    .from(amendments)
    .where(and(mine, inArray(amendments.status, [...OPEN_AMENDMENT_STATUSES])));
  if (Number(open) > 0) throw fieldError('amendmentable_id', HAM.hibahAlreadyOpen);
  const [{ n }] = await tx.select({ n: count() }).from(amendments).where(mine);
  const price = await hibahAmendmentPrice(tx, h);
  return {
    amendmentable_type: 'Hibah',
    amendmentable_id: h.id,
    user_id: h.user_id,
    organization_id: h.organization_id,
    count: Number(n) + 1,
    status: 0,
    is_staff_created: staffCreated ? 1 : 0,
    price_sen: price,
    payment_received_at: price === 0 ? now : null,
    draft: await loadHibahContent(tx, h.id),
  } satisfies Partial<typeof amendments.$inferInsert>;
}

/**
 * Server checks of a hibah draft (422 on the section's field): shares name receivers of the draft and do
 * not exceed the whole, a vehicle has one receiver; a caretaker's `receiver_id` is a minor receiver;
 * witnesses may witness (the one witness rule, witness-check.ts); properties with ledger rows stay; the organisation's
 * totals of receivers, caretakers and property hold.
 */
async function checkHibahDraft(tx: Conn, a: Amendment, draft: HibahContent) {
  const ids = new Set(draft.receivers.map((r) => r.id as string));
  const props = [
    ...draft.moveables.map((p, i) => ({ p, field: `moveables.${i}.shares` })),
    ...draft.immoveables.map((p, i) => ({ p, field: `immoveables.${i}.shares` })),
  ];
  for (const { p, field } of props) {
    const shares = p.shares ?? [];
    if (shares.some((s) => !ids.has(s.receiver_id))) throw fieldError(field, AM.receiverUnknown);
    if (portionsExceedWhole(shares.map((s) => s.portion))) throw fieldError(field, AM.sharesExceed);
    if (p.property_type === 'vehicle' && shares.length > 1) throw fieldError(field, AM.vehicleOneReceiver);
  }
  const minors = new Set(draft.receivers.filter((r) => r.is_minor).map((r) => r.id as string));
  draft.caretakers.forEach((c, i) => {
    if (c.receiver_id && !minors.has(c.receiver_id as string)) {
      throw fieldError(`caretakers.${i}.receiver_id`, H.receiverNotMinor);
    }
  });
  // The one witness rule of every instrument (ADR 0259): not the grantor, a minor, an heir, a receiver, their spouse.
  await assertDraftWitnesses(tx, a, draft);
  const kept = new Set(props.map(({ p }) => p.id as string));
  const live = loadedKinds(a.draft as HibahContent);
  for (const pid of await propertiesWithLedger(tx, a.amendmentable_id)) {
    if (!kept.has(pid)) throw fieldError(live.get(pid) ?? 'moveables', HAM.propertyHasLedger);
  }
  const [h] = await tx.select({ org: hibahs.organization_id }).from(hibahs).where(eq(hibahs.id, a.amendmentable_id));
  const pref = await preferenceOf(tx, h?.org ?? null);
  // The organisation's limits, from the domain's one offer table (OFFER_RULES.hibah), named in the message.
  const held = [
    ['receiver', draft.receivers.length],
    ['caretaker', draft.caretakers.length],
    ['property', props.length],
  ] as const;
  for (const [row, n] of held) {
    const { limit } = rowOffer('hibah', row, pref, n);
    if (limit !== null && n > limit) throw fieldError('_', `instrument_offer.full.${row}`, { limit });
  }
}

/** property id → draft section, from a draft (to name the field of a ledger property's 422). */
const loadedKinds = (d: HibahContent) =>
  new Map<string, string>([
    ...d.moveables.map((p) => [p.id as string, 'moveables'] as [string, string]),
    ...d.immoveables.map((p) => [p.id as string, 'immoveables'] as [string, string]),
  ]);

/**
 * The draft of hibah amendment `a` with the given sections replaced (each given section replaces the
 * draft's; new rows get an id; a receiver's `is_minor` comes from the MyKad; a receiver left out loses
 * their shares and their caretaker's link, as a deleted receiver of the hibah does), checked
 * ({@link checkHibahDraft}). The caller holds the row lock and has checked the grantor and status 0.
 */
export async function nextHibahDraft(tx: Conn, a: Amendment, input: DraftInput): Promise<HibahContent> {
  const draft = structuredClone(a.draft as HibahContent);
  const withIds = <T extends { id?: string }>(list: T[]) => list.map((x) => ({ ...x, id: x.id || newId() }));
  if (input.user_detail) draft.user_detail = { ...input.user_detail };
  if (input.fields) draft.fields = { ...draft.fields, ...input.fields };
  if (input.heirs) draft.heirs = withIds(input.heirs);
  if (input.receivers) {
    draft.receivers = withIds(input.receivers).map((r) => ({ ...r, is_minor: isMinorMykad(r.ic_number) }));
    // As when the hibah module deletes a receiver: their shares go, their caretaker then covers every minor.
    const ids = new Set(draft.receivers.map((r) => r.id as string));
    const minors = new Set(draft.receivers.filter((r) => r.is_minor).map((r) => r.id as string));
    if (!input.moveables && !input.immoveables) {
      for (const p of [...draft.moveables, ...draft.immoveables]) {
        p.shares = (p.shares ?? []).filter((x) => ids.has(x.receiver_id));
      }
    }
    if (!input.caretakers) {
      draft.caretakers = draft.caretakers.map((c) =>
        c.receiver_id && !minors.has(c.receiver_id as string) ? { ...c, receiver_id: null } : c,
      );
    }
  }
  if (input.moveables) draft.moveables = withIds(input.moveables) as HibahContent['moveables'];
  if (input.immoveables) draft.immoveables = withIds(input.immoveables) as HibahContent['immoveables'];
  if (input.caretakers) draft.caretakers = withIds(input.caretakers);
  if (input.witnesses) draft.witnesses = withIds(input.witnesses);
  await checkHibahDraft(tx, a, draft);
  return draft;
}

/**
 * What is missing before a hibah amendment may be submitted (0 → 1), by field: `_` (receivers, a caretaker
 * for every minor, property with shares), `witnesses` (≥ 2 with e-mail), `payment`, `acknowledged_pdpa`,
 * `ekyc` (`ekyc.required`: the amendment's own eKYC — `ekycable_type` "Amendment", face score ≥ 70 or
 * manual — has not passed; issue 3, ADR 0097), `otp` (`otp.required`: no verified, unspent
 * `hibah-amendment-submit` code of the grantor for this hibah; spent here, inside the submitting
 * transaction, so a later failure rolls the spending back; ADR 0097). A code of another hibah, of another
 * purpose, or not bound to a hibah does not count.
 */
export async function hibahSubmitProblems(
  tx: Db,
  a: Amendment,
  body: { acknowledged_pdpa?: boolean; acknowledged_confirmation?: boolean },
  userId: string,
) {
  const fields: Record<string, string[]> = {};
  const d = a.draft as HibahContent;
  const caretakerFor = (rid: string) => d.caretakers.some((c) => !c.receiver_id || c.receiver_id === rid);
  const props = [...d.moveables, ...d.immoveables];
  if (d.receivers.length === 0) fields._ = [HAM.receiversRequired];
  else if (d.receivers.some((r) => r.is_minor && !caretakerFor(r.id as string))) fields._ = [HAM.caretakerRequired];
  else if (props.length === 0 || props.some((p) => (p.shares ?? []).length === 0)) fields._ = [HAM.propertyRequired];
  if (d.witnesses.filter((w) => w.email).length < AMENDMENT_MIN_WITNESSES) fields.witnesses = [AM.witnessesRequired];
  else {
    const witness = await draftWitnessProblem(tx, a, d);
    if (witness) fields.witnesses = [witness];
  }
  if (!a.payment_received_at) fields.payment = [AM.notPaid];
  if (!body.acknowledged_pdpa || !body.acknowledged_confirmation) {
    fields.acknowledged_pdpa = ['wills.verification_required'];
  }
  if (!a.ekyc_verified_at) fields.ekyc = ['ekyc.required'];
  if (!(await consumeVerifiedOtp(tx, userId, 'hibah-amendment-submit', a.amendmentable_id))) {
    fields.otp = ['otp.required'];
  }
  return fields;
}

/** Store a snapshot of the hibah's live content as `versionNo` (no-op when that version exists). */
async function snapshot(tx: Conn, hibahId: string, versionNo: number, amendmentId: string | null) {
  const content = await loadHibahContent(tx, hibahId);
  await tx
    .insert(hibah_versions)
    .values({
      hibah_id: hibahId,
      version_no: versionNo,
      amendment_id: amendmentId,
      content,
      sha256: contentSha256(content),
    })
    .onConflictDoNothing();
}

/**
 * In the approving transaction (4 → 2): the draft becomes the hibah's content as a new version (ADR 0037).
 * Version `current_version` is snapshotted first if it was not; the witnesses become the amendment's
 * confirmed witnesses (signature, confirmation time); the grantor's draft signature becomes the hibah's.
 * @throws 422 `amendments.witnesses_pending` on `witnesses` unless every witness confirmed (at least one).
 * @returns the new version number.
 */
export async function applyHibahDraftAsNewVersion(tx: Db, actor: Actor, a: Amendment, now: Date) {
  const wit = await tx
    .select()
    .from(amendment_witnesses)
    .where(eq(amendment_witnesses.amendment_id, a.id))
    .orderBy(asc(amendment_witnesses.created_at));
  if (wit.length === 0 || wit.some((w) => !w.confirmed_at)) throw fieldError('witnesses', AM.witnessesPending);
  const [h] = await tx.select().from(hibahs).where(eq(hibahs.id, a.amendmentable_id)).for('update');
  if (!h) throw notFound();
  await snapshot(tx, h.id, h.current_version, null);
  const draft = a.draft as HibahContent;
  await replaceHibahContent(tx, h.id, {
    ...draft,
    witnesses: wit.map((w) => ({
      name: w.name,
      ic_number: w.ic_number,
      email: w.email,
      address: w.address,
      postcode: w.postcode,
      city: w.city,
      state: w.state,
      signature_id: w.signature_id,
      confirmed_at: w.confirmed_at,
    })),
  });
  const versionNo = h.current_version + 1;
  await tx
    .update(hibahs)
    .set({ current_version: versionNo, ...(a.signature_id ? { signature_id: a.signature_id } : {}), updated_at: now })
    .where(eq(hibahs.id, h.id));
  await snapshot(tx, h.id, versionNo, a.id);
  await audit(
    tx,
    actor,
    'hibah.new_version',
    { type: 'Hibah', id: h.id },
    { current_version: h.current_version },
    { current_version: versionNo, amendment_id: a.id },
  );
  return versionNo;
}

/**
 * `GET /api/hibah/{id}/versions` → `{ current_version, versions: [{ version_no, created_at, amendment_id,
 * sha256, current }] }` for whoever may see the hibah (404 otherwise); earlier versions listed to
 * staff-side roles only (`will:read:any`).
 */
export async function listHibahVersions(db: Db, user: AuthUser, hibahId: string) {
  const h = await findVisibleHibah(db, user, hibahId);
  const rows = await db
    .select()
    .from(hibah_versions)
    .where(eq(hibah_versions.hibah_id, h.id))
    .orderBy(asc(hibah_versions.version_no));
  return { current_version: h.current_version, versions: visibleVersions(user, h.current_version, rows) };
}

/**
 * `GET /api/hibah/{id}/versions/{n}` → `{ version: { version_no, content, sha256, created_at } }`. The
 * current version: whoever may see the hibah (from the live rows when not snapshotted yet); an earlier
 * one: staff-side roles only (404 otherwise, as for an unknown version).
 */
export async function readHibahVersion(db: Db, user: AuthUser, hibahId: string, versionNo: number) {
  const h = await findVisibleHibah(db, user, hibahId);
  if (versionNo !== h.current_version && !canReadVersions(user)) throw notFound();
  const [v] = await db
    .select()
    .from(hibah_versions)
    .where(and(eq(hibah_versions.hibah_id, h.id), eq(hibah_versions.version_no, versionNo)));
  if (v)
    return { version_no: v.version_no, content: v.content as HibahContent, sha256: v.sha256, created_at: v.created_at };
  if (versionNo === h.current_version) {
    const content = await loadHibahContent(db, h.id);
    return { version_no: versionNo, content, sha256: contentSha256(content), created_at: h.registered_at };
  }
  throw notFound();
}
