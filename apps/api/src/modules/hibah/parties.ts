/**
 * The parties of a hibah (issue 5 "Parties"; reference §2.5): receivers (penerima), caretakers
 * (penjaga; required for minor receivers), heirs (estate trust) and witnesses (saksi), as child kinds
 * (children.ts), and the receivers' signatures (signpenerima).
 *
 * - A receiver whose MyKad shows an age under 18 is a minor (`is_minor`, domain `isMinorMykad`).
 * - A caretaker may name the minor receiver in their care (`receiver_id`, 422 `hibah.receiver_not_minor`).
 * - A witness may not be the grantor, a minor, an heir, a receiver, the spouse of one, nor twice (the one witness
 *   rule, ADR 0259; 422 on `ic_number`). Witnesses may change until
 *   the registration is completed (the domain's `HIBAH_STEP_STATUSES.witnesses`; issue 34, ADR 0223); one who
 *   has confirmed is not changed or removed (422 `hibah.already_confirmed`); one added while the hibah awaits
 *   its witnesses (status 4) is mailed their link at once.
 * - `GET /hibah/{id}/receiver/validate-signature` → `{ valid, count, receivers: [{ id, name }] }`: the
 *   receivers without a valid signature (reference §2.5 reads `count` and `receivers[].name`).
 */
