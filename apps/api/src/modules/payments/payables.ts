/**
 * What can be paid for: the registry of payable kinds (reference §2.7 `paymentable_type`; spec §1
 * "payments for wills, amendments and hibah products"; ADR 0016).
 *
 * The payments module owns the money rules (amounts from the server's price minus a server-validated
 * promo, one settled payment per payable, receipts, audit). The module that owns the record (wills,
 * amendments, hibah, …) registers a {@link PayableKind} that tells the payments module, for one record:
 * who may see it (its own policy, 404 otherwise), its price in sen, whether its status allows a payment,
 * and what to record on the record when a payment is made or settled. Registration happens when the
 * owning module registers its routes (like `registerSignableRoute`).
 */
import { P } from '@wasiat/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { fieldError } from '../../platform/http/errors.ts';

/** The payments module's view of a payable record. Money in integer sen. */
export interface PayableState {
  /** `paymentable_type`, e.g. `Wasiat`, `Amendment`, `Hibah`. */
  type: string;
  id: string;
  /** The owning organisation: its payment modes and promo codes apply (null = provider / none). */
  organizationId: string | null;
  /** Price fixed by the owning module, in sen; null = not priced yet (422 `payments.price_missing`). */
  priceSen: number | null;
  /** Whether the record's status allows a payment now (else 422 `payments.will_not_payable`). */
  payable: boolean;
  /**
   * A further payment of what is still due is allowed although an earlier one settled (an amendment's change
   * of the will's type, ADR 0253): `priceSen` is then what is due. Else a settled payment → 422 already paid.
   */
  topUp?: boolean;
}

/** What happened, for {@link PayableKind.onRecorded}. */
export interface RecordedPayment {
  paymentId: string;
  optionId: number;
  /** Discount applied by a promo code, in sen (0 without a code). */
  discountSen: number;
  /** Nothing was due: the payment is `waived` (already settled). */
  waived: boolean;
  /** A manual mode (direct, cash, …) waiting for confirmation by staff. */
  manual: boolean;
  now: Date;
}

/** The payer of a payable, for receipts and gateway bills (issue 7). */
export interface PayerInfo {
  name: string;
  ic: string | null;
  email: string | null;
  /** E.164, e.g. +60123456789. */
  mobile: string | null;
  /** Plan code of a will (basic | comprehensive), else null. */
  plan: string | null;
  /** One-line description of what is paid for, e.g. the will number; null when none. */
  item: string | null;
}

/**
 * What the gateway's return page (/payment-status) needs to name a payable and lead back to it (issue 37
 * item 3; ADR 0242): the record that owns the payable page. Only the keys that apply are set.
 */
interface PayableSummary {
  /** The will paid for, or the will an amendment changes. */
  wasiat_id?: string;
  /** The hibah paid for, or the hibah an amendment changes. */
  hibah_id?: string;
  /** The hibah's product code (`HIBAH_TYPES` of @wasiat/domain; 12 = the one-cent trust), named by the page. */
  hibah_type?: number;
  /** The amendment paid for. */
  amendment_id?: string;
  /** The record's own number once it has one (will, hibah or amendment number, qurban reference); else null. */
  reference?: string | null;
}

