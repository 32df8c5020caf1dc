/**
 * The right office for a deceased's estate (issue 40 item 7; ADR 0271): which route applies — the small-estate
 * unit (Unit Pembahagian Pusaka, JKPTG), Amanah Raya Berhad's summary administration, or the High Court (probate
 * or letters of administration) — why, and the documents each asks for. Pure; no I/O. Amounts are integer sen.
 *
 * The law, as far as it could be read (ADR 0271 says exactly what was and was not read):
 * - Small Estates (Distribution) Act 1955 (Act 98) s.3(2) as amended by the Small Estates (Distribution)
 *   (Amendment) Act 2022 (Act A1643): a small estate is an estate "consisting of any property" situated in any
 *   State "not exceeding five million ringgit in total value" (before A1643: "wholly or partly of immovable
 *   property … not exceeding two million ringgit"). A1643 s.10 inserts s.8B: a petition that "consists only of
 *   movable property and does not exceed six hundred thousand ringgit in total value" may be given a summary
 *   distribution order by the Estate Distribution Officer. The "not exceeding" limits are inclusive.
 * - Act 98 and wills: JKPTG's own guidance (jkptg.gov.my) puts a small estate as one where the deceased left no
 *   will "bagi simati bukan Islam" — a non-Muslim's will (Wills Act 1959) takes the estate out of Act 98; a
 *   Muslim's wasiat does not. Act 98 s.5 (by its heading, "High Court to grant probate of testamentary
 *   dispositions relating to small estates") keeps probate of a will with the High Court.
 * - Public Trust Corporation Act 1995 (Act 532) s.17(1): Amanah Raya may declare that it undertakes to administer
 *   a deceased's property where (a) its total value without deduction for debts "does not exceed six hundred
 *   thousand ringgit" and (b) "no person is entitled to apply to the Court for grant of probate of will or no
 *   petition for letters of administration is pending". So an estate whose will names an executor (who may apply
 *   for probate) is not sent there. The route is offered for movable-only estates, as the issue describes; the
 *   s.17(1) text read does not itself say "movable only" (its opening words could not be read).
 * - Probate and Administration Act 1959 (Act 97): probate to the executor named in a will; letters of
 *   administration otherwise (with the will annexed when a will names no executor).
 */
import { z } from 'zod';
import { formatRinggit } from './money.ts';

/** The routes an estate can take. */
export const ESTATE_ROUTES = [
  'small_estate',
  'arb_summary',
  'high_court_probate',
  'high_court_administration',
] as const;
export type EstateRoute = (typeof ESTATE_ROUTES)[number];

/** Act 98 s.3(2) as amended by A1643: RM 5,000,000 (inclusive), in sen. */
export const SMALL_ESTATE_LIMIT_SEN = 500_000_000;
/** Act 532 s.17(1)(a) and Act 98 s.8B (A1643 s.10): RM 600,000 (inclusive), in sen. */
export const SUMMARY_LIMIT_SEN = 60_000_000;

/** Whether the deceased left a will registered here, and under which law. */
export type EstateWill = 'none' | 'islamic' | 'conventional';

/** What the route is decided from. */
export interface EstateRouteInput {
  /** Total value of the movable property, in sen (≥ 0). */
  movable_sen: number;
  /** Total value of the immovable property (land, buildings, strata), in sen (≥ 0). */
  immovable_sen: number;
  /** `islamic`: a wasiat (WILL_TYPES 1); `conventional`: a will under the Wills Act 1959 (WILL_TYPES 2). */
  will: EstateWill;
  /** Whether the will names an executor who may apply for probate. Ignored when `will` is `none`. */
  executor_named: boolean;
}

/** One text in both languages. */
export interface Bilingual {
  ms: string;
  en: string;
}

/** One document of a route's checklist. */
export interface ChecklistItem extends Bilingual {
  code: string;
  /** Where the item comes from (a section, or the office's published list). */
  source: string;
}

/** The answer: the route, the office, the reason (citing the section), the checklist. */
export interface EstateRouteResult {
  route: EstateRoute;
  office: Bilingual;
  reason: Bilingual;
  total_sen: number;
  checklist: ChecklistItem[];
}

