/**
 * The hibah's rows as the 2021 client's FLAT paths name them (issue 20; reference §2.5, §2.6, §4.7; ADR 0162),
 * shared by the hooks on the wills module's flat routes (original-contract-flat.ts) and the 2021-only paths
 * (original-contract-paths.ts). {@link KINDS}: per path (`receiver`, `caretaker`, `heir`, `witness`,
 * `moveable-property`, `immoveable-property`) the hibah table and kind, the create body's owner keys
 * (`receivable_type`/`receivable_id`, …), the mapping of the 2021 keys to ours (`address_1` → `address`; a bank
 * asset's `bank_type`/`bank_account_no` → `institution_name`/`account_number`, both kept in replies; a one-cent
 * wallet, reference §3.3) and the attachable type of its MyKad images or documents. Beside it: the hibah a row
 * belongs to (ids are random and never shared between tables), a party's or the hibah's MyKad images (each
 * `{ id, public_path, mime_type }` or null), the 2021 upload body, and who may fill the hibah (ADR 0107).
 */
import {
  hibahCaretakerSchema,
  hibahHeirSchema,
  hibahReceiverSchema,
  hibahWitnessSchema,
  immoveableFieldsSchema,
  moveableFieldsSchema,
} from '@wasiat/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import {
  attachments,
  hibah_caretakers,
  hibah_heirs,
  hibah_properties,
  hibah_receivers,
  hibah_witnesses,
} from '../../../db/schema/index.ts';
import { requireUser } from '../../../modules/auth/index.ts';
import {
  assertCanFill,
  CARETAKER,
  type ChildKind,
  findVisibleHibah,
  HEIR,
  PROPERTY,
  parseBody,
  RECEIVER,
  WITNESS,
} from '../../../modules/hibah/index.ts';
import { attachmentPath as publicPath } from '../../../platform/files/uploads.ts';
import type { Body } from '../calls.ts';
import { caretakerValues } from './original-contract-products.ts';

// A JSON body, whether a value is an object, the `:id` parameter, the 2021 upload body: compat/v2021/calls.ts.
export { type Body, idOf, isObject, uploadBody } from '../calls.ts';
/** Where an attachment's bytes are read, with the bearer token (ADR 0131; platform/files/uploads.ts). */
export { publicPath };

const MOVEABLE: ChildKind = { ...PROPERTY, filter: () => eq(hibah_properties.kind, 'moveable') };
const IMMOVEABLE: ChildKind = { ...PROPERTY, filter: () => eq(hibah_properties.kind, 'immoveable') };

/** One kind of hibah row as the flat paths name it. */
export interface FlatKind {
  path: string;
  one: string;
  kind: ChildKind;
  table:
    | typeof hibah_receivers
    | typeof hibah_caretakers
    | typeof hibah_heirs
    | typeof hibah_witnesses
    | typeof hibah_properties;
  /** The owner keys of a create body (`receivable_type`/`receivable_id`, …). */
  ownerType: string;
  ownerId: string;
  /** Body (2021 keys) → the values the hibah service stores; throws 422 per field. */
  values: (b: Body) => Body;
  /** Attachable type of its MyKad images or documents. */
  attachable?: string;
  /** The row as answered (2021 keys beside ours). */
  reply?: (row: Body) => Body;
}

/** `address_1` (the caretaker form) → `address`. */
const withAddress = (b: Body): Body =>
  b.address === undefined && b.address_1 !== undefined ? { ...b, address: b.address_1 } : b;
/** A bank asset's 2021 keys → ours (`bank_type` is the bank's name, `bank_account_no` the account). */
const moveableValues = (b: Body): Body => {
  const o = { ...b };
  const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
  if (blank(o.institution_name) && !blank(o.bank_type)) o.institution_name = o.bank_type;
  if (blank(o.account_number) && !blank(o.bank_account_no)) o.account_number = o.bank_account_no;
  // A one-cent wallet (reference §3.3: `property_type` "Simpanan" with `one_cent_username`/`one_cent_wallet_name`),
  // as the nested path takes it (routes-parts.ts): a savings account of "One Cent" numbered by the username.
  const wallet = !blank(o.one_cent_username) || !blank(o.one_cent_wallet_name);
  if (wallet) {
    if (blank(o.institution_name)) o.institution_name = 'One Cent';
    if (blank(o.account_number)) o.account_number = o.one_cent_username;
  }
  const oneCent = wallet ? parseBody(oneCentWalletSchema, o) : {};
  return { ...(parseBody(moveableFieldsSchema, o) as Body), ...oneCent, kind: 'moveable' };
};
const oneCentWalletSchema = z.object({
  one_cent_username: z.string().trim().max(100).nullish(),
  one_cent_wallet_name: z.string().trim().max(100).nullish(),
});
const moveableReply = (row: Body): Body =>
  row.property_type === 'bank' ? { ...row, bank_type: row.institution_name, bank_account_no: row.account_number } : row;