/** One kind of payable record, registered by the module that owns it. */
export interface PayableKind {
  type: string;
  /**
   * The record if `user` may see it (and so pay for it and read its payments), by the owning module's
   * policy. @throws 404 (`notFound()`) otherwise.
   */
  loadVisible(db: Db, user: AuthUser, id: string): Promise<PayableState>;
  /** Lock the record (`SELECT … FOR UPDATE`) inside `tx` and return its state; undefined when gone. */
  lock(tx: Db, id: string): Promise<PayableState | undefined>;
  /** In the payment's transaction, after a payment was recorded (pending, or waived). */
  onRecorded?(tx: Db, state: PayableState, info: RecordedPayment): Promise<void>;
  /** In the transaction that settles a payment as `paid` or `waived` (e.g. set `payment_received_at`). */
  onPaid(tx: Db, state: PayableState, now: Date): Promise<void>;
  /**
   * The will id the gateway's return page belongs to, for kinds that return to a will's page (an
   * amendment → `/wasiat/{wasiat_id}/pindaanPayVerified`; sandbox-page.ts `afterGatewayUrl`).
   */
  returnWillId?(db: Db, id: string): Promise<string | undefined>;
  /**
   * Optional (ADR 0242): the record behind the payable for the payment status page of its payer
   * (`GET /api/payment-status/{id}` → `payment.payable`). Called only for a caller who may see the payment.
   */
  summary?(db: Db, id: string): Promise<PayableSummary>;
  /**
   * Optional (ADR 0248): the ids of this kind's records whose payer (owner) is `userId`, as a SQL subquery
   * (`SELECT id FROM … WHERE user_id = …`), so the payer's history also lists what staff recorded for them
   * (an offline or confirmed payment). Without it, a kind's payments appear in the history of whoever made them.
   */
  payerRecords?(userId: string): SQL;
  /** Extra keys of the `POST /api/payment` reply, e.g. `{ wasiat }` for a will. */
  reply?(db: Db, id: string): Promise<Record<string, unknown>>;
  /**
   * Optional (issue 7; issue 42): who pays and what for, for many records at once — each record's paying account
   * (`userId`), its one-line item (e.g. the will number) and plan code, and a name or MyKad the record holds itself
   * (which wins over the account's). payers.ts adds the accounts' particulars in one query (receipt e-mail, gateway
   * bill, WhatsApp pay link, the payment queue, the payer's history, the SOA). Records not found are left out.
   */
  payers?(db: Db, ids: readonly string[]): Promise<PayerRecord[]>;
  /**
   * Optional (issue 7): in the transaction where a financing (mode 4) application is rejected by the
   * bank — reject the record with `reason` (for a will: spec §4 "rejected because financing was not
   * approved by the bank").
   */
  onRejected?(tx: Db, state: PayableState, reason: string, now: Date): Promise<void>;
  /** Message keys of this kind's 422s (defaults: `payments.not_payable`, `price_not_set`, `already_paid_generic`). */
  messages?: Partial<Record<'notPayable' | 'priceMissing' | 'alreadyPaid', string>>;
}

/** One record's payer as its kind knows it ({@link PayableKind.payers}). */
interface PayerRecord {
  /** The record's id (`paymentable_id`). */
  id: string;
  /** The account that pays (the record's owner); null when none. */
  userId: string | null;
  /** One-line description of what is paid for, e.g. the will number; null before one is given. */
  item: string | null;
  /** Plan code of a will (basic | comprehensive), else null. */
  plan?: string | null;
  /** A name the record holds itself (e.g. the will's particulars), preferred to the account's. */
  name?: string | null;
  /** A MyKad the record holds itself, preferred to the account's. */
  ic?: string | null;
}

const kinds = new Map<string, PayableKind>();

/** Register a payable kind (idempotent: the latest registration for a type wins). */
export function registerPayable(kind: PayableKind) {
  kinds.set(kind.type, kind);
}

/**
 * The kind registered for `type`.
 * @throws 422 `validation.choose` on `paymentable_type` when no module registered it.
 */
export function payableKind(type: string): PayableKind {
  const k = kinds.get(type);
  if (!k) throw fieldError('paymentable_type', P.payableUnknown);
  return k;
}

/**
 * WHERE clause (on `payments`) of the payments of `userId` as payer (ADR 0248): those they made themself, of
 * any payable kind — so a new kind is in their history by construction — and those of the records they own
 * by each kind's {@link PayableKind.payerRecords}. As a semi-join on the payment's id from a union of the few
 * payments each part finds by its index (`payments_created_by_idx`, `payments_owner_idx`), not an OR of the parts,
 * which read every payment (ADR 0277).
 */
export function payerPaymentsWhere(userId: string): SQL {
  const owned = [...kinds.values()].flatMap((k) =>
    k.payerRecords
      ? [
          sql`SELECT p.id FROM payments p WHERE p.paymentable_type = ${k.type} AND p.paymentable_id IN (${k.payerRecords(userId)})`,
        ]
      : [],
  );
  return sql`(payments.id IN (SELECT p.id FROM payments p WHERE p.created_by = ${userId}${sql.join(
    owned.map((o) => sql` UNION ALL ${o}`),
    sql``,
  )}))`;
}

/** The types registered so far (for documentation and tests). */
export const payableTypes = () => [...kinds.keys()];
