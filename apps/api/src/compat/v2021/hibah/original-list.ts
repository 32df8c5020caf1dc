/**
 * The 2021 client's hibah reads (issue 20; issue 39; reference §2.3; ADR 0181): in a 2021-contract session
 * (ADR 0135) the particulars come with the hibah without being named, as that client reads them.
 * - `GET /hibah` (its estate-trust store reads `hibahs.data[0].user_detail`): `load_with` gains `userDetail` for
 *   every entry; our own client names them.
 * - `GET /hibah/{id}` (its trust store, `trust.module.js`, and part D, `trust/form/editable/part-d.vue`, load the
 *   hibah with a plain GET and read `hibah.user_detail` — the form's values, `Object.entries` of it — and
 *   `hibah.user.ic_number`): `load_with` gains `userDetail` (null before the particulars exist), and its
 *   `designation`, `race`, `religion` and `marital_status` are answered as the labels its selects hold, in the
 *   request's language ({@link labelledDetail}; we store codes, and what it sends back is read by the catalogues as
 *   before). Without it part D rendered nothing ("Cannot read properties of undefined (reading 'designation')").
 * - every hibah reply (`GET /hibah`, `GET /hibah/{id}`, `POST /hibah`, `POST|PATCH|PUT /hibah/{id}`): `hibah_type`
 *   and `hibah_type_id` as TEXT ("7"), as that client's server answered them and as it compares them
 *   ({@link hibahTypeAsText}): `['6', '7'].includes(trust.hibah_type)` chooses the kinds of property of part F
 *   (`asset/moveable/add-property.vue`), `['1', '2'].includes(…)` the corporate screens (parts B, C, D, H). With our
 *   number the property form offered no kind at all and a corporate product was shown the personal screens.
 * - `GET /hibah/{id}/moveable-property` and `…/immoveable-property` (part F's lists, `asset/moveable/list.vue` and its immoveable twin, read of
 *   each property `property_receivers[]` — `portion`, `receiver.name`, `receiver.ic_number`,
 *   `receiver.relationship` — and `total_documents`): each row gains them ({@link withSharesAndDocuments}), read
 *   in two grouped statements for the page (no read per row); a moveable row's `property_type` is the value that
 *   client compares to choose the lines it shows (`'Bank'`, `'Kenderaan'`, …; {@link ORIGINAL_MOVEABLE_TYPES}). Without them the list broke once a property existed
 *   ("Cannot read properties of undefined (reading 'length')") and part F could not be left.
 */
import { DESIGNATIONS, labelOf, MARITAL_STATUSES, RACES, RELIGIONS } from '@wasiat/domain';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Ctx } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { attachments } from '../../../db/schema/index.ts';
import { sharesOf } from '../../../modules/hibah/index.ts';
import { attachPreValidation, type Body, isObject } from '../calls.ts';
import { isOriginalSession } from '../edge.ts';

/** `load_with` (a comma-separated list of relations) with `userDetail` added when it is not there. */
export function withUserDetail(loadWith: unknown): string {
  const names = typeof loadWith === 'string' ? loadWith.split(',').map((s) => s.trim()) : [];
  return names.includes('userDetail') ? String(loadWith) : [...names.filter(Boolean), 'userDetail'].join(',');
}

/**
 * A hibah's particulars (`hibah_user_details` row as our read answers it, or null) with the coded choices as the
 * 2021 client's select labels in `lang`: `designation` (e.g. `mr` → "Encik"), `race` (1 → "Melayu"), `religion`
 * (1 → "Islam"), `marital_status` (`married` → "Berkahwin"); a null stays null, an unknown code stays as it is
 * (`labelOf`). Other keys unchanged; `gender` and `nationality` are already the client's numbers.
 */
export function labelledDetail(d: unknown, lang: 'ms' | 'en'): unknown {
  if (!isObject(d)) return d;
  const out: Body = { ...d };
  const label = (key: string, c: Parameters<typeof labelOf>[0]) => {
    if (out[key] !== null && out[key] !== undefined) out[key] = labelOf(c, out[key] as never, lang);
  };
  label('designation', DESIGNATIONS);
  label('race', RACES);
  label('religion', RELIGIONS);
  label('marital_status', MARITAL_STATUSES);
  return out;
}

/** A hibah row with its product code as text (`7` → `"7"`); anything else as it is. */
const typeAsText = (h: unknown) => {
  if (!isObject(h)) return h;
  const out: Body = { ...h };
  for (const k of ['hibah_type', 'hibah_type_id']) if (typeof out[k] === 'number') out[k] = String(out[k]);
  return out;
};

/**
 * A hibah reply with `hibah_type`/`hibah_type_id` as text: `{ hibah }`, `{ data: [...] }` (a page) and
 * `{ …}` (one, `return_first=true`); other keys and other payloads unchanged.
 */
export function hibahTypeAsText(payload: unknown): unknown {
  if (!isObject(payload)) return payload;
  const out: Body = { ...payload };
  if ('hibah' in out) out.hibah = typeAsText(out.hibah);
  const list = out.hibahs;
  if (isObject(list))
    out.hibahs = Array.isArray(list.data) ? { ...list, data: list.data.map(typeAsText) } : typeAsText(list);
  return out;
}

