/**
 * The estate file (issue 40 item 4; ADR 0274): the deceased, the heirs (the will's, asked again), the property (the
 * will's and the asset map's, each asset once), the claims, the distribution (domain `estateDistribution`: faraid
 * with the bequests, one third, the heirs' consent) with the executor fee, and the hibahs with their state. Readers
 * and writers are the estate's (policy.ts: staff, and the registering organisation's partner); out of scope: 404.
 * Every write is audited.
 *
 * The heirs' consents and the heirs under guardianship come from the consent records (ADR 0275), read here
 * (file-consents.ts). The consents module takes the bequests needing consent, their amounts and the estate's heirs
 * from this file ({@link consentBasis}: one source, ADR 0282).
 *
 * - {@link readEstateFile}: `GET /api/death-report/{id}/estate-file` → `{ file }`.
 * - {@link addHeirChange}: `POST …/estate-file/heirs` → `{ message, file }`; 422 `heir_id` (not the will's heir,
 *   already marked), `ic_number` (already an heir), `email` (malformed). An adult added heir with an e-mail gets a
 *   release link on the will (deaths index `issueAddedHeirRelease`), through which they consent (ADR 0282).
 * - {@link withdrawHeirChange}: `DELETE /api/estate-heir-change/{id}` → `{ message, file }`.
 * - {@link saveClaims}: `PUT …/estate-file/claims { funeral_sen, other_debts_sen }` → `{ message, file }`.
 */
import {
  assetKindLabel,
  type BequestRef,
  type ConsentReason,
  consentCapacity,
  ESTATE_FILE_MSG,
  type EstateClaimsInput,
  type EstateConsent,
  type EstateHeirChangeInput,
  estateDistribution,
  HIBAH_STATUS,
  HIBAH_TYPES,
  hibahState,
  type Language,
  labelOf,
  type PropertyNaming,
  propertyLabel,
  translate,
} from '@wasiat/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { death_reports, estate_claims, estate_heir_changes } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import { deliverMail } from '../../platform/mail/outbox.ts';
import type { AuthUser } from '../auth/index.ts';
import { issueAddedHeirRelease, revokeAddedHeirRelease } from '../deaths/index.ts';
import { consentsOf, wardsOf } from './file-consents.ts';
import { deceasedSex, type FileFacts, fileFacts } from './file-facts.ts';
import { type Conn, findEstateReport } from './policy.ts';
import type { Actor } from './service.ts';

