/**
 * Two-tenant fixtures for the security suites (issue 11 "Suites"; ADR 0085): a second partner
 * organisation LAIN, with its own agents, partner and clients, and a full set of records owned by a LAIN
 * client (wills draft and registered, an amendment, a hibah with every part, payments, attachments, a
 * programme certificate, a qurban purchase, a data request, …), built over the real HTTP API where a
 * route exists and with drizzle where the records need a state that takes a long flow to reach.
 *
 * The records are the TARGETS of `security/access-probes.test.ts`: none of them belongs to any of the
 * probing actors (the demo users, a second LAIN agent, the LAIN partner, a second LAIN client).
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  amendment_witnesses,
  branches,
  certificates,
  organizations,
  preferences,
  pricings,
  products,
  qurban_fund_transfers,
  qurban_seasons,
  user_accesses,
  users,
  witnesses,
} from '../src/db/schema/index.ts';
import { seedProgrammes } from '../src/db/seed/programmes.ts';
import { DEMO_PASSWORD } from '../src/db/seed/seed.ts';
import { draftWitness, verifiedAmendmentOtp } from '../src/modules/amendments/test-fixtures.ts';
import { caretakerBody, landBody, minorMykad, receiverBody, witnessBody } from '../src/modules/hibah/test-fixtures.ts';
import { certificatePdf, certificateXlsx, uploadForm } from '../src/modules/tekun/test-fixtures.ts';
import {
  type Client,
  grantAccess,
  heir,
  JPEG_A,
  newClient,
  newMykad,
  ok,
  PNG_A,
  passEkyc,
  SIGNATURE_PNG,
  userDetail,
  verifiedSubmitOtp,
  witness,
} from '../src/modules/wills/test-fixtures.ts';
import { hashPassword } from '../src/platform/auth/passwords.ts';
import { saveAttachment } from '../src/platform/files/uploads.ts';
import type { TestApp } from './harness.ts';

/**
 * The probing actors: every role of the permission table, in the target's organisation ("@same": LAIN)
 * and in another one (the demo partner DEMO for Agent/Partner; the provider for the staff-side roles,
 * which exist only there), plus a caller without a token.
 */
export const ACTORS = [
  'anonymous',
  'client',
  'client@same',
  'agent',
  'agent@same',
  'partner',
  'partner@same',
  'staff',
  'officer',
  'accountant',
  'admin',
] as const;
export type ActorKey = (typeof ACTORS)[number];

export interface Actor {
  key: ActorKey;
  /** Role of the permission table (undefined: no token). */
  role?: 'Client' | 'Agent' | 'Partner' | 'Staff' | 'Officer' | 'Accountant' | 'Admin';
  /** Organisation code of the actor's active access (null: none). */
  org: 'DEMO' | 'LAIN' | 'PROVIDER' | null;
  id?: string;
  token?: string;
  /** Whether the actor owns a will in LAIN (organisation visibility of a client: organisations/policy.ts). */
  ownsWillInLain: boolean;
}

/** Ids of the target records (all owned by `owner`, registered by `agent`, organisation LAIN). */
export interface Targets {
  /** A pending access request (ADR 0101) of LAIN's second agent to the owner. */
  grantRequest: string;
  lain: string;
  lainHq: string;
  lainPreference: string;
  lainPricing: string;
  lainProduct: string;
  /** A pending 'Approve Access' request at LAIN. */
  pendingAccess: string;
  owner: Client;
  agent: { id: string; token: string };
  /** Draft will (status 0, comprehensive) with every part. */
  draft: string;
  draftParts: {
    heir: string;
    receiver: string;
    caretaker: string;
    witness: string;
    bequest: string;
    moveable: string;
    immoveable: string;
    share: string;
    document: string;
    witnessSignature: string;
  };
  /** A pending cash payment of the draft will. */
  cashPayment: string;
  /** Registered will (status 2) with a paid payment and a receipt. */
  registered: string;
  paidPayment: string;
  /** An amendment (draft, with two draft witnesses) of the registered will. */
  amendment: string;
  amendmentWitness: string;
  /** A property hibah being filled in, with every part. */
  hibah: string;
  hibahParts: {
    receiver: string;
    minor: string;
    caretaker: string;
    heir: string;
    witness: string;
    moveable: string;
    land: string;
    share: string;
  };
  /** The owner's own signature (a `User` attachment). */
  userSignature: string;
  certificateUpload: string;
  /** A verified programme certificate bearing the owner's MyKad (no will registered from it yet). */
  certificate: string;
  qurbanTransaction: string;
  qurbanSeason: string;
  fundTransfer: string;
  dataRequest: string;
  couponCode: string;
}

