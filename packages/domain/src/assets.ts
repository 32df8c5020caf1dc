/**
 * The asset and nominee map, kept during life (issue 40 item 6; ADR 0269): what a testator records beside the
 * will — nominations, property and what they owe — the kinds, the request body, the ONE place the totals are
 * worked out ({@link assetTotals}), which kinds may become a will's property ({@link willPropertyOf}) and when
 * the yearly review is due ({@link assetReviewDue}). Pure; no I/O. Amounts are integer sen (DESIGN.md §7).
 *
 * Why a nomination is counted apart from the estate — what could be read, and what could not:
 * - EPF (KWSP): the Employees Provident Fund Act 1991 (Act 452) s.54(1A), read in the text on mylaw.my
 *   (legislation/act-1991-452/section-54): "any member of the Fund may make nomination for the purpose of payment
 *   of credit after the death of the member" (for s.54(1)(a), the member's death). The Fund pays the nominee; the
 *   credit does not wait for a grant of probate, letters of administration or a small-estate order. The Act text
 *   read does NOT say whether a Muslim member's nominee keeps the money or holds it for the heirs (faraid); the
 *   Employees Provident Fund (Nomination) rules and the fatwa commonly cited for that were not read.
 * - Takaful: the Islamic Financial Services Act 2013 (Act 759) Schedule 10 (payment of takaful benefits) could
 *   NOT be read here. Secondary sources (Salleh et al., "The Objectives of Shariah in Nomination for the Payment
 *   of Family Takaful Benefits", 2019) report that it codifies the 2003 resolution of Bank Negara Malaysia's
 *   Shariah Advisory Council: a nominee named as beneficiary under a conditional hibah takes the benefits outside
 *   the estate; a nominee named as executor (wasi) receives them for the estate. That is not cited as law here.
 * - Tabung Haji (Tabung Haji Act 1995, Act 535), ASNB unit trusts and conventional insurance (Financial Services
 *   Act 2013 Schedule 10): no primary text could be read here.
 * So the map says only this: a nominated amount is paid by the institution to the nominee, outside the estate's
 * administration, and is therefore not added to the gross estate; whether the nominee keeps it or must
 * distribute it depends on the nomination's capacity, which the map does not decide (ADR 0269).
 */
import { z } from 'zod';
import type { CatalogueEntry } from './catalogues.ts';
import { labelOf } from './catalogues.ts';
import { addYears, isoDay, klDay, yearlyReminderDue } from './reminders.ts';
import { requiredString, V } from './validation/common.ts';
import { opt, optText } from './validation/will-fields.ts';
import { PROPERTY_VALUE_ERRORS, valueDate } from './validation/will-property.ts';

/** Message keys of the asset map (packages/domain/src/locales/{ms,en}/assets.json). */
export const ASSET_MSG = {
  nomineeRequired: 'assets.nominee_required',
  nomineeNotAllowed: 'assets.nominee_not_allowed',
  nominationNotProperty: 'assets.nomination_not_property',
  liabilityNotProperty: 'assets.liability_not_property',
  willOtherTestator: 'assets.will_other_testator',
  clientRequired: 'assets.client_required',
  deleted: 'assets.deleted',
  documentAdded: 'assets.document_added',
  addedToWill: 'assets.added_to_will',
} as const;

/** What an entry is: a nomination (outside the estate), an asset of the estate, or a liability of it. */
export type AssetGroup = 'nomination' | 'asset' | 'liability';

/** How a kind becomes a will's property: movable with its `property_type`, or immovable. */
export type WillPropertyTarget =
  | { kind: 'moveable'; property_type: 'bank' | 'shares' | 'vehicle' }
  | { kind: 'immoveable' };

/** One kind of entry of the map. */
export interface AssetKindEntry extends CatalogueEntry<string> {
  group: AssetGroup;
  /** Absent: it cannot be a will's property (a nomination is paid outside the estate; a liability is not property). */
  willProperty?: WillPropertyTarget;
}

