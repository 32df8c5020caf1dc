/**
 * The will PDF's wasiat wajibah data (issue 41 item 6; ADR 0270): the wills module's reading of the will's
 * predeceased children and the rule worked out on its estate (wills/wajibah.ts, through the module's index),
 * added to the PDF data as `wajibah` (pdf/will-wajibah.ts prints it). Reads only.
 */
import type { Ctx } from '../../context.ts';
import type { wills } from '../../db/schema/index.ts';
import { wajibahOfWillRow } from '../wills/index.ts';
import type { WillWajibahPdf } from './pdf/will-wajibah.ts';

/** `data` with `wajibah` set from will `w`. */
export async function withWajibah<T extends object>(
  ctx: Ctx,
  w: typeof wills.$inferSelect,
  data: T,
): Promise<T & { wajibah: WillWajibahPdf }> {
  const r = await wajibahOfWillRow(ctx.db, w);
  return {
    ...data,
    wajibah: {
      predeceased_children: r.predeceased_children.map(({ name, sex, died_on, children }) => ({
        name,
        sex,
        died_on,
        children: children.map((c) => ({ name: c.name, sex: c.sex })),
      })),
      wasiat_wajibah: r.wasiat_wajibah,
      state: r.state,
      net_sen: r.net_sen,
    },
  };
}
