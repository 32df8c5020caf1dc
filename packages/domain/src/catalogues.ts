/**
 * Catalogues of spec §3, with the product's own values (reference §6). Values are stored as stable
 * codes (reference "How to use": store codes, show labels); each entry carries its Malay and English label.
 */
export interface CatalogueEntry<C extends string | number = string> {
  code: C;
  ms: string;
  en: string;
  /** Other display strings the 2021 client sent for this entry (reference §6), read by {@link catalogueCode}. */
  aliases?: readonly string[];
}
const e = <C extends string | number>(code: C, ms: string, en: string, ...aliases: string[]): CatalogueEntry<C> =>
  aliases.length ? { code, ms, en, aliases } : { code, ms, en };

/** Races: 19 values, ids 1–18 and -1 for Others (spec §3; reference §6.4 order). */
export const RACES = [
  e(1, 'Melayu', 'Malay'),
  e(2, 'Cina', 'Chinese'),
  e(3, 'India', 'Indian'),
  e(4, 'Baba dan Nyonya', 'Baba and Nyonya'),
  e(5, 'Kadazandusun', 'Kadazandusun'),
  e(6, 'Bajau', 'Bajau'),
  e(7, 'Murut', 'Murut'),
  e(8, 'Momogun Rungus', 'Momogun Rungus'),
  e(9, 'Bisaya', 'Bisaya'),
  e(10, 'Iranun', 'Iranun'),
  e(11, 'Suluk', 'Suluk'),
  e(12, 'Idahan', 'Idahan'),
  e(13, 'Tidong', 'Tidong'),
  e(14, 'Tombunuo', 'Tombunuo'),
  e(15, 'Kedayan', 'Kedayan'),
  e(16, 'Bagahak', 'Bagahak'),
  e(17, 'Lundayeh', 'Lundayeh'),
  e(18, 'Iban', 'Iban'),
  e(-1, 'Lain-lain', 'Others'),
];
/** Religions: ids 1–4 and -1 (spec §3). */
export const RELIGIONS = [
  e(1, 'Islam', 'Islam'),
  e(2, 'Kristian', 'Christian'),
  e(3, 'Buddha', 'Buddha'),
  e(4, 'Hindu', 'Hindu'),
  e(-1, 'Lain-lain', 'Others'),
];
/** Gender: 1 male, 2 female (spec §3). */
export const GENDERS = [e(1, 'Lelaki', 'Male'), e(2, 'Perempuan', 'Female')];
/** Nationality: 1 citizen, 2 non-citizen (spec §3). */
export const NATIONALITIES = [e(1, 'Warganegara', 'Citizen'), e(2, 'Bukan Warganegara', 'Not a Citizen')];
/** Marital status (spec §3). */
export const MARITAL_STATUSES = [
  e('single', 'Bujang', 'Single'),
  e('married', 'Berkahwin', 'Married'),
  e('widowed', 'Janda/Duda', 'Widow/Widower', 'Janda', 'Duda', 'Widowed', 'Divorced'),
];
/** Relationships (spec §3). */
export const RELATIONSHIPS = [
  e('husband', 'Suami', 'Husband'),
  e('wife', 'Isteri', 'Wife'),
  e('son', 'Anak', 'Son', 'Child'),
  e('father', 'Bapa', 'Father'),
  e('mother', 'Ibu', 'Mother'),
  e('guardian', 'Penjaga', 'Guardian'),
  e('relative', 'Saudara', 'Relatives'),
  e('sibling', 'Adik-beradik', 'Siblings'),
  e('other', 'Lain-lain', 'Others'),
];
/**
 * Designations (spec §3). Every label is distinct in each language, so no title shows twice in a list: `madam`
 * reads "Madam" in Malay too (as it is used in Malaysia), `mrs` is the one "Puan" (issue 37 item 6.5). The
 * 2021 client's "Puan" for either keeps meaning `mrs` ({@link catalogueCode}: the first label wins).
 */