/** The kinds of entry (issue 40 item 6). */
export const ASSET_KINDS = [
  { code: 'epf_nomination', ms: 'Penamaan KWSP', en: 'EPF (KWSP) nomination', group: 'nomination' },
  { code: 'tabung_haji_nomination', ms: 'Penamaan Tabung Haji', en: 'Tabung Haji nomination', group: 'nomination' },
  { code: 'asnb_nomination', ms: 'Penamaan ASNB', en: 'ASNB nomination', group: 'nomination' },
  { code: 'takaful_nomination', ms: 'Penamaan takaful', en: 'Takaful nomination', group: 'nomination' },
  { code: 'insurance_nomination', ms: 'Penamaan insurans', en: 'Insurance nomination', group: 'nomination' },
  {
    code: 'bank_account',
    ms: 'Akaun bank',
    en: 'Bank account',
    group: 'asset',
    willProperty: { kind: 'moveable', property_type: 'bank' },
  },
  {
    code: 'investment',
    ms: 'Pelaburan',
    en: 'Investment',
    group: 'asset',
    willProperty: { kind: 'moveable', property_type: 'shares' },
  },
  {
    code: 'vehicle',
    ms: 'Kenderaan',
    en: 'Vehicle',
    group: 'asset',
    willProperty: { kind: 'moveable', property_type: 'vehicle' },
  },
  { code: 'property', ms: 'Tanah / rumah', en: 'Land / house', group: 'asset', willProperty: { kind: 'immoveable' } },
  { code: 'debt', ms: 'Hutang', en: 'Debt owed', group: 'liability' },
  { code: 'zakat', ms: 'Zakat terhutang', en: 'Zakat owed', group: 'liability' },
] as const satisfies readonly AssetKindEntry[];

export type AssetKind = (typeof ASSET_KINDS)[number]['code'];
export const ASSET_KIND_CODES = ASSET_KINDS.map((k) => k.code) as [AssetKind, ...AssetKind[]];

/** The catalogue entry of a kind (undefined for an unknown code). */
export const assetKindEntry = (code: string): AssetKindEntry | undefined =>
  (ASSET_KINDS as readonly AssetKindEntry[]).find((k) => k.code === code);

/** The group of a kind: nomination, asset or liability (an unknown code counts as an asset). */
export const assetGroupOf = (code: string): AssetGroup => assetKindEntry(code)?.group ?? 'asset';

/** Label of a kind in `lang`. */
export const assetKindLabel = (code: string, lang: 'ms' | 'en') =>
  labelOf(ASSET_KINDS as readonly CatalogueEntry[], code, lang);

/**
 * How an entry of kind `code` becomes a will's property, or the message key saying why it cannot: a nomination
 * (`assets.nomination_not_property`: paid to the nominee outside the estate — see the module comment) or a
 * liability (`assets.liability_not_property`).
 */
export function willPropertyOf(code: string): { target: WillPropertyTarget } | { refusal: string } {
  const entry = assetKindEntry(code);
  if (entry?.willProperty) return { target: entry.willProperty };
  return { refusal: entry?.group === 'liability' ? ASSET_MSG.liabilityNotProperty : ASSET_MSG.nominationNotProperty };
}

/** The largest value accepted: RM 10 billion in sen (well inside a JavaScript safe integer). */
export const ASSET_VALUE_MAX_SEN = 1_000_000_000_000;

/** A value in sen: a non-negative integer, sent as a number or a string of digits. */
const sen = () =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
    z
      .number({ error: V.numeric })
      .int({ error: V.numeric })
      .min(0, { error: V.numeric })
      .max(ASSET_VALUE_MAX_SEN, { error: V.numeric }),
  );

const assetObject = z.object({
  kind: z.enum(ASSET_KIND_CODES, { error: V.choose }),
  description: requiredString().max(300),
  /** The bank, fund, operator, insurer, registrar or creditor. */
  institution: optText(200),
  /** Account, policy, membership, registration or title number. */
  reference: optText(60),
  /** The approximate amount or value in sen; for a debt or zakat, what is owed. */
  value_sen: sen(),
  /** The date of that estimate, 'YYYY-MM-DD' (Kuala Lumpur), not in the future. */
  value_estimated_on: valueDate().pipe(z.string({ error: PROPERTY_VALUE_ERRORS.dateRequired })),
  nominee_name: optText(100),
  nominee_relationship: optText(60),
});
type AssetFields = z.output<typeof assetObject>;

