/**
 * Fund transfers of a season to its executing partner, and the season ledger (issue 10; reference §2.15
 * `ez-qurban/fund-transfer`; ADR 0052). An Accountant (or Admin, `qurban:transfer`) records the amount
 * (sen), the bank reference, the date and time (Kuala Lumpur) and a proof document (PDF or image, checked
 * by content). The transfer and the ledger's `debit` are written in one transaction under the season
 * lock; a transfer above the season balance is refused (422 `programmes.over_balance`).
 */
import { type FundTransferInput, fundTransferSchema, PG, parseRinggit } from '@wasiat/domain';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { attachments, qurban_asset_transactions, qurban_fund_transfers } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import type { FileStore } from '../../platform/files/storage.ts';
import { DOCUMENT_TYPES, Uploads } from '../../platform/files/uploads.ts';
import { fieldError, fromZod, notFound } from '../../platform/http/errors.ts';
import { pageParams, toPage } from '../../platform/http/pagination.ts';
import type { MultipartFile } from '../programmes/index.ts';
import { appendEntry, lockSeason, recountSeason } from './ledger.ts';
import { serializeTransfer } from './serialize.ts';
import { getSeason } from './service.ts';

const inTx = <T>(db: Db, fn: (tx: Db) => Promise<T>) => db.transaction((tx) => fn(tx as unknown as Db));

/** Normalise the form fields (ringgit `amount`, date + time inputs) and validate them. @throws 422. */
export function parseTransferFields(f: Record<string, string>): FundTransferInput {
  const input: Record<string, unknown> = { ...f };
  if (!f.amount_sen && f.amount) input.amount_sen = parseRinggit(f.amount) ?? 'x';
  if (!f.fund_transferred_at && f.fund_transferred_at_date) {
    input.fund_transferred_at = `${f.fund_transferred_at_date} ${f.fund_transferred_at_time ?? ''}`.trim();
  }
  const r = fundTransferSchema.safeParse(input);
  if (!r.success) throw fromZod(r.error);
  return r.data;
}

/**
 * `POST /api/ez-qurban/fund-transfer` (multipart; fields of {@link fundTransferSchema}, proof `document`)
 * → 201 `{ fund_transfer, asset_transaction, balance_sen }`.
 * @throws 404 unknown season; 422 field errors, `programmes.proof_required` on `document`,
 *   `programmes.over_balance` on `amount_sen`.
 */
export async function recordTransfer(
  db: Db,
  store: FileStore,
  user: AuthUser,
  fields: Record<string, string>,
  proof: MultipartFile | undefined,
  ip?: string,
) {
  const body = parseTransferFields(fields);
  if (!proof) throw fieldError('document', PG.proofRequired);
  await getSeason(db, body.season_id);
  const [d, hm] = body.fund_transferred_at.split(/[ T]/);
  const at = new Date(`${d}T${hm}:00+08:00`);
  // The proof is stored before the transaction (under the season's id) and recorded in it (ADR 0220).
  const uploads = new Uploads(store);
  const staged = await uploads.stage({
    ownerType: 'QurbanFundTransfer',
    ownerId: body.season_id,
    data: proof.data,
    allowed: DOCUMENT_TYPES,
  });
  return uploads.settle(
    inTx(db, async (tx) => {
      await lockSeason(tx, body.season_id);
      const [f] = await tx
        .insert(qurban_fund_transfers)
        .values({
          season_id: body.season_id,
          amount_sen: body.amount_sen,
          reference: body.reference,
          description: body.description || null,
          fund_transferred_at: at,
          fund_for_transaction_date: body.fund_for_transaction_date || null,
          recorded_by: user.id,
        })
        .returning();
      const entry = await appendEntry(tx, {
        seasonId: body.season_id,
        type: 'debit',
        amountSen: body.amount_sen,
        sourceType: 'QurbanFundTransfer',
        sourceId: f.id,
      });
      const att = await uploads.record(tx, staged, {
        attachableType: 'QurbanFundTransfer',
        attachableId: f.id,
        type: 'proof',
        originalFilename: proof.filename,
        uploadedBy: user.id,
      });
      const [after] = await tx
        .update(qurban_fund_transfers)
        .set({ proof_attachment_id: att.id })
        .where(eq(qurban_fund_transfers.id, f.id))
        .returning();
      await recordAudit(tx, {
        actorId: user.id,
        action: 'qurban.fund_transfer',
        entityType: 'QurbanFundTransfer',
        entityId: f.id,
        before: null,
        after: { ...serializeTransfer(after), ledger_seq: entry.seq, balance_after_sen: entry.balance_after_sen },
        ip,
      });
      return {
        fund_transfer: serializeTransfer(after),
        asset_transaction: entry,
        balance_sen: entry.balance_after_sen,
      };
    }),
  );
}

