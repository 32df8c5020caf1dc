/**
 * Issued sealed documents and their verification (issue 11 "Sealed documents"; ADRs 0070, 0071).
 *
 * - {@link issueSealed}: the one way a document leaves the platform — render, seal (seal.ts), keep the
 *   sealed bytes in the file store and their SHA-256 in `issued_documents`, audit `document.issue` on
 *   the record. The same content (fingerprinted by a canonical JSON of what the PDF prints) is served
 *   from the stored bytes, so downloads of an unchanged document are byte-identical; changed content is
 *   a new version with its own hash, and earlier versions stay registered.
 * - {@link checkIssued}: whether uploaded bytes are exactly one of the record's issued versions.
 * - {@link previousDocumentSha256}: "the previous one" an amended will or hibah names (ADRs 0074, 0098, 0099).
 *
 * Generic over the record (`subjectType` "Wasiat" | "Hibah" | …, and its id) and the document kind, so
 * other modules reuse both for receipts, amendments and hibah documents.
 */
import { createHash } from 'node:crypto';
import { translate } from '@wasiat/domain';
import { and, desc, eq, gte, lt, or, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/schema/_common.ts';
import { issued_documents } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/audit.ts';
import { canonicalJson } from './canonical-json.ts';
import { type SealMeta, sealPdf } from './seal.ts';

/** "Malay / English" seal reason of a `sealed.seal.*` key (e.g. `will_reason`, `hibah_reason`). */
export const sealReason = (key: string) =>
  `${translate(`sealed.seal.${key}`, 'ms')} / ${translate(`sealed.seal.${key}`, 'en')}`;

/** SHA-256 (hex) of bytes. */
export const sha256Hex = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

/** Which record a document belongs to, and what kind of document it is. */
export interface DocumentSubject {
  /** "Wasiat" | "Hibah" | "Amendment" … (the audit trail's entity type). */
  subjectType: string;
  subjectId: string;
  /** will | receipt | amendment | hibah | certificate … */
  kind: string;
}

/** Who caused the issue (for the audit event); null for a signed-link download. */
export interface IssueActor {
  userId: string | null;
  ip?: string;
}

/**
 * Issue (or re-serve) a sealed PDF.
 * @param content everything the PDF prints (plain data; dates allowed) — its canonical JSON is the
 *   version fingerprint. Must change whenever the printed document would change.
 * @param render makes the unsealed PDF from that content (called only for a new version); it is given the
 *   content's fingerprint (SHA-256 hex), which a will PDF prints at the foot of every page (ADR 0266).
 * @param meta the seal's reason etc. (seal.ts).
 * @returns the sealed bytes and their SHA-256.
 */
export async function issueSealed(
  ctx: Ctx,
  subject: DocumentSubject,
  content: unknown,
  render: (contentSha256: string) => Promise<Buffer>,
  meta: SealMeta,
  actor: IssueActor,
): Promise<{ bytes: Buffer; sha256: string; issuedAt: Date }> {
  const contentSha = sha256Hex(canonicalJson(content));
  const where = and(
    eq(issued_documents.subject_type, subject.subjectType),
    eq(issued_documents.subject_id, subject.subjectId),
    eq(issued_documents.kind, subject.kind),
    eq(issued_documents.content_sha256, contentSha),
  );
  const [existing] = await ctx.db.select().from(issued_documents).where(where).limit(1);
  if (existing) {
    return { bytes: await ctx.store.get(existing.storage_key), sha256: existing.sha256, issuedAt: existing.issued_at };
  }
  const sealed = await sealPdf(await render(contentSha), meta);
  const id = newId();
  const key = `issued/${subject.subjectType}/${subject.subjectId}/${id}.pdf`;
  await ctx.store.put(key, sealed);
  const sha = sha256Hex(sealed);
  const issuedAt = new Date();
  const won = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .insert(issued_documents)
      .values({
        id,
        subject_type: subject.subjectType,
        subject_id: subject.subjectId,
        kind: subject.kind,
        content_sha256: contentSha,
        sha256: sha,
        size_bytes: sealed.length,
        storage_key: key,
        issued_at: issuedAt,
      })
      .onConflictDoNothing()
      .returning({ id: issued_documents.id });
    if (rows.length === 0) return false;
    await recordAudit(tx as unknown as Db, {
      actorId: actor.userId,
      action: 'document.issue',
      entityType: subject.subjectType,
      entityId: subject.subjectId,
      after: { document_id: id, kind: subject.kind, sha256: sha, size_bytes: sealed.length },
      ip: actor.ip,
    });
    return true;
  });
  if (won) return { bytes: sealed, sha256: sha, issuedAt };
  // A concurrent request issued the same version first: serve theirs (ours is left unused).
  const [theirs] = await ctx.db.select().from(issued_documents).where(where).limit(1);
  await ctx.store.delete(key).catch(() => {});
  return { bytes: await ctx.store.get(theirs.storage_key), sha256: theirs.sha256, issuedAt: theirs.issued_at };
}

