/**
 * Editing the draft of an amendment (`PATCH /api/amendment/{id}/draft`; docs/api/amendments.md parts b–i):
 * the next draft of a will's amendment with its shares checked, or of a hibah's (hibah.ts), saved with an
 * audit event. Reached through `service.ts`.
 */
import {
  AM,
  type amendmentDraftSchema,
  type hibahAmendmentDraftSchema,
  portionsExceedWhole,
  SEPENCARIAN_ERRORS,
  spouseHeirProblem,
} from '@wasiat/domain';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/schema/_common.ts';
import { amendments } from '../../db/schema/index.ts';
import { fieldError } from '../../platform/http/errors.ts';
import { institutionOfBequest, NO_INSTITUTION } from '../institutions/index.ts';
import {
  type Actor,
  audit,
  bpOf,
  type Conn,
  declarationProblemOfContent,
  oneThirdProblemOfContent,
} from '../wills/index.ts';
import type { WillContent } from './content.ts';
import { nextHibahDraft } from './hibah.ts';
import { assertCanEditDraft } from './policy.ts';
import { type Amendment, findVisibleAmendment, summary } from './records.ts';
import { assertDraftWitnesses } from './witness-check.ts';

type DraftInput = z.output<typeof amendmentDraftSchema>;
type HibahDraftInput = z.output<typeof hibahAmendmentDraftSchema>;

/** Server checks of a draft's shares: each names a receiver of the draft; a property's shares ≤ the whole; a vehicle has one receiver. */
function checkShares(draft: WillContent) {
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
}

/** The sections of a draft that decide who gets what, in the order a one-third refusal is reported on. */
const ONE_THIRD_SECTIONS = ['bequests', 'moveables', 'immoveables', 'receivers', 'heirs'] as const;

/**
 * The one-third rule on the draft as it would be saved (wills/one-third.ts; ADR 0257): bequests to non-heirs,
 * shares of property at their values included, at most one third of the net estate — else 422 on the first section
 * sent that decides it (`bequests`, `moveables`, …) with the figures. A refusal caused by a property's harta
 * sepencarian declaration made, changed or withdrawn in this save (against `previous`, the draft before it) is
 * reported on that row's declaration field, `<section>.<i>.sepencarian_bp` (`….harta_sepencarian` when withdrawn),
 * saying the spouse's portion is deducted first (wills `declarationProblemOfContent`; ADR 0290). A property without a
 * value (carried from a will registered before migration 0041, or added by the 2021 client's screens, which ask
 * none) is not counted here; the submission asks for it (transitions.ts).
 */
function checkOneThird(draft: WillContent, previous: WillContent, input: DraftInput) {
  const problem = oneThirdProblemOfContent(draft, false);
  if (!problem) return;
  for (const section of ['moveables', 'immoveables'] as const) {
    if (!input[section]) continue;
    const before = new Map((previous[section] ?? []).map((p) => [String(p.id), bpOf(p)]));
    for (const [i, p] of draft[section].entries()) {
      const beforeBp = before.get(String(p.id)) ?? null;
      if (beforeBp === bpOf(p)) continue;
      const d = declarationProblemOfContent(draft, String(p.id), beforeBp);
      if (d) throw fieldError(`${section}.${i}.${d.field}`, d.key, d.params);
    }
  }
  const field = ONE_THIRD_SECTIONS.find((k) => input[k] !== undefined) ?? 'bequests';
  throw fieldError(field, problem.key, problem.params);
}

/**
 * The draft's bequests as sent, each to a person or to an institution (issue 41 item 7; ADR 0268; institutions
 * module `institutionOfBequest`): a bequest that names an institution, or is sent back unchanged (same id and
 * name) from a draft bequest to an institution, keeps that institution's name, kind and registration as they were
 * chosen; a newly named institution must be active (422 `institutions.not_available` on
 * `bequests.<i>.institution_id`); any other bequest is to a person (no institution columns).
 */
async function draftBequests(tx: Conn, previous: WillContent['bequests'], sent: NonNullable<DraftInput['bequests']>) {
  const byId = new Map(previous.map((b) => [String(b.id ?? ''), b]));
  const out: WillContent['bequests'] = [];
  for (const [i, b] of sent.entries()) {
    const inst = await institutionOfBequest(tx, `bequests.${i}.institution_id`, b, b.id ? byId.get(b.id) : null);
    out.push({ ...b, ...(inst ?? NO_INSTITUTION) });
  }
  return out;
}

/**
 * The harta sepencarian spouse of the draft's property rows picked among the draft's heirs (ADR 0286; as the will's
 * own property-service.ts `fillSpouse`): a row with `sepencarian_spouse_heir_id` naming a husband or wife of the
 * draft (and, where the particulars record the testator's gender, this testator's spouse: domain
 * `spouseHeirProblem`) gets that heir's name and MyKad copied (`sepencarian_spouse_name`, `sepencarian_spouse_ic`), so the
 * declaration the new version prints says what the heir list said. An id naming a draft heir who is not a husband or
 * wife — or no heir of the draft while the row has no spouse name either — is 422
 * `wills.sepencarian_spouse_heir_invalid` on `<section>.<i>.sepencarian_spouse_heir_id`. A row whose spouse heir is
 * no longer among the draft's heirs but carries the name copied before keeps that name (and MyKad) and loses only
 * the link, so removing an heir in part c does not block every later save of the property. Rows not declared, or
 * declared with a name typed, are left as they are.
 */