/**
 * `GET /api/ez-qurban/fund-transfer?season_id&date=YYYY-MM[-DD]` → `{ fund_transfers: { data, … }, sum }`
 * (reference §2.15; `sum` in sen over the filter; `date` a KL day or month of `fund_transferred_at`).
 */
export async function listTransfers(db: Db, q: { season_id?: string; date?: string; limit?: number; page?: number }) {
  const local = sql`to_char(${qurban_fund_transfers.fund_transferred_at} AT TIME ZONE 'Asia/Kuala_Lumpur', 'YYYY-MM-DD')`;
  const where = and(
    q.season_id ? eq(qurban_fund_transfers.season_id, q.season_id) : undefined,
    q.date ? sql`${local} like ${`${q.date}%`}` : undefined,
  ) as SQL | undefined;
  const [agg] = await db
    .select({ n: sql<number>`count(*)::int`, s: sql<string>`coalesce(sum(${qurban_fund_transfers.amount_sen}), 0)` })
    .from(qurban_fund_transfers)
    .where(where);
  const p = pageParams(q);
  const rows = await db
    .select()
    .from(qurban_fund_transfers)
    .where(where)
    .orderBy(desc(qurban_fund_transfers.fund_transferred_at), desc(qurban_fund_transfers.id))
    .limit(p.per_page)
    .offset(p.offset);
  return { fund_transfers: toPage(rows.map(serializeTransfer), Number(agg.n), p), sum: Number(agg.s) };
}

/** The proof document of a transfer: `{ key, mime, filename }`. @throws 404. */
export async function transferProof(db: Db, id: string) {
  const [f] = await db.select().from(qurban_fund_transfers).where(eq(qurban_fund_transfers.id, id));
  if (!f?.proof_attachment_id) throw notFound();
  const [a] = await db.select().from(attachments).where(eq(attachments.id, f.proof_attachment_id));
  if (!a) throw notFound();
  return { key: a.storage_key, mime: a.mime_type, filename: a.original_filename ?? 'proof' };
}

/**
 * `GET /api/ez-qurban/season/{id}/ledger?limit&page` → `{ season, asset_transactions: { data: [{ seq, type,
 * amount_sen, current_total_sen, balance_after_sen, source_type, source_id, created_at }] }, recount }`
 * (`recount` from the sources; its `expected_balance_sen` equals `ledger_balance_sen`).
 */
export async function seasonLedger(db: Db, id: string, q: { limit?: number; page?: number }) {
  const season = await getSeason(db, id);
  const p = pageParams(q);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(qurban_asset_transactions)
    .where(eq(qurban_asset_transactions.season_id, id));
  const rows = await db
    .select()
    .from(qurban_asset_transactions)
    .where(eq(qurban_asset_transactions.season_id, id))
    .orderBy(asc(qurban_asset_transactions.seq))
    .limit(p.per_page)
    .offset(p.offset);
  return { season_id: season.id, asset_transactions: toPage(rows, Number(n), p), recount: await recountSeason(db, id) };
}