const rm = formatRinggit;

/** The office of each route. */
export const ESTATE_OFFICES: Record<EstateRoute, Bilingual> = {
  small_estate: {
    ms: 'Unit Pembahagian Pusaka, Jabatan Ketua Pengarah Tanah dan Galian (JKPTG) — Borang A',
    en: 'Estate Distribution Unit (Unit Pembahagian Pusaka), JKPTG — Form A (Borang A)',
  },
  arb_summary: {
    ms: 'Amanah Raya Berhad — pentadbiran ringkas',
    en: 'Amanah Raya Berhad — summary administration',
  },
  high_court_probate: { ms: 'Mahkamah Tinggi — geran probet', en: 'High Court — grant of probate' },
  high_court_administration: {
    ms: 'Mahkamah Tinggi — surat kuasa mentadbir',
    en: 'High Court — letters of administration',
  },
};

const JKPTG = 'JKPTG, "Tatacara tuntutan pembahagian pusaka kecil" (jkptg.gov.my)';
const ARB = 'Amanah Raya Berhad, "Proses dan Prosedur" (amanahraya.com.my)';
const ACT97 = 'Probate and Administration Act 1959 (Act 97); Rules of Court 2012 O.71';

const item = (code: string, ms: string, en: string, source: string): ChecklistItem => ({ code, ms, en, source });

/** Documents every route asks for. */
const COMMON: ChecklistItem[] = [
  item(
    'death_certificate',
    'Sijil kematian / permit pengebumian',
    'Death certificate / burial permit',
    `${JKPTG}; ${ARB}`,
  ),
  item('mykad_deceased', 'Salinan MyKad si mati', "Copy of the deceased's MyKad", `${JKPTG}; ${ARB}`),
  item(
    'mykad_applicants',
    'Salinan MyKad pemohon dan waris',
    "Copies of the applicants' and heirs' MyKad",
    `${JKPTG}; ${ARB}`,
  ),
  item(
    'family_records',
    'Sijil nikah/cerai dan sijil kelahiran waris',
    "Marriage/divorce certificates and heirs' birth certificates",
    `${ARB}; ${JKPTG}`,
  ),
];

const WILL_COPY = item('will', 'Wasiat (salinan diperakui)', 'The will (certified copy)', `${ACT97}; ${ARB}`);
const FARAID = item(
  'sijil_faraid',
  'Sijil faraid Mahkamah Syariah (jika diminta)',
  "Syariah court's sijil faraid (where asked for)",
  ARB,
);
const MOVABLE_PROOF = item(
  'movable_documents',
  'Penyata bank, sijil saham/unit amanah, geran kenderaan',
  'Bank statements, share/unit trust certificates, vehicle registration',
  `${ARB}; ${JKPTG}`,
);
const LAND = item(
  'land_titles',
  'Salinan hakmilik tanah diperakui Pejabat Tanah (carian rasmi)',
  'Land titles certified by the Land Office (official search)',
  JKPTG,
);
const VALUATION = item(
  'valuation',
  'Nilaian harta (Act 98 s.8(6), s.8(6A))',
  'Valuation of the property (Act 98 s.8(6), s.8(6A))',
  'Act 98 s.8(6A) inserted by A1643 s.8',
);
const DEBTS = item('debts', 'Senarai hutang si mati', "List of the deceased's debts", ARB);

