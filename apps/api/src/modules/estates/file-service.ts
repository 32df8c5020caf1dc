/**
 * The estate file (issue 40 item 4; ADR 0274): the deceased, the heirs (the will's, asked again), the property (the
 * will's and the asset map's, each asset once), the claims, the distribution (domain `estateDistribution`: faraid
 * with the bequests, one third, the heirs' consent) with the executor fee, and the hibahs with their state. Readers
 * and writers are the estate's (policy.ts: staff, and the registering organisation's partner); out of scope: 404.
 * Every write is audited.
 *
 * The heirs' consents and the heirs under guardianship come from the consent records (ADR 0275), read through
 * the consents module's index ({@link consentRecords}).
 *
 * - {@link readEstateFile}: `GET /api/death-report/{id}/estate-file` → `{ file }`.
 * - {@link addHeirChange}: `POST …/estate-file/heirs` → `{ message, file }`; 422 `heir_id` (not the will's heir,
 *   already marked), `ic_number` (already an heir).
 * - {@link withdrawHeirChange}: `DELETE /api/estate-heir-change/{id}` → `{ message, file }`.
 * - {@link saveClaims}: `PUT …/estate-file/claims { funeral_sen, other_debts_sen }` → `{ message, file }`.
 */
import {
  assetKindLabel,
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
import { estate_claims, estate_heir_changes } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { consentsOf, wardsOf } from '../consents/index.ts';
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

/** The estate file of report `id`. @throws 404 out of scope. */
export async function readEstateFile(db: Conn, user: AuthUser, id: string, lang: Language) {
  const report = await findEstateReport(db, user, id);
  const opts = await consentRecords(db, report.id);
  return fileBody(await fileFacts(db, report, opts.wards), opts, lang);
}

/** Record one heir correction (see the module comment). Audited `estate.heir_change`. */
export async function addHeirChange(ctx: Ctx, actor: Actor, id: string, body: EstateHeirChangeInput, lang: Language) {
  await ctx.db.transaction(async (tx) => {
    const report = await findEstateReport(tx, actor.user, id);
    const f = await fileFacts(tx, report, await wardsOf(tx, report.id));
    if (body.kind === 'died') {
      const heir = f.heirs.find((h) => h.id === body.heir_id && h.origin === 'will');
      if (!heir) throw fieldError('heir_id', ESTATE_FILE_MSG.heirUnknown);
      if (heir.status !== 'living') throw fieldError('heir_id', ESTATE_FILE_MSG.alreadyMarked);
    } else if (f.heirs.some((h) => h.status === 'living' && h.ic_number?.trim() === body.ic_number)) {
      throw fieldError('ic_number', ESTATE_FILE_MSG.alreadyMarked);
    }
    const values = {
      death_report_id: id,
      kind: body.kind,
      heir_id: body.kind === 'died' ? (body.heir_id ?? null) : null,
      name: body.kind === 'added' ? (body.name ?? null) : null,
      relationship: body.kind === 'added' ? (body.relationship ?? null) : null,
      ic_number: body.kind === 'added' ? (body.ic_number ?? null) : null,
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
  });
  return {
    message: translate(ESTATE_FILE_MSG.changeSaved, lang),
    file: await readEstateFile(ctx.db, actor.user, id, lang),
  };
}

/** Withdraw correction `changeId` (kept, marked withdrawn). Audited. @throws 404 out of scope or withdrawn. */
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
