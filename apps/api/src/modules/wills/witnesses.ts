/**
 * Witnesses of a will (part g; spec §5 "Witness name, MyKad, email, address, postcode and signature
 * are all required"; reference §3.1 Part H). The signature comes with the witness as a PNG data URL
 * and is stored as an attachment (`Witness`, type `signature`); witness and signature are saved in
 * one transaction, so a refused signature (not a PNG, or blank: 422 `validation.signature_required`)
 * saves nothing. Each saved signature records its facts (signature-facts.ts, ADR 0015).
 *
 * Who may witness is the one witness rule of every instrument (issue 41 item 2, ADR 0259; domain
 * `witnessRefusal` through witness-parties.ts): not the testator (`wills.witness_is_testator`), not under 18 by
 * the MyKad (`witness.is_minor`), not an heir (`wills.witness_is_heir`), a receiver or bequest beneficiary
 * (`witness.is_receiver`), the spouse of one (`witness.is_spouse`; on `spouse_ic_number` when the spouse MyKad the
 * witness gave is theirs), the executor (`witness.is_executor`), nor the same person twice
 * (`wills.witness_duplicate`) — 422 on `ic_number` unless said. A change of the witness's MyKad or e-mail clears
 * how they were identified (witness-identity.ts). Part g is done while the will has ≥ 2 witnesses with
 * signatures (and un-done when one is removed below that).
 */
import { randomBytes } from 'node:crypto';
import type { SignatureMethod } from '@wasiat/domain';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { attachments, wills, witnesses } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { checkFile, decodeBase64, type StagedUpload, Uploads } from '../../platform/files/uploads.ts';
import { notFound } from '../../platform/http/errors.ts';
import { willScope } from './policy.ts';
import { asDb, findVisibleWill } from './queries.ts';
import { type Actor, audit, type Conn, editableWill, markPartDone, unmarkPartDone } from './service.ts';
import { assertSignatureDrawn, recordSignature } from './signature-facts.ts';
import { MIN_WITNESSES, signedWitnessCount } from './transitions.ts';
import { checkWillWitness } from './witness-parties.ts';

type WitnessRow = typeof witnesses.$inferSelect;

export interface WitnessFields {
  name: string;
  ic_number: string;
  email: string;
  address: string;
  postcode: string;
  city?: string;
  state?: string;
  /** The witness's spouse's MyKad, when given (the witness rule; ADR 0259). */
  spouse_ic_number?: string;
  /** PNG data URL (required on create, optional on update). */
  signature?: string;
  /** How the signature was made (ADR 0123; default `drawn`). */
  signature_method?: SignatureMethod;
}

/** The witnesses of a visible will, oldest first. */
export async function listWitnesses(db: Db, user: AuthUser, willId: string) {
  const will = await findVisibleWill(db, user, willId);
  return db
    .select()
    .from(witnesses)
    .where(and(eq(witnesses.witnessable_type, 'Wasiat'), eq(witnesses.witnessable_id, will.id)))
    .orderBy(witnesses.created_at);
}

/** One witness whose will the caller may see (404 otherwise), with that will. */
export async function findWitness(db: Conn, user: AuthUser, id: string) {
  const [hit] = await db
    .select({ row: witnesses, will: wills })
    .from(witnesses)
    .innerJoin(wills, and(eq(wills.id, witnesses.witnessable_id), eq(witnesses.witnessable_type, 'Wasiat')))
    .where(and(eq(witnesses.id, id), willScope(user)));
  if (!hit) throw notFound();
  return hit;
}

/** Mark part g done or not from the number of signed witnesses. */
async function syncPartG(tx: Conn, willId: string) {
  if ((await signedWitnessCount(tx, willId)) >= MIN_WITNESSES) await markPartDone(tx, willId, 'g');
  else await unmarkPartDone(tx, willId, 'g');
}

/** Check a signature data URL (PNG, ≤ 5 MB, by magic bytes) before anything is written. */
async function signatureBytes(dataUrl: string) {
  const data = decodeBase64(dataUrl, 'signature');
  await checkFile(data, ['image/png'], 'signature');
  await assertSignatureDrawn(data, 'signature');
  return data;
}

const fieldsOf = (f: WitnessFields) => ({
  name: f.name,
  ic_number: f.ic_number,
  email: f.email.toLowerCase(),
  address: f.address,
  postcode: f.postcode,
  city: f.city ?? null,
  state: f.state ?? null,
  spouse_ic_number: f.spouse_ic_number ?? null,
});

/**
 * Put a witness's signature into the file store before the transaction that records it ({@link storeSignature};
 * ADR 0220). `ownerId` (the route's id) only names the stored file.
 */
function stageSignature(uploads: Uploads, ownerId: string, data: Buffer) {
  return uploads.stage({ ownerType: 'Witness', ownerId, data, allowed: ['image/png'], field: 'signature' });
}