/** A property's share as part F's list reads it: the share row and its receiver's name, MyKad and relationship. */
export type ShareRow = { property_id: string; portion: string; receiver: Body } & Body;

/**
 * A property page (`{ <many>: data: [...] }`) with `property_receivers` (that property's shares, in the order
 * given) and `total_documents` (its attachments; 0 when none) on each row; a payload of another shape unchanged.
 */
export function withSharesAndDocuments(
  payload: unknown,
  many: string,
  shares: ShareRow[],
  documents: Map<string, number>,
): unknown {
  const page = isObject(payload) ? payload[many] : undefined;
  if (!isObject(payload) || !isObject(page) || !Array.isArray(page.data)) return payload;
  const data = (page.data as unknown[]).map((row) =>
    isObject(row) && typeof row.id === 'string'
      ? {
          ...row,
          ...(many === 'moveable_properties' && typeof row.property_type === 'string'
            ? { property_type: ORIGINAL_MOVEABLE_TYPES[row.property_type] ?? row.property_type }
            : {}),
          property_receivers: shares.filter((x) => x.property_id === row.id),
          total_documents: documents.get(row.id) ?? 0,
        }
      : row,
  );
  return { ...payload, [many]: { ...page, data } };
}

/**
 * Our moveable property codes → the 2021 client's values (`asset/moveable/add-property.vue` options, `list.vue`
 * comparisons; the same in both of its languages). Read back by the catalogue (`MOVEABLE_PROPERTY_TYPES` aliases).
 */
const ORIGINAL_MOVEABLE_TYPES: Record<string, string> = {
  bank: 'Bank',
  vehicle: 'Kenderaan',
  shares: 'Saham',
  company: 'Syarikat',
  savings: 'Simpanan',
  insurance: 'Insurans',
};

/** The shares (with their receivers) and the attachment counts of the properties `ids`, two statements. */
async function sharesAndDocuments(db: Db, ids: string[]) {
  if (!ids.length) return { shares: [], documents: new Map<string, number>() };
  const shares: ShareRow[] = await sharesOf(db, ids);
  const counted = await db
    .select({ id: attachments.attachable_id, n: count() })
    .from(attachments)
    .where(and(eq(attachments.attachable_type, 'HibahProperty'), inArray(attachments.attachable_id, ids)))
    .groupBy(attachments.attachable_id);
  return { shares, documents: new Map(counted.map((c) => [c.id, Number(c.n)])) };
}

const PROPERTY_LISTS: Record<string, string> = {
  '/hibah/:id/moveable-property': 'moveable_properties',
  '/hibah/:id/immoveable-property': 'immoveable_properties',
};

const TYPE_AS_TEXT = new Set([
  'GET /hibah',
  'GET /hibah/:id',
  'POST /hibah',
  'POST /hibah/:id',
  'PATCH /hibah/:id',
  'PUT /hibah/:id',
]);

/** Attach the hooks of the module comment (modules.ts, before the hibah module's routes). */
export function hibahListOnRoutes(api: FastifyInstance, ctx: Ctx) {
  const addDetail = async (req: FastifyRequest) => {
    if (isOriginalSession(req) && isObject(req.query)) req.query.load_with = withUserDetail(req.query.load_with);
  };
  attachPreValidation(api, { 'GET /hibah': addDetail, 'GET /hibah/:id': addDetail });
  const labels = async (req: FastifyRequest, _reply: unknown, payload: unknown) => {
    if (!isOriginalSession(req) || !isObject(payload) || !isObject(payload.hibah)) return payload;
    const h = payload.hibah;
    if (!('user_detail' in h)) return payload;
    return { ...payload, hibah: { ...h, user_detail: labelledDetail(h.user_detail, req.lang) } };
  };
  const asText = async (req: FastifyRequest, _reply: unknown, payload: unknown) =>
    isOriginalSession(req) ? hibahTypeAsText(payload) : payload;
  const propertyList = (many: string) => async (req: FastifyRequest, _reply: unknown, payload: unknown) => {
    if (!isOriginalSession(req) || !isObject(payload) || !isObject(payload[many])) return payload;
    const data = payload[many].data;
    if (!Array.isArray(data)) return payload;
    const ids = data.filter(isObject).map((r) => String(r.id));
    const { shares, documents } = await sharesAndDocuments(ctx.db, ids);
    return withSharesAndDocuments(payload, many, shares, documents);
  };
  api.addHook('onRoute', (route) => {
    const url = route.url.replace(/^\/api/, '');
    for (const method of [route.method].flat()) {
      const hooks = [
        ...(method === 'GET' && PROPERTY_LISTS[url] ? [propertyList(PROPERTY_LISTS[url])] : []),
        ...(method === 'GET' && url === '/hibah/:id' ? [labels] : []),
        ...(TYPE_AS_TEXT.has(`${method} ${url}`) ? [asText] : []),
      ];
      if (!hooks.length) continue;
      const before = route.preSerialization ? [route.preSerialization].flat() : [];
      route.preSerialization = [...before, ...hooks] as typeof route.preSerialization;
    }
  });
}