/** The answer of a document check (docs/api/documents.md `POST /public/wasiat/{id}/verify`). */
export interface DocumentCheck {
  /** True when the bytes are exactly one of the record's issued sealed documents. */
  registered: boolean;
  /** SHA-256 (hex) of the uploaded bytes. */
  sha256: string;
  /** Of the matching issued document, when registered. */
  kind: string | null;
  /** ISO 8601 UTC, when registered. */
  issued_at: string | null;
}

/** A registry subject: `issued_documents.subject_type` and `subject_id`. */
export interface IssuedSubject {
  type: string;
  id: string;
}

/**
 * Compare uploaded bytes with every issued version of the given subjects (a record and, for a will, its
 * amendments): registered when the SHA-256 equals one of theirs. An empty list matches nothing.
 */
export async function checkIssued(ctx: Ctx, subjects: IssuedSubject[], bytes: Buffer): Promise<DocumentCheck> {
  const sha = sha256Hex(bytes);
  const bySubject = subjects.map(
    (x) => and(eq(issued_documents.subject_type, x.type), eq(issued_documents.subject_id, x.id)) as SQL,
  );
  const [hit] = bySubject.length
    ? await ctx.db
        .select()
        .from(issued_documents)
        .where(and(eq(issued_documents.sha256, sha), or(...bySubject)))
        .orderBy(desc(issued_documents.issued_at))
        .limit(1)
    : [];
  return {
    registered: !!hit,
    sha256: sha,
    kind: hit?.kind ?? null,
    issued_at: hit?.issued_at.toISOString() ?? null,
  };
}

/**
 * "The previous one" an amended record's document names (issue 11 "An amendment is a new document that names
 * the previous one's hash"; ADRs 0074, 0098, 0099): the SHA-256 of the last sealed document *of the previous
 * version* issued before the amendment succeeded, or null when none was. The documents of the previous
 * version are the amended document of the amendment that made it (`madeBy`, registered under subject
 * "Amendment" with `amendmentKind`), and the record's live document (`subject` with `liveKind`) issued while
 * that version was current — after `madeBy`'s approval; for the original version, any. Documents of earlier
 * versions printed later (kinds `will_version`, `hibah_version`) are neither. Stable once the amendment has
 * succeeded: later issues are after `approvedAt`.
 * @param madeBy the succeeded amendment that made the previous version; undefined for the original version.
 * @param approvedAt when this amendment succeeded.
 */
export async function previousDocumentSha256(
  ctx: Ctx,
  opts: {
    subject: IssuedSubject;
    liveKind: string;
    amendmentKind: string;
    madeBy: { id: string; approved_at: Date | null; updated_at: Date } | undefined;
    approvedAt: Date;
  },
): Promise<string | null> {
  const { subject, madeBy } = opts;
  const [doc] = await ctx.db
    .select({ sha256: issued_documents.sha256 })
    .from(issued_documents)
    .where(
      and(
        lt(issued_documents.issued_at, opts.approvedAt),
        or(
          and(
            eq(issued_documents.subject_type, subject.type),
            eq(issued_documents.subject_id, subject.id),
            eq(issued_documents.kind, opts.liveKind),
            madeBy ? gte(issued_documents.issued_at, madeBy.approved_at ?? madeBy.updated_at) : undefined,
          ),
          madeBy
            ? and(
                eq(issued_documents.subject_type, 'Amendment'),
                eq(issued_documents.subject_id, madeBy.id),
                eq(issued_documents.kind, opts.amendmentKind),
              )
            : undefined,
        ),
      ),
    )
    .orderBy(desc(issued_documents.issued_at))
    .limit(1);
  return doc?.sha256 ?? null;
}
