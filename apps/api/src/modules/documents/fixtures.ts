/**
 * Test fixtures of the documents module: a registered comprehensive will with its people, property,
 * signatures and payment, inserted directly with drizzle (the wills and payments modules own those
 * tables; their HTTP flow is not needed to test documents). Used by the tests only.
 */
import { deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import {
  bequests,
  branches,
  caretakers,
  heirs,
  moveable_properties,
  organizations,
  payments,
  property_receivers,
  receivers,
  user_accesses,
  users,
  will_user_details,
  wills,
  witnesses,
} from '../../db/schema/index.ts';
import { DEMO_PASSWORD } from '../../db/seed/seed.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { IMAGE_TYPES, saveAttachment } from '../../platform/files/uploads.ts';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/**
 * A real PNG (160×60, grey + alpha) with a wavy pen stroke, a stand-in for a drawn signature.
 * `seed` varies the stroke so two signatures differ.
 */
export function signaturePng(seed = 1): Buffer {
  const w = 160;
  const h = 60;
  const raw = Buffer.alloc((w * 2 + 1) * h); // filter byte + (grey, alpha) per pixel; transparent
  for (let x = 8; x < w - 8; x++) {
    const y = Math.round(30 + 14 * Math.sin((x / (10 + seed * 3)) * Math.PI) * Math.cos(x / 40));
    for (let dy = -1; dy <= 1; dy++) {
      const off = (y + dy) * (w * 2 + 1) + 1 + x * 2;
      raw[off] = 20; // dark ink
      raw[off + 1] = 255;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 4; // grey + alpha
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Insert a user with the demo password and, when `orgCode` is given, an active access to that
 * organisation (for cross-tenant probes: a Partner of another organisation, another Agent).
 */
export async function insertUser(ctx: Ctx, u: { username: string; role: string; ic: string; orgCode?: string }) {
  const [row] = await ctx.db
    .insert(users)
    .values({
      name: `Pengguna ${u.username}`,
      username: u.username,
      email: `${u.username}@example.com`,
      ic_number: u.ic,
      password_hash: await hashPassword(DEMO_PASSWORD),
      role: u.role,
    })
    .returning();
  if (u.orgCode) {
    const [org] = await ctx.db.select().from(organizations).where(eq(organizations.code, u.orgCode));
    await ctx.db.insert(user_accesses).values({ user_id: row.id, organization_id: org.id, role: u.role, status: 1 });
  }
  return row;
}

export interface WillFixture {
  willId: string;
  ownerId: string;
}

/** Registered on 23 Nov 2026 06:05 UTC = 14:05 in Kuala Lumpur. */
export const REGISTERED_AT = new Date('2026-11-23T06:05:00Z');

/**
 * Insert a will for the demo client (agent: demo agent; organisation: demo partner's).
 * Defaults: registered (status 2, W2026-000001), comprehensive, RM 300.00 paid (receipt R2026-000001).
 */
export async function insertWill(
  ctx: Ctx,
  opts: { status?: number; wasiatNo?: string; paymentStatus?: string; receiptNo?: string; discountSen?: number } = {},
): Promise<WillFixture> {
  const db = ctx.db;
  const [client] = await db.select().from(users).where(eq(users.username, 'client'));
  const [agent] = await db.select().from(users).where(eq(users.username, 'agent'));
  const [org] = await db.select().from(organizations).where(eq(organizations.code, 'DEMO'));
  const [branch] = await db.select().from(branches).where(eq(branches.organization_id, org.id));
  const status = opts.status ?? 2;
  const [w] = await db
    .insert(wills)
    .values({
      user_id: client.id,
      agent_id: agent.id,
      created_by: agent.id,
      organization_id: org.id,
      branch_id: branch.id,
      wasiat_type: 1,
      plan: 'comprehensive',
      status,
      price_sen: 30000,
      discount_sen: opts.discountSen ?? 0,
      payment_options_id: 1,
      acknowledged_pdpa: true,
      acknowledged_confirmation: true,
      parts_done: ['a', 'b', 'payment', 'c', 'document', 'ekyc', 'd', 'e', 'f', 'g'],
      submitted_at: new Date('2026-11-20T02:00:00Z'),
      wasiat_no: status === 2 ? (opts.wasiatNo ?? 'W2026-000001') : null,
      registered_at: status === 2 ? REGISTERED_AT : null,
    })
    .returning();
  const sig = await saveAttachment(db, ctx.store, {
    attachableType: 'Wasiat',
    attachableId: w.id,
    type: 'signature',
    data: signaturePng(1),
    allowed: ['image/png'],
  });
  await db.update(wills).set({ signature_id: sig.id }).where(eq(wills.id, w.id));
  await db.insert(will_user_details).values({
    wasiat_id: w.id,
    designation: 'mrs',
    name: 'Aminah binti Ahmad',
    ic_number: '920815145678',
    gender: 2,
    race: 1,
    religion: 1,
    nationality: 1,
    marital_status: 'married',
    email: 'client@wasiat.local',
    mobile_number: '+60123456789',
    correspondence_address: 'No. 12, Jalan Melati 3, Taman Sri Muda',
    correspondence_postcode: '40400',
    correspondence_city: 'Shah Alam',
    correspondence_state: 'Selangor',
    permanent_address: 'No. 12, Jalan Melati 3, Taman Sri Muda',
    permanent_postcode: '40400',
    permanent_city: 'Shah Alam',
    permanent_state: 'Selangor',
  });
  const owner = { heirable_type: 'Wasiat', heirable_id: w.id, mobile_number: '+60129876543' };
  await db.insert(heirs).values([
    { ...owner, name: 'Hassan bin Omar', relationship: 'husband', ic_number: '880101145511' },
    { ...owner, name: 'Ali bin Hassan', relationship: 'son', ic_number: '150505140123' },
  ]);
  for (const [i, x] of [
    { name: 'Zainab binti Karim', ic_number: '750303105244' },
    { name: 'Rahman bin Daud', ic_number: '700707085131' },
  ].entries()) {
    const [row] = await db
      .insert(witnesses)
      .values({ witnessable_type: 'Wasiat', witnessable_id: w.id, ...x, email: `w${i}@example.com` })
      .returning();
    const a = await saveAttachment(db, ctx.store, {
      attachableType: 'Witness',
      attachableId: row.id,
      type: 'signature',
      data: signaturePng(i + 2),
      allowed: IMAGE_TYPES,
    });
    await db.update(witnesses).set({ signature_id: a.id }).where(eq(witnesses.id, row.id));
  }
  const [prop] = await db
    .insert(moveable_properties)
    .values({
      moveable_type: 'Wasiat',
      moveable_id: w.id,
      property_type: 'bank',
      institution_name: 'Maybank Islamic',
      account_number: '564123456789',
      value_sen: 5_000_000,
      value_estimated_on: '2026-01-15',
    })
    .returning();
  const [rcv] = await db
    .insert(receivers)
    .values({ receivable_type: 'Wasiat', receivable_id: w.id, name: 'Ali bin Hassan', relationship: 'son' })
    .returning();
  await db.insert(property_receivers).values({
    receiver_id: rcv.id,
    propertyable_type: 'MoveableProperty',
    propertyable_id: prop.id,
    portion: '1/2',
  });
  await db.insert(caretakers).values({
    caretakerable_type: 'Wasiat',
    caretakerable_id: w.id,
    name: 'Fatimah binti Omar',
    ic_number: '800202145522',
    relationship: 'relative',
    wards: 'Ali bin Hassan',
  });
  await db
    .insert(bequests)
    .values({ wasiat_id: w.id, beneficiary_name: 'Masjid Al-Falah', purpose: 'Wakaf pembinaan', portion: '10%' });
  const payStatus = opts.paymentStatus ?? 'paid';
  const settled = payStatus === 'paid' || payStatus === 'waived';
  await db.insert(payments).values({
    paymentable_type: 'Wasiat',
    paymentable_id: w.id,
    payment_options_id: 1,
    amount_sen: 30000 - (opts.discountSen ?? 0),
    discount_sen: opts.discountSen ?? 0,
    status: payStatus,
    reference: 'FPX-123456',
    promo_code_id: opts.discountSen ? 'promo-fixture' : null,
    paid_at: settled ? new Date('2026-11-19T03:30:00Z') : null,
    created_by: client.id,
    receipt_no: settled ? (opts.receiptNo ?? 'R2026-000001') : null,
  });
  return { willId: w.id, ownerId: client.id };
}