function fillDraftSpouses(draft: WillContent, section: 'moveables' | 'immoveables', gender?: number | null) {
  const byId = new Map(draft.heirs.map((h) => [String(h.id ?? ''), h]));
  draft[section] = draft[section].map((p, i) => {
    const heirId = p.sepencarian_spouse_heir_id;
    if (typeof heirId !== 'string' || !heirId) return p;
    const h = byId.get(heirId);
    const problem = h ? spouseHeirProblem(h.relationship as string | null, gender) : null;
    if (h && !problem) return { ...p, sepencarian_spouse_name: h.name, sepencarian_spouse_ic: h.ic_number ?? null };
    if (h && problem) throw fieldError(`${section}.${i}.sepencarian_spouse_heir_id`, problem);
    if (!h && typeof p.sepencarian_spouse_name === 'string' && p.sepencarian_spouse_name.trim()) {
      return { ...p, sepencarian_spouse_heir_id: null };
    }
    throw fieldError(`${section}.${i}.sepencarian_spouse_heir_id`, SEPENCARIAN_ERRORS.spouseHeirInvalid);
  });
}

/**
 * The next draft of a will's amendment with the given sections replaced, checked ({@link checkShares},
 * {@link checkOneThird}); the spouse of a declared property sent copied from the draft's heirs
 * ({@link fillDraftSpouses}).
 */
async function nextWillDraft(tx: Conn, a: Amendment, input: DraftInput): Promise<WillContent> {
  const draft = structuredClone(a.draft as WillContent);
  const withIds = <T extends { id?: string }>(list: T[]) => list.map((x) => ({ ...x, id: x.id || newId() }));
  if (input.user_detail) draft.user_detail = { ...input.user_detail };
  if (input.heirs) draft.heirs = withIds(input.heirs);
  if (input.receivers) draft.receivers = withIds(input.receivers);
  if (input.moveables) draft.moveables = withIds(input.moveables) as WillContent['moveables'];
  if (input.immoveables) draft.immoveables = withIds(input.immoveables) as WillContent['immoveables'];
  if (input.caretakers) draft.caretakers = withIds(input.caretakers);
  if (input.bequests) draft.bequests = withIds(await draftBequests(tx, draft.bequests ?? [], input.bequests));
  if (input.witnesses) draft.witnesses = withIds(input.witnesses);
  // The testator's gender as the draft's particulars record it (a man's spouse is his wife, a woman's her husband).
  const gender = Number(draft.user_detail?.gender) || null;
  if (input.moveables) fillDraftSpouses(draft, 'moveables', gender);
  if (input.immoveables) fillDraftSpouses(draft, 'immoveables', gender);
  checkShares(draft);
  checkOneThird(draft, a.draft as WillContent, input);
  return draft;
}

/**
 * `PATCH /api/amendment/{id}/draft` (parts b–i; a hibah amendment's editor): replace the given sections
 * of the draft. Witnesses given are checked by the one witness rule (witness-check.ts; 422 on
 * `witnesses.<i>.ic_number`). Only while drafting (status 0; else 422 `amendments.not_editable`); a will's: owner or
 * staff-side registrar (403); a hibah's: the grantor only (403 `amendments.grantor_only`). New rows get an
 * id (so shares can name new receivers in a later save of the same request: send receivers first). The
 * body was parsed with the schema of the amendment's type (`amendmentDraftSchema` or
 * `hibahAmendmentDraftSchema`).
 */
export async function saveDraft(db: Db, actor: Actor, id: string, input: DraftInput | HibahDraftInput) {
  return changeDraft(db, actor, id, () => input);
}

/**
 * As {@link saveDraft}, with the sections computed from the locked amendment's current draft (`change` runs
 * inside the transaction, after the checks), so a change of one row of a section (the 2021 client's flat calls,
 * original-parts.ts; ADR 0179) never overwrites a concurrent save. `change` may throw a 422/404 of its own.
 */
export async function changeDraft(
  db: Db,
  actor: Actor,
  id: string,
  change: (a: Amendment) => DraftInput | HibahDraftInput,
) {
  return db.transaction(async (tx) => {
    const a = await findVisibleAmendment(tx, actor.user, id, true);
    assertCanEditDraft(actor.user, a);
    if (a.status !== 0) throw fieldError('_', AM.notEditable);
    const input = change(a);
    const draft =
      a.amendmentable_type === 'Hibah'
        ? await nextHibahDraft(tx, a, input as HibahDraftInput)
        : await nextWillDraft(tx, a, input as DraftInput);
    // A will's draft witnesses, when this save carries them (a hibah's: nextHibahDraft; ADR 0259).
    if (a.amendmentable_type !== 'Hibah' && input.witnesses) await assertDraftWitnesses(tx, a, draft as WillContent);
    const set: Partial<Amendment> = { draft };
    if (input.notes !== undefined) set.notes = input.notes;
    const [after] = await tx.update(amendments).set(set).where(eq(amendments.id, a.id)).returning();
    const changed = Object.keys(input).filter((k) => (input as Record<string, unknown>)[k] !== undefined);
    await audit(tx, actor, 'amendment.draft', { type: 'Amendment', id: a.id }, { sections: changed }, summary(after));
    return after;
  });
}