export const KINDS: FlatKind[] = [
  {
    path: 'receiver',
    one: 'receiver',
    kind: RECEIVER,
    table: hibah_receivers,
    ownerType: 'receivable_type',
    ownerId: 'receivable_id',
    values: (b) => parseBody(hibahReceiverSchema, b) as Body,
    attachable: 'HibahReceiver',
  },
  {
    path: 'caretaker',
    one: 'caretaker',
    kind: CARETAKER,
    table: hibah_caretakers,
    ownerType: 'caretakerable_type',
    ownerId: 'caretakerable_id',
    values: (b) => parseBody(hibahCaretakerSchema, caretakerValues(withAddress(b))) as Body,
    attachable: 'HibahCaretaker',
  },
  {
    path: 'heir',
    one: 'heir',
    kind: HEIR,
    table: hibah_heirs,
    ownerType: 'heirable_type',
    ownerId: 'heirable_id',
    values: (b) => parseBody(hibahHeirSchema, b) as Body,
    attachable: 'HibahHeir',
  },
  {
    path: 'witness',
    one: 'witness',
    kind: WITNESS,
    table: hibah_witnesses,
    ownerType: 'witnessable_type',
    ownerId: 'witnessable_id',
    values: (b) => parseBody(hibahWitnessSchema, b) as Body,
  },
  {
    path: 'moveable-property',
    one: 'moveable_property',
    kind: MOVEABLE,
    table: hibah_properties,
    ownerType: 'moveable_type',
    ownerId: 'moveable_id',
    values: moveableValues,
    attachable: 'HibahProperty',
    reply: moveableReply,
  },
  {
    path: 'immoveable-property',
    one: 'immoveable_property',
    kind: IMMOVEABLE,
    table: hibah_properties,
    ownerType: 'immoveable_type',
    ownerId: 'immoveable_id',
    values: (b) => ({ ...(parseBody(immoveableFieldsSchema, b) as Body), kind: 'immoveable' }),
    attachable: 'HibahProperty',
  },
];

/** The hibah a row of `k` belongs to, when `id` is one (null: not a hibah's row — the wills route answers). */
export async function hibahOfRow(db: Db, k: FlatKind, id: string): Promise<string | null> {
  const tb = k.table;
  const conds = [eq(tb.id, id)];
  if (k.kind.filter) conds.push(k.kind.filter());
  const [row] = await db
    .select({ hibah_id: tb.hibah_id })
    .from(tb)
    .where(and(...conds));
  return row?.hibah_id ?? null;
}

/** The MyKad images of a party (`mykad_front`, `mykad_back`, each `{ id, public_path }` or null). */
export async function mykadImages(db: Db, attachable: string, id: string) {
  const rows = await db
    .select()
    .from(attachments)
    .where(and(eq(attachments.attachable_type, attachable), eq(attachments.attachable_id, id)));
  const pick = (type: string) => {
    const a = rows.filter((r) => r.type === type).at(-1);
    return a ? { id: a.id, public_path: publicPath(a.id), mime_type: a.mime_type } : null;
  };
  return { mykad_front: pick('mykad-front'), mykad_back: pick('mykad-back'), selfie: pick('selfie') };
}

/**
 * The hibah's own images as the 2021 client reads them on `GET hibah/{id}` (reference §2.3: `mykad_front`,
 * `mykad_back`, `selfie`, each `{ id, public_path, mime_type }` or null).
 */
export const hibahImages = (db: Db, hibahId: string) => mykadImages(db, 'Hibah', hibahId);
/** A property row with the 2021 keys of a bank asset beside ours (`bank_type`, `bank_account_no`). */
export const moveableReplyOf = (row: Body): Body => moveableReply(row);

/**
 * Who may change the hibah's parties and property (policy.ts `assertCanFill`: the grantor or its registrar),
 * decided before the body is validated (ADR 0107): 404 when not visible, 403 when not theirs to fill.
 */
export async function assertFills(db: Db, req: FastifyRequest, hibahId: string) {
  const user = requireUser(req);
  assertCanFill(user, await findVisibleHibah(db, user, hibahId));
}