/** Record a witness's staged signature (replacing the previous one) and point the witness at it. */
async function storeSignature(
  uploads: Uploads,
  tx: Conn,
  actor: Actor,
  witness: { id: string; name: string; willId: string },
  staged: StagedUpload,
  method: SignatureMethod = 'drawn',
) {
  const witnessId = witness.id;
  const att = await uploads.record(asDb(tx), staged, {
    attachableType: 'Witness',
    attachableId: witnessId,
    type: 'signature',
    description: 'witness',
    uploadedBy: actor.user.id,
    replace: true,
  });
  await tx.update(witnesses).set({ signature_id: att.id }).where(eq(witnesses.id, witnessId));
  await recordSignature(tx, actor, {
    willId: witness.willId,
    role: 'witness',
    signerName: witness.name,
    witnessId,
    attachmentId: att.id,
    method,
  });
  return att.id;
}

/**
 * Add a witness to will `willId` (part g), with its signature or (signed later by {@link signWitness};
 * issue 20, ADR 0131) without — an unsigned witness does not count for part g.
 */
export async function createWitness(ctx: Ctx, actor: Actor, willId: string, f: WitnessFields) {
  const data = f.signature === undefined ? null : await signatureBytes(f.signature);
  const uploads = new Uploads(ctx.store);
  const staged = data ? await stageSignature(uploads, willId, data) : null;
  return uploads.settle(
    ctx.db.transaction(async (tx) => {
      const will = await editableWill(tx, actor.user, willId, 'g', true);
      await checkWillWitness(tx, will, f);
      const id = randomBytes(16).toString('base64url');
      await tx.insert(witnesses).values({ id, witnessable_type: 'Wasiat', witnessable_id: will.id, ...fieldsOf(f) });
      if (staged) {
        await storeSignature(uploads, tx, actor, { id, name: f.name, willId: will.id }, staged, f.signature_method);
      }
      await syncPartG(tx, will.id);
      const [row] = await tx.select().from(witnesses).where(eq(witnesses.id, id));
      await audit(tx, actor, 'witness.create', { type: 'Witness', id }, null, row);
      return row;
    }),
  );
}

/** Update a witness; a new signature (optional) replaces the old one. */
export async function updateWitness(ctx: Ctx, actor: Actor, id: string, f: WitnessFields) {
  const data = f.signature ? await signatureBytes(f.signature) : null;
  const uploads = new Uploads(ctx.store);
  const staged = data ? await stageSignature(uploads, id, data) : null;
  return uploads.settle(
    ctx.db.transaction(async (tx) => {
      const { row: before, will } = await findWitness(tx, actor.user, id);
      await editableWill(tx, actor.user, will.id, 'g', true);
      await checkWillWitness(tx, will, f, id);
      // Identified as someone else: a new MyKad or e-mail is identified again (ADR 0259).
      const samePerson = before.ic_number === f.ic_number && before.email === f.email.toLowerCase();
      const identity = samePerson ? {} : { identified_by: null, identified_at: null, identified_by_user_id: null };
      await tx
        .update(witnesses)
        .set({ ...fieldsOf(f), ...identity })
        .where(eq(witnesses.id, id));
      if (staged) {
        await storeSignature(uploads, tx, actor, { id, name: f.name, willId: will.id }, staged, f.signature_method);
      }
      await syncPartG(tx, will.id);
      const [after] = await tx.select().from(witnesses).where(eq(witnesses.id, id));
      await audit(tx, actor, 'witness.update', { type: 'Witness', id }, before, after);
      return after as WitnessRow;
    }),
  );
}

/**
 * `POST /witness/{id}/signature { is_base64, document, description? }` (reference §2.10): the witness's
 * PNG signature, drawn (422 `validation.signature_required` on `document` when not a drawn PNG), replacing
 * any earlier one; part g follows the signed count.
 * @returns the signature attachment id.
 */
export async function signWitness(ctx: Ctx, actor: Actor, id: string, dataUrl: string, method?: SignatureMethod) {
  const data = decodeBase64(dataUrl, 'document');
  await checkFile(data, ['image/png'], 'document');
  await assertSignatureDrawn(data, 'document');
  const uploads = new Uploads(ctx.store);
  const staged = await stageSignature(uploads, id, data);
  return uploads.settle(
    ctx.db.transaction(async (tx) => {
      const { row: before, will } = await findWitness(tx, actor.user, id);
      await editableWill(tx, actor.user, will.id, 'g', true);
      const att = await storeSignature(uploads, tx, actor, { id, name: before.name, willId: will.id }, staged, method);
      await syncPartG(tx, will.id);
      const [after] = await tx.select().from(witnesses).where(eq(witnesses.id, id));
      await audit(tx, actor, 'witness.sign', { type: 'Witness', id }, before, after);
      return att;
    }),
  );
}

/** Remove a witness and its signature attachment row. */
export async function deleteWitness(ctx: Ctx, actor: Actor, id: string) {
  await ctx.db.transaction(async (tx) => {
    const { row: before, will } = await findWitness(tx, actor.user, id);
    await editableWill(tx, actor.user, will.id, 'g', true);
    await tx.delete(witnesses).where(eq(witnesses.id, id));
    await tx
      .delete(attachments)
      .where(and(eq(attachments.attachable_type, 'Witness'), eq(attachments.attachable_id, id)));
    await syncPartG(tx, will.id);
    await audit(tx, actor, 'witness.delete', { type: 'Witness', id }, before, null);
  });
}