/** The checklist of a route (what each office's published list asks; the source is on each item). */
export function estateChecklist(route: EstateRoute, will: EstateWill, hasLand: boolean): ChecklistItem[] {
  const withWill = will === 'none' ? [] : [WILL_COPY];
  const faraid = will === 'conventional' ? [] : [FARAID];
  switch (route) {
    case 'small_estate':
      return [
        ...COMMON,
        ...withWill,
        ...faraid,
        ...(hasLand ? [LAND] : []),
        MOVABLE_PROOF,
        VALUATION,
        item(
          'borang_a',
          'Borang A (petisyen s.8) diikrarkan di hadapan Pesuruhjaya Sumpah',
          'Form A (s.8 petition) sworn before a Commissioner for Oaths',
          'Act 98 s.8; JKPTG',
        ),
      ];
    case 'arb_summary':
      return [
        ...COMMON,
        ...faraid,
        MOVABLE_PROOF,
        DEBTS,
        item(
          'arb_form',
          'Borang Permohonan Mentadbir Harta Pusaka (Amanah Raya)',
          "Amanah Raya's application to administer an estate",
          ARB,
        ),
      ];
    default:
      return [
        ...COMMON,
        ...withWill,
        ...faraid,
        ...(hasLand ? [LAND] : []),
        MOVABLE_PROOF,
        DEBTS,
        item(
          'court_petition',
          route === 'high_court_probate'
            ? 'Petisyen probet dan afidavit pentadbir (melalui peguam)'
            : 'Petisyen surat kuasa mentadbir dan afidavit (melalui peguam)',
          route === 'high_court_probate'
            ? "Petition for probate and the executor's affidavit (through a lawyer)"
            : 'Petition for letters of administration and affidavit (through a lawyer)',
          ACT97,
        ),
      ];
  }
}

/**
 * Which office an estate goes to, and why.
 *
 * In order: (1) a conventional will (Wills Act 1959) → the High Court (Act 98 is not for it, per JKPTG; Act 532
 * s.17(1)(b)): probate when it names an executor, else letters of administration with the will annexed (Act 97);
 * (2) movable property only, at most RM 600,000, and no executor named → Amanah Raya's summary administration
 * (Act 532 s.17(1)); (3) a total of at most RM 5,000,000 → the small-estate unit (Act 98 s.3(2) as amended by A1643;
 * a movable-only estate of at most RM 600,000 there may have a summary distribution order, s.8B); (4) otherwise
 * the High Court: probate with an executor named, letters of administration without.
 * @throws RangeError when a value is negative or not a whole number of sen.
 */
