/**
 * Where a route carries an id, read from the app's OpenAPI document (issue 16; ADR 0108): path parameters,
 * query parameters and JSON body fields — `id`-like path parameters, `user_id` and every `*_id`, the
 * `*_type` / `*_id` pairs (heirable_*, receivable_*, paymentable_*, witnessable_*, attachable_*, …) and the
 * identifying values a route looks a person or record up by (MyKad number, username, will number, amendment
 * reference). Each location says which table(s) its ids come from, so the probe suite can fill it with the
 * victim's real records. A location whose kind cannot be told fails the suite: a new route or field is
 * covered by construction, or the suite says what to add here.
 */

export type Where = 'path' | 'query' | 'body';

export interface Loc {
  where: Where;
  /** The parameter or field holding the id. */
  name: string;
  /** Tables its record ids come from (empty when it holds a value instead, see `value`). */
  tables: string[];
  /** A looked-up value instead of an id: a key of `Side.values` (ic_number, username, wasiat_no, reference_no). */
  value?: string;
  /** A `*_type` field naming the id's table: its location, name and the type names it may take. */
  pair?: { where: Where; name: string; types: string[] };
}

export interface RouteDoc {
  method: string;
  /** OpenAPI path, e.g. `/api/hibah/{id}/receiver/{cid}`. */
  path: string;
  pathParams: string[];
  query: { name: string; schema?: any }[];
  /** Top-level JSON body fields with their schemas (empty: no JSON body schema). */
  body: Record<string, any>;
  required: string[];
  locs: Loc[];
}

/** Polymorphic type names (reference §4.7) → table. */
export const TYPE_TABLES: Record<string, string> = {
  Wasiat: 'wills',
  Hibah: 'hibahs',
  Amendment: 'amendments',
  MoveableProperty: 'moveable_properties',
  ImmoveableProperty: 'immoveable_properties',
  User: 'users',
  Payment: 'payments',
};

/** A path `{id}` by the segment before it. */
const PATH_TABLES: Record<string, string> = {
  wasiat: 'wills',
  hibah: 'hibahs',
  amendment: 'amendments',
  'amendment-witness': 'amendment_witnesses',
  attachment: 'attachments',
  asset: 'assets',
  'asset-document': 'attachments',
  bequest: 'bequests',
  branch: 'branches',
  caretaker: 'caretakers',
  client: 'users',
  'data-requests': 'data_requests',
  'consent-heirs': 'heirs',
  'death-report': 'death_reports',
  'estate-notice': 'estate_notices',
  'estate-heir-change': 'estate_heir_changes',
  'notice-recipient': 'notice_recipients',
  'executed-original': 'will_executed_originals',
  release: 'death_releases',
  // the acceptance of a role a will names (issue 41 item 3; ADR 0276)
  acceptance: 'role_acceptances',
  acceptances: 'role_acceptances',
  // the signed link to a testator who is not present (ADR 0298)
  'testator-link': 'will_testator_links',
  releases: 'death_releases',
  links: 'ekyc_links',
  'route-token': 'ekyc_links',
  'fund-transfer': 'qurban_fund_transfers',
  'product-transaction': 'hibah_asset_transactions',
  season: 'qurban_seasons',
  transaction: 'qurban_transactions',
  heir: 'heirs',
  institution: 'institutions',
  'immoveable-property': 'immoveable_properties',
  'moveable-property': 'moveable_properties',
  organization: 'organizations',
  organizations: 'organizations',
  sandbox: 'payments',
  'payment-status': 'payments',
  payment: 'payments',
  preference: 'preferences',
  pricing: 'pricings',
  product: 'products',
  'property-receiver': 'property_receivers',
  receiver: 'receivers',
  certificate: 'certificates',
  upload: 'certificate_uploads',
  'user-access': 'user_accesses',
  user: 'users',
  witness: 'witnesses',
  'hibah-coupon': 'hibah_coupons',
  'client-grant': 'client_grants',
};
/** A child id under a hibah (`/api/hibah/{id}/<segment>/{cid}` and the public pages). */
const HIBAH_CHILD_TABLES: Record<string, string> = {
  receiver: 'hibah_receivers',
  caretaker: 'hibah_caretakers',
  heir: 'hibah_heirs',
  witness: 'hibah_witnesses',
  'moveable-property': 'hibah_properties',
  'immoveable-property': 'hibah_properties',
  property: 'hibah_properties',
};
/** Query/body `*_id` names → tables (a name not here resolves to the plural table of its stem). */
const NAME_TABLES: Record<string, string[]> = {
  user_id: ['users'],
  staff_id: ['users'],
  agent_id: ['users'],
  wasiat_id: ['wills'],
  receiver_id: ['receivers', 'hibah_receivers'],
  // the spouse picked from the will's heirs for a harta sepencarian declaration (ADR 0286)
  sepencarian_spouse_heir_id: ['heirs'],
  slip_attachment_id: ['attachments'],
  duplicate_from_id: ['attachments'],
  link_id: ['ekyc_links'],
  season_id: ['qurban_seasons'],
  branch_id: ['branches'],
  entity_id: ['wills', 'hibahs', 'amendments', 'payments', 'users'],
};
/** Values a route looks a person or record up by. */
const VALUE_NAMES = new Set(['ic_number', 'username', 'wasiat_no', 'reference_no']);
/** `*_id` names that are reference data, not records (payment options, hibah types). */
const NOT_IDS = new Set(['payment_options_id', 'hibah_type_id']);
/** Path parameters that are not ids: a version number, a report's kind. */
/** Path parameters that are values, not record ids (with a value to fill them): a postcode is public data. */
export const NON_ID_PARAMS: Record<string, string> = { no: '1', kind: 'wills', postcode: '43000' };

