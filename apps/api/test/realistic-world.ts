/**
 * A realistic world made by today's code over its HTTP API (the test of migrations carrying a database's data;
 * issue 34 item 6, ADR 0293): the demo seed, then wills in every status, a will amendment pending, every hibah
 * product, a registered hibah with an amendment in force, uploads (MyKad images, a transfer slip, signatures),
 * payments in several modes with receipts, and witnesses — driven by the modules' own test fixtures, so the rows
 * are the rows the application writes, not hand-written INSERTs.
 */
import { HIBAH_TYPES, ONE_CENT_HIBAH_TYPE } from '@wasiat/domain';
import { approvedHibahAmendment, mailTo, registeredHibah } from '../src/modules/amendments/hibah-test-fixtures.ts';
import {
  draftWitness,
  passAmendmentEkyc,
  registeredWill,
  verifiedAmendmentOtp,
} from '../src/modules/amendments/test-fixtures.ts';
import { readyHibah } from '../src/modules/hibah/test-fixtures.ts';
import {
  heir,
  JPEG_A,
  newClient,
  newMykad,
  ok,
  orgAndBranch,
  PNG_A,
  passEkyc,
  pay,
  readyWill,
  SIGNATURE_PNG,
  userDetail,
} from '../src/modules/wills/test-fixtures.ts';
import type { TestApp } from './harness.ts';

/** The records of the world a test reads back after migrating (ids; `token`s of their owners). */
export interface World {
  /**
   * Will ids by status: 0 draft (empty), 0 filled in (basic plan, payment pending), 0 comprehensive (assets,
   * receiver, bequest, guardian), 1 submitted, 2 registered, 3 cancelled for update.
   */
  wills: {
    draft: string;
    filled: string;
    comprehensive: string;
    submitted: string;
    registered: string;
    cancelled: string;
  };
  /** The registered will's owner (for its PDF and receipt). */
  willOwner: string;
  /** A will amendment awaiting the provider's confirmation (status 1). */
  pendingAmendment: string;
  /** A will amendment in force (status 2) on another registered will, and that will's owner. */
  willAmendment: { will: string; id: string; owner: string };
  /** The registered hibah (product 9, MyKad images uploaded) and its amendment in force. */
  hibah: { id: string; owner: string; amendment: string };
  /** A hibah of each other product code: code → its id and how far it went ({@link productHibah}). */
  products: Record<number, { id: string; path: string }>;
  /** A direct-transfer payment with its slip, confirmed by staff (so it has a receipt), and its payer's token. */
  slipPayment: { id: string; will: string; owner: string };
}