/** A nomination names its nominee and relationship; other kinds name none. */
const nomineeRule = (v: AssetFields, ctx: z.RefinementCtx) => {
  const nomination = assetGroupOf(v.kind) === 'nomination';
  for (const f of ['nominee_name', 'nominee_relationship'] as const) {
    if (nomination && !v[f]) ctx.addIssue({ code: 'custom', message: ASSET_MSG.nomineeRequired, path: [f] });
    if (!nomination && v[f]) ctx.addIssue({ code: 'custom', message: ASSET_MSG.nomineeNotAllowed, path: [f] });
  }
};

/** An entry's fields (`PATCH /asset/{id}`). */
export const assetFieldsSchema = assetObject.superRefine(nomineeRule);
/** `POST /asset`: the fields, and optionally the testator's `user_id` (an agent or staff acting for a client). */
export const assetSchema = assetObject
  .extend({ user_id: opt(z.string().trim().min(1).max(64)) })
  .superRefine(nomineeRule);
export type AssetInput = z.output<typeof assetSchema>;

/** `POST /asset/{id}/document`: a scan or PDF (data URL or base64) and its file name. */
export const assetDocumentSchema = z.object({
  document: requiredString(),
  filename: optText(200),
});

/**
 * `POST /asset/{id}/will-property`: the will to add the entry to, and the details a will's property needs that the
 * map does not hold (e.g. a vehicle's make and model, a title's lot number), as the will's own property bodies
 * name them (validation/will-property.ts).
 */
export const assetToWillSchema = z.object({
  wasiat_id: requiredString().max(64),
  details: z.record(z.string(), z.unknown()).optional(),
});

/** The totals of a map, in sen. */
export interface AssetTotals {
  /** Assets of the estate: bank accounts, investments, vehicles, land and houses. */
  gross_estate_sen: number;
  /** What the testator owes: debts and zakat (paid from the estate before bequests and faraid). */
  liabilities_sen: number;
  /** Gross estate less liabilities (negative when the debts exceed the assets). */
  net_estate_sen: number;
  /** Nominated amounts, paid to nominees outside the estate's administration (module comment). */
  nominated_sen: number;
}

/**
 * The ONE computation of a map's totals (issue 40 item 6; ADR 0269): each entry's `value_sen` is added to the
 * gross estate, the liabilities or the nominated amounts by its kind's group; an entry of an unknown kind counts
 * as an asset. Integers in, integers out.
 */
export function assetTotals(entries: readonly { kind: string; value_sen: number }[]): AssetTotals {
  const t = { gross_estate_sen: 0, liabilities_sen: 0, nominated_sen: 0 };
  for (const e of entries) {
    const g = assetGroupOf(e.kind);
    if (g === 'nomination') t.nominated_sen += e.value_sen;
    else if (g === 'liability') t.liabilities_sen += e.value_sen;
    else t.gross_estate_sen += e.value_sen;
  }
  return { ...t, net_estate_sen: t.gross_estate_sen - t.liabilities_sen };
}

/**
 * The yearly review of a map last changed at `lastUpdate`, due at `now`, or null: each anniversary (1st, 2nd, …)
 * of the last change, on Kuala Lumpur calendar dates, within the reminders' catch-up window (reminders.ts
 * `yearlyReminderDue`, ADR 0174). A change restarts the count. `occasion` is the due date (unique per testator).
 */
export function assetReviewDue(lastUpdate: Date, now: Date): { occasion: string; dueOn: string } | null {
  const due = yearlyReminderDue(lastUpdate, now);
  return due ? { occasion: due.dueOn, dueOn: due.dueOn } : null;
}

/** The date the next yearly review falls due for a map last changed at `lastUpdate` ('YYYY-MM-DD'). */
export function nextAssetReview(lastUpdate: Date, now: Date): string {
  const start = klDay(lastUpdate);
  const today = klDay(now);
  let years = 1;
  while (addYears(start, years).getTime() < today.getTime()) years++;
  return isoDay(addYears(start, years));
}