const tablesOfName = (name: string, known: Set<string>): string[] => {
  if (NAME_TABLES[name]) return NAME_TABLES[name];
  const stem = name.replace(/_id$/, '');
  for (const t of [`${stem}s`, `${stem}es`, stem.replace(/y$/, 'ies')]) if (known.has(t)) return [t];
  throw new Error(`id field "${name}": which table? (add it to NAME_TABLES in test/id-locations.ts)`);
};

function pathTables(path: string, param: string): string[] {
  if (param === 'user_id') return ['users'];
  if (param === 'wasiat_id') return ['wills'];
  const segs = path.split('/');
  const before = segs[segs.indexOf(`{${param}}`) - 1];
  const underHibah = /^\/api\/(public\/)?hibah\/\{id\}\//.test(path) && param !== 'id';
  if (underHibah && param === 'sid') return ['hibah_property_receivers'];
  const t = underHibah ? HIBAH_CHILD_TABLES[before] : PATH_TABLES[before];
  if (!t) throw new Error(`${path}: what is {${param}}? (add it to PATH_TABLES in test/id-locations.ts)`);
  return [t];
}

const typeNames = (schema: any): string[] => {
  const e = schema?.enum ?? schema?.anyOf?.flatMap((a: any) => a.enum ?? (a.const ? [a.const] : []));
  return e?.length ? e.filter((x: string) => TYPE_TABLES[x]) : Object.keys(TYPE_TABLES);
};

/** Merge anyOf/oneOf/allOf alternatives of a body schema into one property map. */
function propsOf(s: any): { props: Record<string, any>; required: string[] } {
  const props: Record<string, any> = {};
  const required = new Set<string>(s?.required ?? []);
  for (const alt of [...(s?.allOf ?? []), ...(s?.anyOf ?? []), ...(s?.oneOf ?? [])]) {
    const r = propsOf(alt);
    Object.assign(props, r.props);
    if (s?.allOf?.includes(alt)) for (const x of r.required) required.add(x);
  }
  Object.assign(props, s?.properties ?? {});
  return { props, required: [...required] };
}