export const DESIGNATIONS = [
  e('sir', 'Tuan', 'Sir'),
  e('mr', 'Encik', 'Mr.', 'Mr'),
  e('mrs', 'Puan', 'Mrs.', 'Mrs'),
  e('madam', 'Madam', 'Madam'),
  e('ms', 'Cik', 'Ms.', 'Ms'),
  e('dato', "Dato'", "Dato'", 'Dato'),
  e('datuk', 'Datuk', 'Datuk'),
  e('datin', 'Datin', 'Datin'),
  e('tan_sri', 'Tan Sri', 'Tan Sri'),
  e('puan_sri', 'Puan Sri', 'Puan Sri'),
  e('other', 'Lain-lain', 'Others'),
];
/** Income sources (spec §3). */
export const INCOME_SOURCES = [
  e('salary', 'Gaji', 'Salaries'),
  e('business', 'Perniagaan', 'Business'),
  e('retiree', 'Pesara', 'Retirees'),
  e('unemployed', 'Tidak Bekerja', 'Unemployed'),
  e('other', 'Lain-lain', 'Others'),
];
/** Movable property types (spec §3 property types; reference §6.14). */
export const MOVEABLE_PROPERTY_TYPES = [
  e('vehicle', 'Kenderaan', 'Vehicle'),
  e('shares', 'Saham', 'Shares'),
  e('insurance', 'Insurans', 'Insurance', 'Insuran'),
  e('savings', 'Simpanan', 'Savings'),
  e('company', 'Syarikat', 'Company'),
  e('bank', 'Akaun Bank', 'Bank account', 'Bank'),
];
/** Immovable property categories (spec §3: land, building, strata; reference §6.11a). */
export const IMMOVEABLE_CATEGORIES = [
  e('land', 'Sebidang Tanah', 'Land'),
  e('building', 'Sebuah Bangunan', 'Building'),
  e('strata', 'Hakmilik Strata', 'Strata title', 'Hak Milik Strata'),
];
/** Land title types (spec §3; glossary DESIGN.md §6). */
export const LAND_TITLE_TYPES = [
  e('geran', 'Geran', 'Grant', 'Geran (Geran)'),
  e('pajakan_negeri', 'Pajakan Negeri (PN)', 'State lease', 'Pajakan Negeri'),
  e('geran_mukim', 'Geran Mukim (GM)', 'Subdistrict grant', 'Geran Mukim', 'Gerai Mukim'),
  e('pajakan_mukim', 'Pajakan Mukim (PM)', 'Subdistrict lease', 'Pajakan Mukim'),
  e(
    'hakmilik_sementara_daerah',
    'Hakmilik Sementara Daerah (HSD)',
    'District temporary ownership',
    'Hakmilik Sementara Daerah (PSD)',
    'Hak Milik Sementara Daerah',
  ),
  e(
    'hakmilik_sementara_mukim',
    'Hakmilik Sementara Mukim (HSM)',
    'Subdistrict temporary ownership',
    'Hakmilik Sementara Mukim (PSM)',
    'Hak Milik Sementara Mukim',
  ),
  e('hakmilik_induk', 'Hakmilik Induk', 'Master title'),
  e('strata', 'Hakmilik Strata', 'Strata title'),
];
/** Organisation types (spec §3). */
export const ORGANISATION_TYPES = [
  e('private', 'Swasta', 'Private'),
  e('individual', 'Individu', 'Individual'),
  e('government', 'Kerajaan', 'Government'),
  e('government_linked', 'Berkaitan Kerajaan', 'Government-linked'),
  e('institution', 'Institusi', 'Institution'),
];
/** Payment types (spec §3, §9); ids as the product's client used them (reference §6.18) plus ATB and offline. */
export const PAYMENT_TYPES = [
  e(1, 'Gerbang Bayaran', 'Online payment gateway'),
  e(2, 'Bayaran Terus', 'Direct payment'),
  e(3, 'Bayaran Tunai', 'Cash'),
  e(4, 'Bayaran Pembiayaan', 'Financing'),
  e(5, 'Arahan Tetap Bank (ATB)', 'Bank standing instruction (ATB)'),
  e(6, 'Luar Talian', 'Offline'),
];
/** Frequency (spec §3). */
export const FREQUENCIES = [
  e('monthly', 'Bulanan', 'Monthly'),
  e('semi_annual', 'Setengah Tahunan', 'Semi-annual'),
  e('annual', 'Tahunan', 'Annual'),
  e('other', 'Lain-lain', 'Other'),
];
/** Will types (reference §6.19). */
export const WILL_TYPES = [e(1, 'Wasiat Islam', 'Islamic will'), e(2, 'Wasiat Konvensional', 'Conventional will')];
/** Will plans (issue 2: basic or comprehensive; the comprehensive adds property, guardians, bequests). */
export const WILL_PLANS = [
  e('basic', 'Wasiat Asas', 'Basic will'),
  e('comprehensive', 'Wasiat Komprehensif', 'Comprehensive will'),
];

/**
 * Reasons a will is cancelled (spec §2 "Will outcomes: … cancelled (reasons: eKYC failed, information not
 * valid, dummy data)"; reference §4.1 `option_delete_id`). 1 also clears the eKYC, 3 soft-deletes the will.
 */
export const CANCEL_REASONS = [
  e(1, 'eKYC gagal', 'eKYC failed'),
  e(2, 'Maklumat tidak sah', 'Information not valid'),
  e(3, 'Data palsu (dummy)', 'Dummy data'),
];