export function estateRoute(input: EstateRouteInput): EstateRouteResult {
  const { movable_sen: mov, immovable_sen: imm, will } = input;
  for (const v of [mov, imm]) {
    if (!Number.isSafeInteger(v) || v < 0) throw new RangeError('estate values must be whole sen, not negative');
  }
  const total = mov + imm;
  const executor = will !== 'none' && input.executor_named;
  const hasLand = imm > 0;
  const t = rm(total);
  const done = (route: EstateRoute, reason: Bilingual): EstateRouteResult => ({
    route,
    office: ESTATE_OFFICES[route],
    reason,
    total_sen: total,
    checklist: estateChecklist(route, will, hasLand),
  });
  const court = (why: Bilingual): EstateRouteResult =>
    executor
      ? done('high_court_probate', {
          ms: `${why.ms} Wasiat menamakan wasi (pentadbir): wasi memohon geran probet di Mahkamah Tinggi (Akta Probet dan Pentadbiran 1959, Akta 97).`,
          en: `${why.en} The will names an executor, who applies to the High Court for probate (Probate and Administration Act 1959, Act 97).`,
        })
      : done('high_court_administration', {
          ms: `${why.ms} Tiada wasi dinamakan: waris memohon surat kuasa mentadbir${will === 'none' ? '' : ' berserta wasiat'} di Mahkamah Tinggi (Akta 97).`,
          en: `${why.en} No executor is named: the heirs apply to the High Court for letters of administration${will === 'none' ? '' : ' with the will annexed'} (Act 97).`,
        });

  if (will === 'conventional') {
    return court({
      ms: 'Si mati meninggalkan wasiat di bawah Akta Wasiat 1959: harta itu bukan harta pusaka kecil (JKPTG; Akta 98 s.5) dan bukan untuk pentadbiran ringkas Amanah Raya (Akta 532 s.17(1)(b)).',
      en: 'The deceased left a will under the Wills Act 1959: the estate is not a small estate (JKPTG; Act 98 s.5) nor one for Amanah Raya summary administration (Act 532 s.17(1)(b)).',
    });
  }
  if (imm === 0 && total <= SUMMARY_LIMIT_SEN && !executor) {
    return done('arb_summary', {
      ms: `Harta alih sahaja bernilai ${t}, tidak melebihi RM 600,000, dan tiada sesiapa berhak memohon probet: Amanah Raya Berhad boleh mentadbirnya secara ringkas (Akta Perbadanan Amanah Raya 1995, Akta 532, s.17(1)). Unit Pembahagian Pusaka juga boleh membuat perintah pembahagian ringkas (Akta 98 s.8B, dimasukkan oleh Akta A1643).`,
      en: `Movable property only, worth ${t}, not exceeding RM 600,000, and nobody is entitled to apply for probate: Amanah Raya Berhad may administer it summarily (Public Trust Corporation Act 1995, Act 532, s.17(1)). The Estate Distribution Unit may also make a summary distribution order (Act 98 s.8B, inserted by Act A1643).`,
    });
  }
  if (total <= SMALL_ESTATE_LIMIT_SEN) {
    const summary = imm === 0 && total <= SUMMARY_LIMIT_SEN;
    return done('small_estate', {
      ms: `Jumlah nilai ${t} tidak melebihi RM 5,000,000: harta pusaka kecil (Akta Harta Pusaka Kecil (Pembahagian) 1955, Akta 98, s.3(2) seperti dipinda oleh Akta A1643), dipohon dengan Borang A (s.8).${summary ? ' Harta alih sahaja hingga RM 600,000: boleh dipohon perintah pembahagian ringkas (s.8B); wasi yang dinamakan menjadikan pentadbiran ringkas Amanah Raya tidak terpakai (Akta 532 s.17(1)(b)).' : ''}${will === 'islamic' ? ' Wasiat orang Islam tidak mengecualikan harta pusaka kecil (JKPTG).' : ''}`,
      en: `A total of ${t}, not exceeding RM 5,000,000: a small estate (Small Estates (Distribution) Act 1955, Act 98, s.3(2) as amended by Act A1643), petitioned by Form A (s.8).${summary ? ' Movable property only up to RM 600,000: a summary distribution order may be asked (s.8B); the named executor rules out Amanah Raya summary administration (Act 532 s.17(1)(b)).' : ''}${will === 'islamic' ? " A Muslim's wasiat does not take an estate out of the small-estate route (JKPTG)." : ''}`,
    });
  }
  return court({
    ms: `Jumlah nilai ${t} melebihi RM 5,000,000: bukan harta pusaka kecil (Akta 98 s.3(2) seperti dipinda oleh Akta A1643).`,
    en: `A total of ${t} exceeds RM 5,000,000: not a small estate (Act 98 s.3(2) as amended by Act A1643).`,
  });
}

/** Message keys of the estates module (packages/domain/src/locales/{ms,en}/estates.json). */
export const ESTATE_MSG = {
  itemUnknown: 'estates.item_unknown',
  notVerified: 'estates.not_verified',
  valuesSaved: 'estates.values_saved',
  ticked: 'estates.ticked',
  uploaded: 'estates.uploaded',
  valueInvalid: 'estates.value_invalid',
} as const;

const sen = z.number({ error: ESTATE_MSG.valueInvalid }).int(ESTATE_MSG.valueInvalid).min(0, ESTATE_MSG.valueInvalid);

/** `PUT /api/death-report/{id}/estate-values`: staff's values over the will's (sen), and whether an executor acts. */
export const estateValuesSchema = z.object({
  movable_sen: sen.max(Number.MAX_SAFE_INTEGER / 2, ESTATE_MSG.valueInvalid),
  immovable_sen: sen.max(Number.MAX_SAFE_INTEGER / 2, ESTATE_MSG.valueInvalid),
  executor_named: z.boolean().nullable().optional(),
});
export type EstateValuesInput = z.infer<typeof estateValuesSchema>;

/** `POST /api/death-report/{id}/estate-checklist`: tick or untick one item. */
export const estateTickSchema = z.object({
  item: z.string().min(1).max(40),
  done: z.boolean(),
});

/** `POST /api/death-report/{id}/estate-checklist/upload`: a document for one item (data URL or base64, ≤ 5 MB). */
export const estateUploadSchema = z.object({
  item: z.string().min(1).max(40),
  file: z.string().min(1),
  filename: z.string().max(200).optional(),
});