/** Every `/api` operation of the document with its id locations. */
export function routesOf(doc: any, tables: string[]): RouteDoc[] {
  const known = new Set(tables);
  const out: RouteDoc[] = [];
  for (const [path, ops] of Object.entries<any>(doc.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const [m, op] of Object.entries<any>(ops)) {
      const method = m.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
      const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((x) => x[1]);
      const query = (op.parameters ?? [])
        .filter((p: any) => p.in === 'query')
        .map((p: any) => ({ name: p.name, schema: p.schema }));
      const { props: body, required } = propsOf(op.requestBody?.content?.['application/json']?.schema);
      const locs: Loc[] = [];
      const fields: [Where, string, any][] = [
        ...query.map((q: any) => ['query', q.name, q.schema] as [Where, string, any]),
        ...Object.entries(body).map(([k, v]) => ['body', k, v] as [Where, string, any]),
      ];
      const all = new Map(fields.map(([w, n, s]) => [n, { where: w, schema: s }]));
      const paired = new Set<string>();
      // *_type / *_id pairs (in the query or the body; ekycable_type also names a path {wasiat_id})
      for (const [where, name, s] of fields) {
        if (!name.endsWith('_type')) continue;
        const idName = name.replace(/_type$/, '_id');
        const pair = { where, name, types: typeNames(s) };
        if (all.has(idName)) {
          const idLoc = all.get(idName) as { where: Where };
          locs.push({ where: idLoc.where, name: idName, tables: [], pair });
          paired.add(idName);
        } else if (name === 'ekycable_type' && pathParams.includes('wasiat_id')) {
          locs.push({ where: 'path', name: 'wasiat_id', tables: [], pair });
          paired.add('wasiat_id');
        }
      }
      for (const p of pathParams) {
        if (paired.has(p) || NON_ID_PARAMS[p]) continue;
        locs.push({ where: 'path', name: p, tables: p === 'code' ? ['hibah_coupons'] : pathTables(path, p) });
      }
      for (const [where, name] of fields) {
        if (paired.has(name) || NOT_IDS.has(name)) continue;
        // a MyKad number, username, … in a body is data written onto a record; in a query it looks one up
        if (VALUE_NAMES.has(name)) {
          if (where === 'query') locs.push({ where, name, tables: [], value: name });
        } else if (name === 'id' || name.endsWith('_id')) locs.push({ where, name, tables: tablesOfName(name, known) });
      }
      out.push({ method, path, pathParams, query, body, required, locs });
    }
  }
  return out;
}

/** Id fields tried in a JSON body the document leaves open (no properties: parsed by the handler). */
export const OPEN_BODY_IDS = ['organization_id', 'branch_id'];

/**
 * Id locations of a body the document leaves open: the id fields the fixtures sent to the route (`sent`,
 * recorded from successful calls) and OPEN_BODY_IDS, `*_type`/`*_id` pairs included.
 */
export function openBodyLocs(r: RouteDoc, sent: string[], tables: string[]): Loc[] {
  if (!['POST', 'PUT', 'PATCH'].includes(r.method) || Object.keys(r.body).length) return [];
  const known = new Set(tables);
  const names = [...new Set([...sent, ...OPEN_BODY_IDS])];
  const out: Loc[] = [];
  const paired = new Set<string>();
  for (const n of names) {
    const idName = n.replace(/_type$/, '_id');
    if (n.endsWith('_type') && names.includes(idName)) {
      out.push({
        where: 'body',
        name: idName,
        tables: [],
        pair: { where: 'body', name: n, types: Object.keys(TYPE_TABLES) },
      });
      paired.add(idName);
    }
  }
  for (const n of names) {
    if (paired.has(n) || NOT_IDS.has(n) || !(n === 'id' || n.endsWith('_id'))) continue;
    if (r.locs.some((l) => l.name === n)) continue;
    out.push({ where: 'body', name: n, tables: tablesOfName(n, known) });
  }
  return out;
}