/** Hibah / trust products (reference §4.3 `hibah_type`; spec §1 offerings). 13 is never used. */
export const HIBAH_TYPES = [
  e(1, 'Deklarasi Hibah Amanah Korporat', 'Corporate hibah trust declaration'),
  e(2, 'Deklarasi Amanah Korporat', 'Corporate trust declaration'),
  e(3, 'Deklarasi Hibah Amanah Tunai', 'Cash hibah trust declaration'),
  e(4, 'Deklarasi Amanah Tunai', 'Cash trust declaration'),
  e(5, 'Deklarasi Hibah Amanah Hartanah', 'Real-estate hibah trust declaration'),
  e(6, 'Deklarasi Amanah Hartanah', 'Real-estate trust declaration'),
  e(7, 'Hibah Amanah Tunai', 'Cash hibah trust'),
  e(8, 'Amanah Tunai', 'Cash trust'),
  e(9, 'Hibah Amanah Hartanah', 'Real-estate hibah trust'),
  e(10, 'Amanah Hartanah', 'Real-estate trust'),
  e(11, 'Amanah Perniagaan', 'Business trust'),
  e(12, 'Hibah One Cent', 'One-cent hibah'),
  e(14, 'Amanah Harta Pusaka', 'Estate trust'),
];
/** Hibah property sources (spec §3). */
export const HIBAH_PROPERTY_SOURCES = [
  e('business', 'Perniagaan', 'Business', 'Pendapatan Perniagaan', 'Business Income'),
  e('employment', 'Pekerjaan', 'Employment', 'Pendapatan Pekerjaan', 'Employment Income'),
  e('investment', 'Pendapatan Pelaburan', 'Investment income'),
  e('heritage', 'Hadiah Warisan', 'Heritage gifts'),
  e('other', 'Lain-lain', 'Others'),
];
/** Private hibah purposes (spec §3), used when `trust_purpose_type` is private. */
export const PRIVATE_HIBAH_PURPOSES = [
  e('welfare', 'Kebajikan', 'Welfare'),
  e('education', 'Pendidikan', 'Education'),
  e('health', 'Kesihatan', 'Health'),
  e('other', 'Lain-lain', 'Others'),
];
/** Trust purpose types (reference §3.2 Part D: Institusi / Persendirian). */
export const TRUST_PURPOSE_TYPES = [
  e('institution', 'Institusi', 'Institutional'),
  e('private', 'Persendirian', 'Private'),
];

/** Every catalogue by name, as served by `GET /api/catalogues`. */
export const CATALOGUES = {
  races: RACES,
  religions: RELIGIONS,
  genders: GENDERS,
  nationalities: NATIONALITIES,
  marital_statuses: MARITAL_STATUSES,
  relationships: RELATIONSHIPS,
  designations: DESIGNATIONS,
  income_sources: INCOME_SOURCES,
  moveable_property_types: MOVEABLE_PROPERTY_TYPES,
  immoveable_categories: IMMOVEABLE_CATEGORIES,
  land_title_types: LAND_TITLE_TYPES,
  organisation_types: ORGANISATION_TYPES,
  payment_types: PAYMENT_TYPES,
  frequencies: FREQUENCIES,
  will_types: WILL_TYPES,
  will_plans: WILL_PLANS,
  hibah_types: HIBAH_TYPES,
  hibah_property_sources: HIBAH_PROPERTY_SOURCES,
  private_hibah_purposes: PRIVATE_HIBAH_PURPOSES,
  trust_purpose_types: TRUST_PURPOSE_TYPES,
} as const;

/** The codes of a catalogue, for `z.enum`/`z.union` checks. */
export const codesOf = <C extends string | number>(c: readonly CatalogueEntry<C>[]) => c.map((x) => x.code);

const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The stored code of a catalogue value as the 2021 client sends it (issue 20; reference §6, §7 item 9):
 * the code itself, a numeric string of a numeric code, or a display label in Malay or English or one of
 * the entry's other spellings (`aliases`), compared without case and surrounding/duplicate spaces
 * (` Ms.` → `ms`, `LELAKI` → 1, `Encik` → `mr`). Where two entries share a label or alias the first
 * wins. Anything else comes back unchanged, so the schema reports it
 * (`validation.choose`). This is THE label → code mapping every schema uses (ADR 0131).
 */
export function catalogueCode<C extends string | number>(c: readonly CatalogueEntry<C>[], value: unknown): unknown {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return value;
  const exact = c.find((x) => String(x.code) === value.trim());
  if (exact) return exact.code;
  const n = norm(value);
  if (!n) return value;
  const hit =
    c.find((x) => norm(x.ms) === n || norm(x.en) === n) ?? c.find((x) => x.aliases?.some((a) => norm(a) === n));
  return hit ? hit.code : value;
}

/** Label of a code in a language; the code itself when unknown. */
export function labelOf<C extends string | number>(
  c: readonly CatalogueEntry<C>[],
  code: C | null | undefined,
  lang: 'ms' | 'en',
): string {
  const hit = c.find((x) => x.code === code);
  return hit ? hit[lang] : code == null ? '' : String(code);
}