/** The consent records' part of the file (ADR 0275): the decisions and the heirs under guardianship (heir ids). */
export interface FileOptions {
  consents: readonly EstateConsent[];
  wards: readonly string[];
}
/** The consent records of report `reportId`: every heir's decisions and the heirs under guardianship. */
async function consentRecords(db: Conn, reportId: string): Promise<FileOptions> {
  return { consents: await consentsOf(db, reportId), wards: await wardsOf(db, reportId) };
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The file as the API shows it (pure over the facts). */
function fileBody(f: FileFacts, opts: FileOptions, lang: Language) {
  const { report } = f.facts;
  const liabilities = f.assets.filter((a) => a.counted === 'liability');
  const zakat = sum(liabilities.filter((a) => a.entry.kind === 'zakat').map((a) => a.entry.value_sen));
  const mapDebts = sum(liabilities.filter((a) => a.entry.kind !== 'zakat').map((a) => a.entry.value_sen));
  const funeral = f.claims?.funeral_sen ?? 0;
  const otherDebts = f.claims?.other_debts_sen ?? 0;
  const inherits = f.heirs.filter((h) => h.status !== 'died_before');
  const staffTotal = f.facts.source === 'staff' ? f.facts.input.movable_sen + f.facts.input.immovable_sen : null;
  const distribution = estateDistribution({
    deceased: deceasedSex(f),
    heirs: inherits,
    properties: f.properties,
    bequests: f.rules?.bequests ?? [],
    extraAssets: f.extraAssets,
    grossOverride: staffTotal,
    funeral,
    zakat,
    debts: mapDebts + otherDebts,
    hartaSepencarian: f.rules?.hartaSepencarian ?? 0,
    consents: opts.consents,
    wajibah: f.wajibah,
  });
  const labelOfProperty = (id: string, kind: 'MoveableProperty' | 'ImmoveableProperty' | 'Bequest') => {
    if (kind === 'Bequest') return propertyLabel('Bequest', { purpose: f.purposes[id] ?? null }, lang);
    return propertyLabel(kind, (f.propertyRows[id] ?? {}) as PropertyNaming, lang);
  };
  return {
    death_report_id: report.id,
    deceased: {
      name: f.facts.deceased.name,
      ic_number: report.deceased_ic,
      date_of_death: report.date_of_death,
      certificate_no: report.certificate_no,
    },
    will: f.facts.will ? { id: f.facts.will.id, wasiat_no: f.facts.will.wasiat_no } : null,
    heirs: f.heirs.map((h) => ({
      id: h.id,
      name: h.name,
      relationship: h.relationship,
      ic_number: h.ic_number ?? null,
      origin: h.origin,
      status: h.status,
      can_consent: h.can_consent,
      change_id: h.change_id,
      event_date: h.event_date,
    })),
    property: f.properties.map((p) => ({
      id: p.id,
      kind: p.kind,
      label: labelOfProperty(p.id, p.kind),
      value_sen: p.value_sen ?? null,
      from_asset_map: f.assets.some((a) => a.property_id === p.id),
    })),
    asset_map: f.assets.map((a) => ({
      id: a.entry.id,
      kind: a.entry.kind,
      label: `${assetKindLabel(a.entry.kind, lang)} — ${a.entry.description}`,
      value_sen: a.entry.value_sen,
      value_estimated_on: a.entry.value_estimated_on,
      counted: a.counted,
      property_id: a.property_id,
    })),
    claims: {
      funeral_sen: funeral,
      other_debts_sen: otherDebts,
      asset_map_debts_sen: mapDebts,
      zakat_sen: zakat,
      entered: f.claims !== null,
    },
    distribution: {
      ...distribution,
      bequests: distribution.bequests.map((b) => ({ ...b, label: labelOfProperty(b.id, b.kind) })),
    },
    hibahs: f.hibahs.map((h) => {
      const state = hibahState({
        registered: h.status === HIBAH_STATUS.registered,
        receivers: h.receivers,
        ledger_balance_sen: h.ledger_balance_sen,
      });
      return {
        id: h.id,
        hibah_number: h.hibah_number,
        product: labelOf(HIBAH_TYPES, h.hibah_type, lang),
        receivers: h.receivers,
        properties: h.properties,
        value_sen: sum(h.properties.map((p) => p.value_sen ?? 0)),
        ledger_balance_sen: h.ledger_balance_sen,
        complete: state.complete,
        missing: state.missing,
        /** Complete: outside the estate (ADR 0274). */
        outside_estate: state.complete,
      };
    }),
    can_edit: true,
  };
}

/** One estate heir as the consents read them (ADR 0282): a will heir or one added on the file, not died before. */
interface ConsentBasisHeir {
  /** A will's heirs row id, or an added heir's change id. */
  id: string;
  name: string;
  relationship: string;
  ic_number: string | null;
  origin: 'will' | 'added';
  status: 'living' | 'died_after';
  /** The heir's faraid fraction is 0 (hajb): they bear nothing, so do not decide. */
  excluded: boolean;
}

/** A bequest needing consent with the estate file's figures (domain `ConsentBequest`'s shape). */
interface ConsentBasisBequest {
  bequest_ref: BequestRef;
  reason: ConsentReason;
  /** The file's part needing consent (sen, after the death's figures); null while the value is unknown. */
  amount_sen: number | null;
  label: string;
  heir_ids: string[];
}

/**
 * What the heirs' consent rests on, from the estate file (issue 40 item 5; ADR 0282: one source): the will, the
 * heirs as corrected on the file (will heirs and heirs added since the will; those who died before the deceased
 * left out), and the bequests needing consent with the file's amounts (`consent_sen` of each line, after the
 * death's values, claims and heirs; lines of one reference added together, `to_heir` if any is). Names in `lang`.
 * The caller has checked that it may see report `reportId`; an unknown report or one without a registered will has
 * `will: null` and empty lists.
 */
export async function consentBasis(db: Conn, reportId: string, lang: Language, now = new Date()) {
  const [report] = await db.select().from(death_reports).where(eq(death_reports.id, reportId));
  if (!report) return { will: null, heirs: [] as ConsentBasisHeir[], bequests: [] as ConsentBasisBequest[] };
  const opts = await consentRecords(db, report.id);
  const f = await fileFacts(db, report, opts.wards, now);
  if (!f.facts.will) return { will: null, heirs: [] as ConsentBasisHeir[], bequests: [] as ConsentBasisBequest[] };
  const body = fileBody(f, opts, lang);
  const fractionOf = new Map(body.distribution.heirs.map((h) => [h.heir_id, h.fraction]));
  const heirs: ConsentBasisHeir[] = f.heirs
    .filter((h) => h.status !== 'died_before')
    .map((h) => ({
      id: h.id,
      name: h.name,
      relationship: h.relationship,
      ic_number: h.ic_number ?? null,
      origin: h.origin,
      status: h.status as ConsentBasisHeir['status'],
      excluded: fractionOf.get(h.id) === '0',
    }));
  const byRef = new Map<BequestRef, ConsentBasisBequest>();
  for (const b of body.distribution.bequests) {
    if (!b.reason) continue;
    const amount = b.asked_sen === null ? null : b.consent_sen;
    const seen = byRef.get(b.ref);
    if (!seen) {
      const label = b.kind === 'Bequest' && b.name ? `${b.label} (${b.name})` : b.label;
      byRef.set(b.ref, { bequest_ref: b.ref, reason: b.reason, amount_sen: amount, label, heir_ids: [] });
    } else {
      seen.amount_sen = seen.amount_sen === null || amount === null ? null : seen.amount_sen + amount;
      if (b.reason === 'to_heir') seen.reason = 'to_heir';
    }
    const entry = byRef.get(b.ref) as ConsentBasisBequest;
    if (b.heir_id && !entry.heir_ids.includes(b.heir_id)) entry.heir_ids.push(b.heir_id);
  }
  // The bequests to heirs first, then those beyond one third (the order of domain `bequestsNeedingConsent`).
  const bequests = [...byRef.values()].sort((a, b) => Number(a.reason !== 'to_heir') - Number(b.reason !== 'to_heir'));
  return { will: { id: f.facts.will.id, wasiat_no: f.facts.will.wasiat_no }, heirs, bequests };
}

/** The estate file of report `id`. @throws 404 out of scope. */
export async function readEstateFile(db: Conn, user: AuthUser, id: string, lang: Language) {
  const report = await findEstateReport(db, user, id);
  const opts = await consentRecords(db, report.id);
  return fileBody(await fileFacts(db, report, opts.wards), opts, lang);
}

/** Record one heir correction (see the module comment). Audited `estate.heir_change`. */
export async function addHeirChange(ctx: Ctx, actor: Actor, id: string, body: EstateHeirChangeInput, lang: Language) {
  const mails = await ctx.db.transaction(async (tx) => {
    const report = await findEstateReport(tx, actor.user, id);
    const f = await fileFacts(tx, report, await wardsOf(tx, report.id));
    if (body.kind === 'died') {
      const heir = f.heirs.find((h) => h.id === body.heir_id && h.origin === 'will');
      if (!heir) throw fieldError('heir_id', ESTATE_FILE_MSG.heirUnknown);
      if (heir.status !== 'living') throw fieldError('heir_id', ESTATE_FILE_MSG.alreadyMarked);
    } else if (f.heirs.some((h) => h.status === 'living' && h.ic_number?.trim() === body.ic_number)) {
      throw fieldError('ic_number', ESTATE_FILE_MSG.alreadyMarked);
    }
    const added = body.kind === 'added';
    const values = {
      death_report_id: id,
      kind: body.kind,
      heir_id: body.kind === 'died' ? (body.heir_id ?? null) : null,
      name: added ? (body.name ?? null) : null,
      relationship: added ? (body.relationship ?? null) : null,
      ic_number: added ? (body.ic_number ?? null) : null,
      email: added ? (body.email ?? null) : null,
      event_date: body.event_date,
      note: body.note ?? null,
      created_by: actor.user.id,
    };
    const [row] = await tx.insert(estate_heir_changes).values(values).returning({ id: estate_heir_changes.id });
    await recordAudit(tx as unknown as Db, {
      actorId: actor.user.id,
      action: 'estate.heir_change',
      entityType: 'DeathReport',
      entityId: id,
      after: { change_id: row.id, ...values },
      ip: actor.ip,
    });
    // An adult added heir with an e-mail gets a release on the will, for their consent (ADR 0282).
    const adult = added && consentCapacity(values.ic_number, false, new Date()) === 'adult';
    if (!adult || !values.email || !f.facts.will) return [];
    return issueAddedHeirRelease(
      ctx,
      tx,
      { id: actor.user.id, ip: actor.ip },
      { id, deceased_name: f.facts.deceased.name ?? '' },
      f.facts.will.id,
      { name: values.name ?? '', ic_number: values.ic_number ?? '', email: values.email },
    );
  });
  await deliverMail(ctx, { ids: mails });
  return {
    message: translate(ESTATE_FILE_MSG.changeSaved, lang),
    file: await readEstateFile(ctx.db, actor.user, id, lang),
  };
}

/**
 * Withdraw correction `changeId` (kept, marked withdrawn; an added heir's release revoked). Audited.
 * @throws 404 out of scope or withdrawn.
 */
export async function withdrawHeirChange(ctx: Ctx, actor: Actor, changeId: string, lang: Language) {
  const reportId = await ctx.db.transaction(async (tx) => {
    const [c] = await tx
      .select()
      .from(estate_heir_changes)
      .where(and(eq(estate_heir_changes.id, changeId), isNull(estate_heir_changes.withdrawn_at)));
    if (!c) throw notFound();
    await findEstateReport(tx, actor.user, c.death_report_id);
    await tx
      .update(estate_heir_changes)
      .set({ withdrawn_at: new Date(), withdrawn_by: actor.user.id, updated_at: new Date() })
      .where(eq(estate_heir_changes.id, changeId));
    // An added heir's release goes with the correction (ADR 0282).
    if (c.kind === 'added' && c.ic_number && c.email) {
      await revokeAddedHeirRelease(tx, { id: actor.user.id, ip: actor.ip }, c.death_report_id, {
        ic_number: c.ic_number,
        email: c.email,
      });
    }
    await recordAudit(tx as unknown as Db, {
      actorId: actor.user.id,
      action: 'estate.heir_change_withdrawn',
      entityType: 'DeathReport',
      entityId: c.death_report_id,
      before: { change_id: c.id, kind: c.kind, heir_id: c.heir_id, name: c.name, event_date: c.event_date },
      ip: actor.ip,
    });
    return c.death_report_id;
  });
  return {
    message: translate(ESTATE_FILE_MSG.changeWithdrawn, lang),
    file: await readEstateFile(ctx.db, actor.user, reportId, lang),
  };
}

/** Save the funeral costs and the debts not on the asset map. Audited `estate.claims` with before and after. */
export async function saveClaims(ctx: Ctx, actor: Actor, id: string, body: EstateClaimsInput, lang: Language) {
  await ctx.db.transaction(async (tx) => {
    await findEstateReport(tx, actor.user, id);
    const [before] = await tx.select().from(estate_claims).where(eq(estate_claims.death_report_id, id));
    const set = { funeral_sen: body.funeral_sen, other_debts_sen: body.other_debts_sen, updated_by: actor.user.id };
    await tx
      .insert(estate_claims)
      .values({ death_report_id: id, ...set })
      .onConflictDoUpdate({ target: estate_claims.death_report_id, set: { ...set, updated_at: new Date() } });
    await recordAudit(tx as unknown as Db, {
      actorId: actor.user.id,
      action: 'estate.claims',
      entityType: 'DeathReport',
      entityId: id,
      before: before ? { funeral_sen: before.funeral_sen, other_debts_sen: before.other_debts_sen } : null,
      after: { funeral_sen: body.funeral_sen, other_debts_sen: body.other_debts_sen },
      ip: actor.ip,
    });
  });
  return {
    message: translate(ESTATE_FILE_MSG.claimsSaved, lang),
    file: await readEstateFile(ctx.db, actor.user, id, lang),
  };
}