export interface Tenants {
  actors: Record<ActorKey, Actor>;
  targets: Targets;
}

async function member(t: TestApp, orgId: string, branchId: string, username: string, role: string, hash: string) {
  const [u] = await t.ctx.db
    .insert(users)
    .values({
      name: `Pengguna ${username}`,
      username,
      email: `${username}@example.com`,
      ic_number: newMykad(),
      mobile_number: '0123456789',
      password_hash: hash,
      role,
      pdpa_accepted_at: new Date(),
    })
    .returning();
  await t.ctx.db
    .insert(user_accesses)
    .values({ user_id: u.id, organization_id: orgId, branch_id: branchId, role, status: 1 });
  return u;
}

/** Build LAIN, its people and the target records; log every actor in. */
export async function buildTenants(t: TestApp): Promise<Tenants> {
  const db = t.ctx.db;
  await seedProgrammes(db, DEMO_PASSWORD);

  // ——— the second partner organisation (not open to the public; wills and hibah allowed)
  const [lain] = await db
    .insert(organizations)
    .values({
      type: 'private',
      is_partner: true,
      name: 'Syarikat Lain Amanah Sdn Bhd',
      short_name: 'Lain Amanah',
      code: 'LAIN',
      partner_code: 'RN-LAIN',
      registration_number: '202001012345',
      email: 'lain@example.com',
      address: 'No. 9, Jalan Lain',
      postcode: '43000',
      city: 'Kajang',
      state: 'Selangor',
    })
    .returning();
  const [hq] = await db
    .insert(branches)
    .values({ organization_id: lain.id, branch_name: 'Ibu Pejabat Lain', code: 'KJ', is_headquarter: true })
    .returning();
  const [pref] = await db
    .insert(preferences)
    .values({ organization_id: lain.id, allow_public: false, allow_hibah: true })
    .returning();
  const [provider] = await db.select().from(organizations).where(eq(organizations.code, 'PROVIDER'));
  const providerPrices = await db.select().from(pricings).where(eq(pricings.organization_id, provider.id));
  const lainPrices = await db
    .insert(pricings)
    .values(
      providerPrices.map(({ id: _id, created_at: _c, updated_at: _u, ...p }) => ({
        ...p,
        organization_id: lain.id,
        amendment_price_sen: 5000,
      })),
    )
    .returning();
  const [product] = await db
    .insert(products)
    .values({ organization_id: lain.id, category: 'wasiat', name: 'Wasiat Lain' })
    .returning();
  const hash = await hashPassword(DEMO_PASSWORD);
  const agentL1 = await member(t, lain.id, hq.id, 'lain.agent1', 'Agent', hash);
  const agentL2 = await member(t, lain.id, hq.id, 'lain.agent2', 'Agent', hash);
  const partnerL = await member(t, lain.id, hq.id, 'lain.partner', 'Partner', hash);
  const [pendingUser] = await db
    .insert(users)
    .values({ name: 'Menunggu Kelulusan', username: 'lain.pending', role: 'Agent', ic_number: newMykad() })
    .returning();
  const [pending] = await db
    .insert(user_accesses)
    .values({ user_id: pendingUser.id, organization_id: lain.id, branch_id: hq.id, role: 'Agent', status: 0 })
    .returning();

  const owner = await newClient(t);
  const other = await newClient(t, false);
  const agentToken = await t.login('lain.agent1');
  const staffToken = await t.login('staff');
  const A = agentToken;
  // LAIN's agent acts for both clients under grants they approved (ADR 0101).
  await grantAccess(t, owner, 'lain.agent1');
  await grantAccess(t, other, 'lain.agent1');
  // a pending access request of LAIN's second agent to the owner: the target of the grant routes
  const grantRequest = (
    await ok(
      t.call('POST', '/api/client-grant', {
        token: await t.login('lain.agent2'),
        body: { user_id: owner.id, channel: 'dashboard' },
      }),
      201,
    )
  ).grant.id as string;

  const partB = (plan: 'basic' | 'comprehensive') => ({
    organization_id: lain.id,
    branch_id: hq.id,
    wasiat_type: 1,
    plan,
  });

  // ——— registered will of the owner, registered by agent L1 at LAIN
  const registered = (await ok(t.call('POST', '/api/wasiat', { token: A, body: { user_id: owner.id } }), 201)).wasiat
    .id as string;
  await ok(t.call('PATCH', `/api/wasiat/${registered}`, { token: A, body: partB('basic') }));
  const paid = await ok(
    t.call('POST', '/api/payment', {
      token: A,
      body: { paymentable_type: 'Wasiat', paymentable_id: registered, payment_options_id: 3 },
    }),
  );
  await ok(t.call('POST', `/api/payment/${paid.payment.id}/confirm`, { token: staffToken, body: {} }));
  await ok(t.call('POST', `/api/wasiat/${registered}/user-detail`, { token: A, body: userDetail(owner.ic) }));
  for (const [type, doc] of [
    ['mykad-front', PNG_A],
    ['mykad-back', JPEG_A],
  ]) {
    await ok(
      t.call('POST', `/api/wasiat/${registered}/document`, {
        token: A,
        body: { is_base64: true, type, document: doc },
      }),
      201,
    );
  }
  await passEkyc(t, registered);
  await ok(t.call('POST', '/api/heir', { token: A, body: heir(registered) }), 201);
  await ok(
    t.call('POST', `/api/wasiat/${registered}/signature`, {
      token: owner.token,
      body: { is_base64: true, document: SIGNATURE_PNG },
    }),
  );
  await ok(
    t.call('PATCH', `/api/wasiat/${registered}`, {
      token: A,
      body: { acknowledged_pdpa: 1, acknowledged_confirmation: 1 },
    }),
  );
  await ok(t.call('POST', '/api/witness', { token: A, body: witness(registered) }), 201);
  await ok(t.call('POST', '/api/witness', { token: A, body: witness(registered, { name: 'Saksi Dua' }) }), 201);
  await verifiedSubmitOtp(t, owner.id, registered);
  await ok(t.call('PATCH', `/api/wasiat/${registered}`, { token: owner.token, body: { status: 1 } }));
  await ok(t.call('PATCH', `/api/wasiat/${registered}`, { token: staffToken, body: { status: 2 } }));

  // ——— an amendment of it, with two draft witnesses
  const amendment = (
    await ok(
      t.call('POST', '/api/amendment', {
        token: owner.token,
        body: { amendmentable_type: 'Wasiat', amendmentable_id: registered, notes: null, status: 0 },
      }),
      201,
    )
  ).amendment.id as string;
  await ok(
    t.call('PATCH', `/api/amendment/${amendment}/draft`, {
      token: owner.token,
      body: {
        witnesses: [
          draftWitness('Saksi Pindaan Satu', 'saksi1@example.com'),
          draftWitness('Saksi Pindaan Dua', 'saksi2@example.com'),
        ],
      },
    }),
  );
  await verifiedAmendmentOtp(t, owner.id, registered);
  let [aw] = await db.select().from(amendment_witnesses).where(eq(amendment_witnesses.amendment_id, amendment));
  if (!aw) {
    [aw] = await db
      .insert(amendment_witnesses)
      .values({ amendment_id: amendment, name: 'Saksi Pindaan Satu', ic_number: newMykad(), email: 's1@example.com' })
      .returning();
  }

  // ——— a draft comprehensive will of the owner with every part
  const draft = (await ok(t.call('POST', '/api/wasiat', { token: A, body: { user_id: owner.id } }), 201)).wasiat
    .id as string;
  await ok(t.call('PATCH', `/api/wasiat/${draft}`, { token: A, body: partB('comprehensive') }));
  const cash = await ok(
    t.call('POST', '/api/payment', {
      token: A,
      body: { paymentable_type: 'Wasiat', paymentable_id: draft, payment_options_id: 3 },
    }),
  );
  await ok(t.call('POST', `/api/wasiat/${draft}/user-detail`, { token: A, body: userDetail(owner.ic) }));
  const doc = (
    await ok(
      t.call('POST', `/api/wasiat/${draft}/document`, {
        token: A,
        body: { is_base64: true, type: 'mykad-front', document: PNG_A },
      }),
      201,
    )
  ).attachment.id as string;
  await ok(
    t.call('POST', `/api/wasiat/${draft}/document`, {
      token: A,
      body: { is_base64: true, type: 'mykad-back', document: JPEG_A },
    }),
    201,
  );
  await passEkyc(t, draft);
  const heirId = (await ok(t.call('POST', '/api/heir', { token: A, body: heir(draft) }), 201)).heir.id as string;
  const receiver = (
    await ok(
      t.call('POST', '/api/receiver', {
        token: A,
        body: { receivable_type: 'Wasiat', receivable_id: draft, name: 'Ali bin Ahmad', relationship: 'son' },
      }),
      201,
    )
  ).receiver.id as string;
  const caretaker = (
    await ok(
      t.call('POST', '/api/caretaker', {
        token: A,
        body: {
          caretakerable_type: 'Wasiat',
          caretakerable_id: draft,
          name: 'Abu bin Bakar',
          ic_number: newMykad(),
          relationship: 'sibling',
          mobile_number: '0133334444',
          wards: 'Ali bin Ahmad',
          address: 'No. 3, Jalan Kenanga',
          postcode: '43000',
          city: 'Kajang',
          state: 'Selangor',
        },
      }),
      201,
    )
  ).caretaker.id as string;
  const bequest = (
    await ok(
      t.call('POST', '/api/bequest', {
        token: A,
        body: { wasiat_id: draft, beneficiary_name: 'Masjid Al-Falah', purpose: 'Wakaf', portion: '10%' },
      }),
      201,
    )
  ).bequest.id as string;
  const moveable = (
    await ok(
      t.call('POST', '/api/moveable-property', {
        token: A,
        body: {
          moveable_type: 'Wasiat',
          moveable_id: draft,
          property_type: 'bank',
          institution_name: 'Bank Muamalat',
          account_number: '1234567890',
          value_sen: 1500000,
          value_estimated_on: '2026-01-15',
        },
      }),
      201,
    )
  ).moveable_property.id as string;
  const immoveable = (
    await ok(
      t.call('POST', '/api/immoveable-property', {
        token: A,
        body: {
          immoveable_type: 'Wasiat',
          immoveable_id: draft,
          category: 'land',
          property_type: 'geran',
          property_no: 'GRN 12345',
          lot_number: 'Lot 678',
          city_type: 'mukim',
          city: 'Mukim Kajang',
          district: 'Hulu Langat',
          state: 'Selangor',
          address: 'Lot 678, Jalan Sungai Chua',
          value_sen: 50_000_000,
          value_estimated_on: '2026-01-15',
        },
      }),
      201,
    )
  ).immoveable_property.id as string;
  const share = (
    await ok(
      t.call('POST', '/api/property-receiver', {
        token: A,
        body: {
          receiver_id: receiver,
          portion: '1/2',
          propertyable_type: 'MoveableProperty',
          propertyable_id: moveable,
        },
      }),
      201,
    )
  ).property_receiver.id as string;
  await ok(
    t.call('POST', `/api/wasiat/${draft}/signature`, {
      token: owner.token,
      body: { is_base64: true, document: SIGNATURE_PNG },
    }),
  );
  await ok(
    t.call('PATCH', `/api/wasiat/${draft}`, { token: A, body: { acknowledged_pdpa: 1, acknowledged_confirmation: 1 } }),
  );
  const witnessId = (await ok(t.call('POST', '/api/witness', { token: A, body: witness(draft) }), 201)).witness
    .id as string;
  const [w] = await db.select().from(witnesses).where(eq(witnesses.id, witnessId));
  expect(w.signature_id).toBeTruthy();

  // ——— the second LAIN client owns a will at LAIN too ("Client, same organisation")
  const otherWill = (await ok(t.call('POST', '/api/wasiat', { token: A, body: { user_id: other.id } }), 201)).wasiat
    .id as string;
  await ok(t.call('PATCH', `/api/wasiat/${otherWill}`, { token: A, body: partB('basic') }));

  // ——— a property hibah of the owner, registered by agent L1, being filled in
  const hibah = (await ok(t.call('POST', '/api/hibah', { token: A, body: { user_id: owner.id, hibah_type: 9 } }), 201))
    .hibah.id as string;
  await ok(t.call('POST', `/api/hibah/${hibah}/user-detail`, { token: A, body: userDetail(owner.ic) }));
  const hr = (await ok(t.call('POST', `/api/hibah/${hibah}/receiver`, { token: A, body: receiverBody() }), 201))
    .receiver.id as string;
  const minor = (
    await ok(
      t.call('POST', `/api/hibah/${hibah}/receiver`, {
        token: A,
        body: receiverBody({ name: 'Adam bin Ahmad', ic_number: minorMykad(), email: 'adam@example.com' }),
      }),
      201,
    )
  ).receiver.id as string;
  const hc = (
    await ok(
      t.call('POST', `/api/hibah/${hibah}/caretaker`, { token: A, body: caretakerBody({ receiver_id: minor }) }),
      201,
    )
  ).caretaker.id as string;
  const hh = (
    await ok(
      t.call('POST', `/api/hibah/${hibah}/heir`, {
        token: A,
        body: {
          name: 'Siti binti Ahmad',
          relationship: 'wife',
          ic_number: newMykad(false),
          email: 'siti@example.com',
          mobile_number: '0198765432',
          address: 'No. 1, Jalan Mawar',
          postcode: '50450',
          city: 'Kuala Lumpur',
          state: 'W.P. Kuala Lumpur',
        },
      }),
      201,
    )
  ).heir.id as string;
  const hw = (await ok(t.call('POST', `/api/hibah/${hibah}/witness`, { token: A, body: witnessBody(1) }), 201)).witness
    .id as string;
  const land = (await ok(t.call('POST', `/api/hibah/${hibah}/immoveable-property`, { token: A, body: landBody }), 201))
    .immoveable_property.id as string;
  const hm = (
    await ok(
      t.call('POST', `/api/hibah/${hibah}/moveable-property`, {
        token: A,
        body: { property_type: 'bank', institution_name: 'Bank Muamalat', account_number: '1234567890' },
      }),
      201,
    )
  ).moveable_property.id as string;
  const hs = (
    await ok(
      t.call('POST', `/api/hibah/${hibah}/property/${land}/receiver`, {
        token: A,
        body: { receiver_id: hr, portion: '50%' },
      }),
      201,
    )
  ).property_receiver.id as string;

  // ——— the owner's own signature, a programme certificate, a qurban purchase, a data request
  const userSignature = (
    await ok(
      t.call('POST', `/api/user/${owner.id}/signature`, {
        token: owner.token,
        body: { is_base64: true, document: SIGNATURE_PNG },
      }),
    )
  ).signature.id as string;
  const tekun = await t.login('tekun');
  const up = await ok(
    t.call('POST', '/api/tekun/upload', {
      token: tekun,
      form: uploadForm(
        { name: 'sijil.xlsx', data: await certificateXlsx([['Pemilik Sijil', owner.ic, 'PRB-0001', '2026-01-15']]) },
        [{ name: 'PRB-0001.pdf', data: certificatePdf('PRB-0001') }],
      ),
    }),
    201,
  );
  const [cert] = await db.select().from(certificates).where(eq(certificates.certificate_no, 'PRB-0001'));
  await ok(t.call('PATCH', `/api/tekun/certificate/${cert.id}`, { token: staffToken, body: { status: 'verified' } }));
  const [season] = await db.select().from(qurban_seasons);
  const purchase = await ok(
    t.call('POST', '/api/ez-qurban/transaction', {
      token: owner.token,
      body: { season_id: season.id, shares: 1, on_behalf_of: 'Ahmad bin Ali' },
    }),
    201,
  );
  const [transfer] = await db
    .insert(qurban_fund_transfers)
    .values({ season_id: season.id, amount_sen: 100, reference: 'IBG-1', fund_transferred_at: new Date() })
    .returning();
  const proof = await saveAttachment(db, t.ctx.store, {
    attachableType: 'QurbanFundTransfer',
    attachableId: transfer.id,
    type: 'proof',
    data: certificatePdf('BUKTI'),
    allowed: ['application/pdf'],
  });
  await db
    .update(qurban_fund_transfers)
    .set({ proof_attachment_id: proof.id })
    .where(eq(qurban_fund_transfers.id, transfer.id));
  const request = await ok(
    t.call('POST', '/api/profile/data-requests', { token: other.token, body: { reason: 'Tidak lagi guna' } }),
    201,
  );
  const coupon = await ok(t.call('POST', '/api/one-cent/hibah-coupon', { token: staffToken, body: { count: 1 } }), 201);

  // ——— the actors
  const demo = async (username: string) => {
    const [u] = await db.select().from(users).where(eq(users.username, username));
    return { id: u.id, token: await t.login(username) };
  };
  const actors = {} as Record<ActorKey, Actor>;
  actors.anonymous = { key: 'anonymous', org: null, ownsWillInLain: false };
  actors.client = { key: 'client', role: 'Client', org: null, ownsWillInLain: false, ...(await demo('client')) };
  actors['client@same'] = {
    key: 'client@same',
    role: 'Client',
    org: null,
    ownsWillInLain: true,
    id: other.id,
    token: other.token,
  };
  actors.agent = { key: 'agent', role: 'Agent', org: 'DEMO', ownsWillInLain: false, ...(await demo('agent')) };
  actors['agent@same'] = {
    key: 'agent@same',
    role: 'Agent',
    org: 'LAIN',
    ownsWillInLain: false,
    id: agentL2.id,
    token: await t.login('lain.agent2'),
  };
  actors.partner = { key: 'partner', role: 'Partner', org: 'DEMO', ownsWillInLain: false, ...(await demo('partner')) };
  actors['partner@same'] = {
    key: 'partner@same',
    role: 'Partner',
    org: 'LAIN',
    ownsWillInLain: false,
    id: partnerL.id,
    token: await t.login('lain.partner'),
  };
  for (const [key, role] of [
    ['staff', 'Staff'],
    ['officer', 'Officer'],
    ['accountant', 'Accountant'],
    ['admin', 'Admin'],
  ] as const) {
    actors[key] = { key, role, org: 'PROVIDER', ownsWillInLain: false, ...(await demo(key)) };
  }

  return {
    actors,
    targets: {
      lain: lain.id,
      lainHq: hq.id,
      lainPreference: pref.id,
      lainPricing: lainPrices[0].id,
      lainProduct: product.id,
      pendingAccess: pending.id,
      owner,
      agent: { id: agentL1.id, token: agentToken },
      draft,
      draftParts: {
        heir: heirId,
        receiver,
        caretaker,
        witness: witnessId,
        bequest,
        moveable,
        immoveable,
        share,
        document: doc,
        witnessSignature: w.signature_id as string,
      },
      cashPayment: cash.payment.id,
      registered,
      paidPayment: paid.payment.id,
      amendment,
      amendmentWitness: aw.id,
      hibah,
      hibahParts: { receiver: hr, minor, caretaker: hc, heir: hh, witness: hw, moveable: hm, land, share: hs },
      userSignature,
      certificateUpload: up.upload.id,
      certificate: cert.id,
      qurbanTransaction: purchase.transaction.id,
      qurbanSeason: season.id,
      fundTransfer: transfer.id,
      dataRequest: request.data_request?.id ?? request.id,
      couponCode: coupon.coupons[0].code,
      grantRequest,
    },
  };
}