/** Pay an amendment through the sandbox gateway (approved), as its payer's browser would. */
async function payAmendment(t: TestApp, token: string, id: string) {
  const pay = await ok(
    t.call('POST', '/api/payment', {
      token,
      body: { paymentable_type: 'Amendment', paymentable_id: id, payment_options_id: 1 },
    }),
  );
  const r = await fetch(`${t.baseUrl}${pay.payment_link}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'outcome=approve',
  });
  if (r.status !== 303) throw new Error(`sandbox answered ${r.status}`);
}

/**
 * A will amendment of registered will `willId` submitted by its testator (status 1): applied for, paid, witnesses
 * with `emails` drafted, identity passed (eKYC as a passing face match leaves it, a verified code).
 */
async function pendingWillAmendment(t: TestApp, c: { id: string; token: string }, willId: string, emails: string[]) {
  const token = c.token;
  const a = (
    await ok(
      t.call('POST', '/api/amendment', {
        token,
        body: { amendmentable_type: 'Wasiat', amendmentable_id: willId, notes: 'Tukar saksi', status: 0 },
      }),
      201,
    )
  ).amendment;
  await payAmendment(t, token, a.id);
  await ok(
    t.call('PATCH', `/api/amendment/${a.id}/draft`, {
      token,
      body: { witnesses: emails.map((e, i) => draftWitness(`Saksi Pindaan ${i + 1}`, e)) },
    }),
  );
  await passAmendmentEkyc(t, a.id);
  await verifiedAmendmentOtp(t, c.id, willId);
  await ok(
    t.call('POST', `/api/amendment/${a.id}`, {
      token,
      body: { _method: 'PATCH', status: 1, acknowledged_pdpa: 1, acknowledged_confirmation: 1 },
    }),
  );
  return a.id as string;
}

/**
 * A comprehensive-plan will in registration (status 0) with what a basic one lacks: a bank account and a land title
 * with values, a receiver given a tenth of the account, a bequest, a guardian of minor children (wills fixtures' bodies).
 */
async function comprehensiveWill(t: TestApp) {
  const c = await newClient(t);
  const token = c.token;
  const w = (await ok(t.call('POST', '/api/wasiat', { token, body: { user_id: c.id } }), 201)).wasiat;
  const plan = { ...(await orgAndBranch(t)), wasiat_type: 1, plan: 'comprehensive' };
  await ok(t.call('PATCH', `/api/wasiat/${w.id}`, { token, body: plan }));
  await pay(t, w.id, 'paid');
  await ok(t.call('POST', `/api/wasiat/${w.id}/user-detail`, { token, body: userDetail(c.ic) }));
  for (const [type, document] of [
    ['mykad-front', PNG_A],
    ['mykad-back', JPEG_A],
  ]) {
    await ok(t.call('POST', `/api/wasiat/${w.id}/document`, { token, body: { type, document } }), 201);
  }
  await passEkyc(t, w.id);
  await ok(t.call('POST', '/api/heir', { token, body: heir(w.id) }), 201);
  const account = (
    await ok(
      t.call('POST', '/api/moveable-property', {
        token,
        body: {
          moveable_type: 'Wasiat',
          moveable_id: w.id,
          property_type: 'bank',
          institution_name: 'Bank Muamalat',
          account_number: '1234567890',
          value_sen: 60_000_000,
          value_estimated_on: '2026-01-15',
        },
      }),
      201,
    )
  ).moveable_property;
  await ok(
    t.call('POST', '/api/immoveable-property', {
      token,
      body: {
        immoveable_type: 'Wasiat',
        immoveable_id: w.id,
        category: 'land',
        property_type: 'geran',
        property_no: 'GRN 1',
        lot_number: 'Lot 1',
        city: 'Kajang',
        district: 'Hulu Langat',
        state: 'Selangor',
        address: 'Lot 1',
        value_sen: '50000000',
        value_estimated_on: '2025-12-31',
      },
    }),
    201,
  );
  const mosque = (
    await ok(
      t.call('POST', '/api/receiver', {
        token,
        body: { receivable_type: 'Wasiat', receivable_id: w.id, name: 'Masjid Al-Falah', relationship: 'other' },
      }),
      201,
    )
  ).receiver;
  await ok(
    t.call('POST', '/api/property-receiver', {
      token,
      body: {
        receiver_id: mosque.id,
        portion: '1/10',
        propertyable_type: 'MoveableProperty',
        propertyable_id: account.id,
      },
    }),
    201,
  );
  await ok(
    t.call('POST', '/api/bequest', {
      token,
      body: { wasiat_id: w.id, beneficiary_name: 'Masjid Al-Falah', portion: '5%' },
    }),
    201,
  );
  await ok(
    t.call('POST', '/api/caretaker', {
      token,
      body: {
        caretakerable_type: 'Wasiat',
        caretakerable_id: w.id,
        name: 'Abu bin Bakar',
        ic_number: newMykad(),
        relationship: 'sibling',
        mobile_number: '0133334444',
        wards: 'Ali, Aminah',
        address: 'No. 3, Jalan Kenanga',
        postcode: '10000',
        city: 'George Town',
        state: 'Pulau Pinang',
      },
    }),
    201,
  );
  return w.id as string;
}

/**
 * A will amendment in force (status 2; a new will version): on the testator's registered will, paid, two new
 * witnesses drafted, identity passed, submitted, passed by the officer, signed and accepted by the testator, each
 * witness confirming through the link and code e-mailed to them, approved by the officer.
 */
async function approvedWillAmendment(t: TestApp, c: { id: string; token: string }, willId: string, officer: string) {
  const token = c.token;
  const emails = ['wpk1@example.com', 'wpk2@example.com'];
  const id = await pendingWillAmendment(t, c, willId, emails);
  const patch = (who: string, body: object) =>
    ok(t.call('POST', `/api/amendment/${id}`, { token: who, body: { _method: 'PATCH', ...body } }));
  await patch(officer, { status: 3 });
  await ok(
    t.call('POST', `/api/amendment/${id}/signature`, { token, body: { is_base64: true, document: SIGNATURE_PNG } }),
  );
  const before = t.mails.length;
  await patch(token, { status: 4 });
  for (const e of emails) {
    const m = (await mailTo(t, e, before)).match(/https?:\/\/[^\s]+\/pindaan\/saksi\/[^\s]+/);
    if (!m) throw new Error(`no link for ${e}`);
    const u = new URL(m[0]);
    const wid = u.pathname.split('/').at(-1) as string;
    const n = t.mails.length;
    await ok(t.call('POST', `/api/amendment-witness/${wid}/otp${u.search}`, { body: {} }));
    const code = (await mailTo(t, e, n)).match(/ialah (\d{6})/)?.[1] as string;
    await ok(t.call('POST', `/api/amendment-witness/${wid}/otp/verify${u.search}`, { body: { code } }));
    await ok(
      t.call('POST', `/api/amendment-witness/${wid}/confirm${u.search}`, { body: { signature: SIGNATURE_PNG } }),
    );
  }
  await patch(officer, { status: 2 });
  return id;
}

/** A will paid by direct transfer: the slip uploaded, the payment recorded with it, staff confirming it. */
async function slipPaidWill(t: TestApp, staff: string) {
  const c = await newClient(t);
  const token = c.token;
  const w = (await ok(t.call('POST', '/api/wasiat', { token, body: { user_id: c.id } }), 201)).wasiat;
  const ob = await orgAndBranch(t);
  await ok(
    t.call('POST', `/api/wasiat/${w.id}`, { token, body: { _method: 'PATCH', ...ob, wasiat_type: 1, plan: 'basic' } }),
  );
  const slip = (
    await ok(
      t.call('POST', '/api/payment/slip', {
        token,
        body: { paymentable_type: 'Wasiat', paymentable_id: w.id, document: PNG_A, document_filename: 'slip.png' },
      }),
      201,
    )
  ).attachment.id;
  const pay = await ok(
    t.call('POST', '/api/payment', {
      token,
      body: {
        paymentable_type: 'Wasiat',
        paymentable_id: w.id,
        payment_options_id: 2,
        reference: 'MBB-20261201-0042',
        slip_attachment_id: slip,
      },
    }),
  );
  await ok(t.call('POST', `/api/payment/${pay.payment.id}/confirm`, { token: staff, body: {} }));
  await ok(
    t.call('POST', `/api/wasiat/${w.id}/user-detail`, { token, body: { _method: 'PATCH', ...userDetail(c.ic) } }),
  );
  return { id: pay.payment.id as string, will: w.id as string, owner: token };
}

/**
 * A hibah of product `type` for a new client: filled in, paid (cash, confirmed by staff: a receipt), signed, with
 * receivers, a caretaker, a land title and two witnesses (hibah fixtures `readyHibah`; 'ready'); the one-cent trust
 * (12) is made the only way it is made, by redeeming a code staff generated ('coupon'; hibah onecent.ts), the
 * other code left unused.
 */
async function productHibah(t: TestApp, staff: string, type: number): Promise<[string, string]> {
  const c = await newClient(t);
  if (type === ONE_CENT_HIBAH_TYPE) {
    const gen = await ok(
      t.call('POST', '/api/one-cent/hibah-coupon', { token: staff, body: { count: 2, amount_sen: 1 } }),
      201,
    );
    const r = await ok(
      t.call('POST', `/api/one-cent/hibah-coupon/${gen.coupons[0].code}/redeem`, { token: c.token, body: {} }),
    );
    return [r.hibah.id, 'coupon'];
  }
  return [(await readyHibah(t, c, staff, type)).id, 'ready'];
}

/** Build the world on app `t` (its demo seed in place). Takes some tens of seconds (hundreds of requests). */
export async function buildWorld(t: TestApp): Promise<World> {
  const staff = await t.login('staff');
  const officer = await t.login('officer');

  const draftOwner = await newClient(t);
  const draft = (
    await ok(t.call('POST', '/api/wasiat', { token: draftOwner.token, body: { user_id: draftOwner.id } }), 201)
  ).wasiat.id as string;
  const filled = await readyWill(t, await newClient(t), { paymentStatus: 'pending' });
  const comprehensive = await comprehensiveWill(t);
  const submitter = await newClient(t);
  const submitted = await readyWill(t, submitter);
  await ok(t.call('PATCH', `/api/wasiat/${submitted}`, { token: submitter.token, body: { status: 1 } }));
  const canceller = await newClient(t);
  const cancelled = await readyWill(t, canceller);
  await ok(t.call('PATCH', `/api/wasiat/${cancelled}`, { token: canceller.token, body: { status: 1 } }));
  await ok(
    t.call('POST', `/api/wasiat/${cancelled}`, {
      token: staff,
      body: { _method: 'PATCH', status: 3, rejected_reason: 'Alamat tidak lengkap', option_delete_id: 2 },
    }),
  );
  const registered = await registeredWill(t, staff);
  const pendingAmendment = await pendingWillAmendment(t, registered.c, registered.id, [
    'pindaan1@example.com',
    'pindaan2@example.com',
  ]);
  const amended = await registeredWill(t, staff);
  const willAmendment = await approvedWillAmendment(t, amended.c, amended.id, officer);

  const hibah = await registeredHibah(t, staff, 9, { front: PNG_A, back: JPEG_A });
  const amendment = await approvedHibahAmendment(t, hibah.c, hibah.id, officer);
  const products: World['products'] = {};
  for (const p of HIBAH_TYPES) {
    const code = p.code as number;
    if (code !== 9) {
      const [id, path] = await productHibah(t, staff, code);
      products[code] = { id, path };
    }
  }
  const slipPayment = await slipPaidWill(t, staff);
  return {
    wills: { draft, filled, comprehensive, submitted, registered: registered.id, cancelled },
    willOwner: registered.c.token,
    pendingAmendment,
    willAmendment: { will: amended.id, id: willAmendment, owner: amended.c.token },
    hibah: { id: hibah.id, owner: hibah.c.token, amendment: amendment.id },
    products,
    slipPayment,
  };
}
