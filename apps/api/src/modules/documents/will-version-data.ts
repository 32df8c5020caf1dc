/**
 * A will version's content laid over the live will's PDF data (ADRs 0021, 0074, 0099): what the PDF of an
 * earlier version and the amended will print.
 */

import type { Ctx } from '../../context.ts';
import type { wills } from '../../db/schema/index.ts';
import type { WillContent } from '../amendments/index.ts';
import { heirBequestsOfContent } from '../wills/index.ts';
import { imageDataUrl, type willPdfData } from './service.ts';

/**
 * The will PDF's data `base` (service.ts `willPdfData`) with version `v`'s particulars, people,
 * property and witness signatures in place of the live ones. No access check: callers decide who may read
 * the version (the PDF of an earlier version, ADR 0099; the amended will, ADR 0074). It lived in the amendments
 * module until ADR 0292: it shapes a PDF, and amendments no longer import the documents module.
 */
export async function withVersionContent(
  ctx: Ctx,
  base: Awaited<ReturnType<typeof willPdfData>>,
  w: typeof wills.$inferSelect,
  v: { version_no: number; content: WillContent },
) {
  const c = v.content;
  const names = new Map(c.receivers.map((r) => [r.id as string, r]));
  const lines = (shares: { receiver_id: string; portion: string }[]) =>
    shares.map((s) => ({
      name: String(names.get(s.receiver_id)?.name ?? '-'),
      relationship: String(names.get(s.receiver_id)?.relationship ?? ''),
      portion: s.portion,
      ic_number: (names.get(s.receiver_id)?.ic_number as string | null | undefined) ?? null,
    }));
  const detail = (c.user_detail ?? base.detail) as typeof base.detail;
  type B = typeof base;
  return {
    ...base,
    versionNo: v.version_no,
    detail,
    testatorName: (detail?.name as string) || base.testatorName,
    testatorIc: (detail?.ic_number as string) || base.testatorIc,
    will: { ...w, ...(c.estate as object) } as B['will'],
    heirs: c.heirs as unknown as B['heirs'],
    caretakers: c.caretakers as unknown as B['caretakers'],
    bequests: c.bequests as unknown as B['bequests'],
    moveables: c.moveables.map((p) => ({
      property: p as unknown as B['moveables'][0]['property'],
      shares: lines(p.shares),
    })),
    immoveables: c.immoveables.map((p) => ({
      property: p as unknown as B['immoveables'][0]['property'],
      shares: lines(p.shares),
    })),
    // The version's own bequests to heirs (ADR 0155); an acknowledgement is the live will's, not printed here.
    heirBequests: heirBequestsOfContent(c),
    heirBequestsAcknowledgedAt: null,
    witnesses: await Promise.all(
      c.witnesses.map(async (x) => ({
        name: String(x.name),
        ic_number: String(x.ic_number),
        signature: await imageDataUrl(ctx, (x.signature_id as string) ?? null),
        identified_by: (x.identified_by as string | null | undefined) ?? null,
      })),
    ),
  };
}