import { H, HC, HIBAH_STATUS, isMinorMykad, type SignatureMethod } from '@wasiat/domain';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import {
  attachments,
  hibah_caretakers,
  hibah_heirs,
  hibah_property_receivers,
  hibah_receivers,
  hibah_user_details,
  hibah_witnesses,
  hibahs,
  signature_events,
  users,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { checkFile, decodeBase64, Uploads } from '../../platform/files/uploads.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import { assertOwnerAlive, assertWitnessMayWitness } from '../instruments/index.ts';
import { assertSignatureDrawn } from '../wills/index.ts';
import type { ChildKind } from './children.ts';
import { corporateGrantor } from './company.ts';
import { hibahDocumentVersion } from './document-version.ts';
import { mailPartyLinks } from './links.ts';
import { assertGrantor } from './policy.ts';
import { type Actor, asDb, audit, type Conn, findVisibleHibah } from './service.ts';

/** Receivers: minor flag from the MyKad; preference and limit from the domain's `OFFER_RULES.hibah.receiver`. */
export const RECEIVER: ChildKind = {
  table: hibah_receivers,
  entity: 'receiver',
  async check(_tx, _h, values) {
    values.is_minor = isMinorMykad(values.ic_number as string | undefined);
  },
  async onDelete(tx, id) {
    await tx.delete(hibah_property_receivers).where(eq(hibah_property_receivers.receiver_id, id));
    await tx.update(hibah_caretakers).set({ receiver_id: null }).where(eq(hibah_caretakers.receiver_id, id));
  },
};

/**
 * Caretakers: the named receiver must be a minor receiver of the same hibah; limit `OFFER_RULES.hibah.caretaker`.
 * The allowance (ADR 0027; the body is checked by the domain's `hibahCaretakerSchema`: amount in sen ≥ 0
 * and frequency required when `has_allowance`, the "other" text when the frequency is `other`): with the
 * allowance off no amount or frequency is kept, and the "other" text only with the frequency `other`.
 */
export const CARETAKER: ChildKind = {
  table: hibah_caretakers,
  entity: 'caretaker',
  async check(tx, h, values) {
    values.has_allowance = values.has_allowance === true;
    if (!values.has_allowance) {
      values.allowance_amount_sen = null;
      values.allowance_frequency = null;
    }
    if (values.allowance_frequency !== 'other') values.other_allowance_frequency = null;
    const rid = values.receiver_id as string | undefined;
    if (!rid) return;
    const [r] = await tx
      .select()
      .from(hibah_receivers)
      .where(and(eq(hibah_receivers.id, rid), eq(hibah_receivers.hibah_id, h.id)));
    if (!r?.is_minor) throw fieldError('receiver_id', H.receiverNotMinor);
  },
};

/** Heirs of the grantor (estate trust part E). */
export const HEIR: ChildKind = { table: hibah_heirs, entity: 'heir' };

/** A witness who has confirmed has attested the registration: not changed or removed. @throws 422. */
async function assertUnconfirmed(tx: Conn, id: string) {
  const [w] = await tx
    .select({ confirmed_at: hibah_witnesses.confirmed_at })
    .from(hibah_witnesses)
    .where(eq(hibah_witnesses.id, id));
  if (w?.confirmed_at) throw fieldError('_', H.alreadyConfirmed);
}

/**
 * Witnesses (part I; the step `witnesses`: until registered): not a signatory of a corporate grantor (ADR 0165),
 * then the one witness rule of every instrument (issue 41 item 2, ADR 0259; domain `witnessRefusal`): not the
 * grantor, not under 18 by the MyKad, not an heir (estate trust) or a receiver, not the spouse of one (the spouse
 * MyKad they gave, or a party recorded as husband or wife), not twice — 422 on `ic_number` (or
 * `spouse_ic_number`). A hibah takes effect in life: it has no executor (wasi). A confirmed witness stays as they
 * confirmed.
 */
export const WITNESS: ChildKind = {
  table: hibah_witnesses,
  entity: 'witness',
  step: 'witnesses',
  async onDelete(tx, id) {
    await assertUnconfirmed(tx, id);
  },
  async afterCreate(ctx, h, row) {
    // The witnesses there were when the hibah came to await them were mailed then (transitions.ts).
    if (h.status === HIBAH_STATUS.awaitingWitnesses) await mailPartyLinks(ctx, h.id, 'witness', 'ms', false, row.id);
  },
  async check(tx, h, values, id) {
    if (id) await assertUnconfirmed(tx, id);
    const ic = values.ic_number as string;
    // Nor one who signs for a corporate grantor (ADR 0165).
    const company = await corporateGrantor(tx, h.id);
    if (company?.signatories.some((s) => s.ic_number === ic)) throw fieldError('ic_number', HC.witnessIsSignatory);
    const [g] = await tx.select({ ic: users.ic_number }).from(users).where(eq(users.id, h.user_id));
    const [d] = await tx
      .select({ ic: hibah_user_details.ic_number })
      .from(hibah_user_details)
      .where(eq(hibah_user_details.hibah_id, h.id));
    const party = { ic_number: hibah_receivers.ic_number, relationship: hibah_receivers.relationship };
    const others = await tx
      .select({ ic: hibah_witnesses.ic_number })
      .from(hibah_witnesses)
      .where(and(eq(hibah_witnesses.hibah_id, h.id), id ? ne(hibah_witnesses.id, id) : undefined));
    const parties = {
      principals: [g?.ic, d?.ic],
      heirs: await tx
        .select({ ic_number: hibah_heirs.ic_number, relationship: hibah_heirs.relationship })
        .from(hibah_heirs)
        .where(eq(hibah_heirs.hibah_id, h.id)),
      receivers: await tx.select(party).from(hibah_receivers).where(eq(hibah_receivers.hibah_id, h.id)),
      others: await tx
        .select({ ic_number: hibah_caretakers.ic_number, relationship: hibah_caretakers.relationship })
        .from(hibah_caretakers)
        .where(eq(hibah_caretakers.hibah_id, h.id)),
      witnesses: others.map((o) => o.ic),
    };
    assertWitnessMayWitness(
      { ic_number: ic, spouse_ic_number: values.spouse_ic_number as string | null | undefined },
      parties,
      'hibah',
    );
  },
};

/**
 * Whether receiver `r` may accept (sign) now: while receivers sign (status 3, draft accepted), or — for a
 * receiver added by an amendment who has not accepted yet — once the amended hibah is registered
 * (status 5; issue 21 item 5: asked to accept like the first ones).
 */
export function receiverMaySign(
  h: { status: number; is_draft_accepted: boolean },
  r: { signed_at: Date | null },
): boolean {
  if (h.status === 3 && h.is_draft_accepted) return true;
  return h.status === 5 && !r.signed_at;
}

/** Receivers of a hibah still without a signature. */
export async function unsignedReceivers(db: Conn, hibahId: string) {
  return db
    .select({ id: hibah_receivers.id, name: hibah_receivers.name })
    .from(hibah_receivers)
    .where(and(eq(hibah_receivers.hibah_id, hibahId), isNull(hibah_receivers.signed_at)));
}

/**
 * `GET /hibah/{id}/receiver/validate-signature`: whether every receiver's signature is valid — a
 * signature counts when its attachment exists and is the receiver's current one. No receivers → not valid.
 * @returns `{ valid, count, receivers }` — `count` receivers still to sign, listed by `{ id, name }`.
 */
export async function validateReceiverSignatures(db: Conn, user: AuthUser, hibahId: string) {
  const h = await findVisibleHibah(db, user, hibahId);
  const rows = await db
    .select({ r: hibah_receivers, a: attachments.id })
    .from(hibah_receivers)
    .leftJoin(attachments, eq(attachments.id, hibah_receivers.signature_id))
    .where(eq(hibah_receivers.hibah_id, h.id));
  const missing = rows.filter((x) => !x.r.signed_at || !x.a).map((x) => ({ id: x.r.id, name: x.r.name }));
  return { valid: rows.length > 0 && missing.length === 0, count: missing.length, receivers: missing };
}

/**
 * Save a receiver's signature (signpenerima): PNG only, not blank (422 `validation.signature_required`).
 * Allowed when the draft was accepted (status 3, `is_draft_accepted`) or, for a receiver added by an
 * amendment, once registered ({@link receiverMaySign}); else 422 `hibah.draft_not_accepted`. A minor
 * (`is_minor`) is not signed for on the grantor's device (`actor` set): 422
 * `hibah.minor_accepts_through_caretaker` on `_` — the caretaker accepts by link and code (ADR 0167).
 * Records the signature facts (who saved it, whose it is, when, IP, document version; ADR 0015).
 * `actor` is null when the receiver signs through a signed link (no account); `client` is then the
 * link user's IP and User-Agent, and the link's sent/opened times go with the facts (ADR 0074).
 * `caretakerId`: a minor's acceptance (qabul) given by this caretaker with their own code (issue 21 item 4).
 * `method`: how the signature was made as the client sent it (`signature_method`, drawn | typed; ADR 0123).
 */
export async function signAsReceiver(
  ctx: Ctx,
  actor: Actor | null,
  hibahId: string,
  receiverId: string,
  dataUrl: string,
  client?: { ip?: string; userAgent?: string },
  caretakerId: string | null = null,
  method: SignatureMethod = 'drawn',
) {
  const ip = client?.ip;
  const data = decodeBase64(dataUrl, 'signature');
  await checkFile(data, ['image/png'], 'signature');
  await assertSignatureDrawn(data, 'signature');
  // Stored before the transaction, recorded in it (ADR 0220).
  const uploads = new Uploads(ctx.store);
  const staged = await uploads.stage({
    ownerType: 'HibahReceiver',
    ownerId: receiverId,
    data,
    allowed: ['image/png'],
    field: 'signature',
  });
  return uploads.settle(
    ctx.db.transaction(async (tx) => {
      if (actor) {
        const h = await findVisibleHibah(tx, actor.user, hibahId, true);
        assertGrantor(actor.user, h);
      }
      const [h] = await tx.select().from(hibahs).where(eq(hibahs.id, hibahId)).for('update');
      if (!h) throw notFound();
      // Acceptance (qabul) must come in the grantor's life: a verified death locks the hibah (ADR 0261).
      await assertOwnerAlive(tx, h.user_id);
      const [r] = await tx
        .select()
        .from(hibah_receivers)
        .where(and(eq(hibah_receivers.id, receiverId), eq(hibah_receivers.hibah_id, h.id)));
      if (!r) throw notFound();
      if (!receiverMaySign(h, r)) throw fieldError('_', H.draftNotAccepted);
      // A minor's acceptance (qabul) is the caretaker's, through their link and code (issue 21 item 4; ADR 0167).
      if (actor && r.is_minor) throw fieldError('_', H.minorAcceptsThroughCaretaker);
      const att = await uploads.record(asDb(tx), staged, {
        attachableType: 'HibahReceiver',
        attachableId: r.id,
        type: 'signature',
        description: 'receiver',
        uploadedBy: actor?.user.id ?? null,
        replace: true,
      });
      const now = new Date();
      const [after] = await tx
        .update(hibah_receivers)
        .set({ signature_id: att.id, signed_at: now, accepted_by_caretaker_id: caretakerId })
        .where(eq(hibah_receivers.id, r.id))
        .returning();
      await tx.insert(signature_events).values({
        signable_type: 'Hibah',
        signable_id: h.id,
        role: 'receiver',
        signer_name: r.name,
        witness_id: r.id,
        attachment_id: att.id,
        actor_id: actor?.user.id ?? null,
        ip: actor?.ip ?? ip ?? null,
        user_agent: (actor ? actor.userAgent : client?.userAgent) ?? null,
        // Through a link: when it was mailed and first opened; on the grantor's device: not recorded.
        sent_at: actor ? null : r.link_sent_at,
        viewed_at: actor ? null : r.link_viewed_at,
        document_sha256: await hibahDocumentVersion(tx, h.id),
        method,
        signed_at: now,
      });
      const who = actor ?? { user: { id: null } as unknown as AuthUser, ip };
      await audit(
        tx,
        who,
        'hibah.receiver.sign',
        h.id,
        { signature_id: r.signature_id },
        { receiver_id: r.id, signature_id: after.signature_id },
      );
      return after;
    }),
  );
}

/**
 * `POST /hibah/{id}/signature { signature, signature_method? }`: the grantor's own signature (part H), PNG,
 * not blank; the grantor only (403), while status 0/1 (422 `hibah.not_editable`). Replaces the previous one
 * (signing again after the content changed) and records the signature facts with the method the client sent
 * (drawn | typed; ADR 0123). @returns the attachment id.
 */
export async function signAsGrantor(
  ctx: Ctx,
  actor: Actor,
  hibahId: string,
  dataUrl: string,
  method: SignatureMethod = 'drawn',
) {
  const data = decodeBase64(dataUrl, 'signature');
  await checkFile(data, ['image/png'], 'signature');
  await assertSignatureDrawn(data, 'signature');
  // Stored before the transaction, recorded in it (ADR 0220).
  const uploads = new Uploads(ctx.store);
  const staged = await uploads.stage({
    ownerType: 'Hibah',
    ownerId: hibahId,
    data,
    allowed: ['image/png'],
    field: 'signature',
  });
  return uploads.settle(
    ctx.db.transaction(async (tx) => {
      const h = await findVisibleHibah(tx, actor.user, hibahId, true);
      assertGrantor(actor.user, h);
      if (h.status !== 0 && h.status !== 1) throw fieldError('_', H.notEditable);
      await assertOwnerAlive(tx, h.user_id); // a verified death locks the hibah (ADR 0261)
      const att = await uploads.record(asDb(tx), staged, {
        attachableType: 'Hibah',
        attachableId: h.id,
        type: 'signature',
        description: 'grantor',
        uploadedBy: actor.user.id,
        replace: true,
      });
      await tx.update(hibahs).set({ signature_id: att.id }).where(eq(hibahs.id, h.id));
      const [d] = await tx
        .select({ name: hibah_user_details.name })
        .from(hibah_user_details)
        .where(eq(hibah_user_details.hibah_id, h.id));
      await tx.insert(signature_events).values({
        signable_type: 'Hibah',
        signable_id: h.id,
        role: 'grantor',
        signer_name: d?.name ?? actor.user.name,
        attachment_id: att.id,
        actor_id: actor.user.id,
        ip: actor.ip ?? null,
        user_agent: actor.userAgent ?? null,
        // The document was made available to the grantor when the hibah was created (as a will's testator; ADR 0072).
        sent_at: h.created_at,
        document_sha256: await hibahDocumentVersion(tx, h.id),
        method,
        signed_at: new Date(),
      });
      await audit(tx, actor, 'hibah.sign', h.id, { signature_id: h.signature_id }, { signature_id: att.id });
      return att.id;
    }),
  );
}
