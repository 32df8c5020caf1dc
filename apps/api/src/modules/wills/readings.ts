/**
 * Where the wills routes let another client contract read a request, without this module knowing that contract
 * (issue 34 item 4; ADR 0235, ADR 0255). The composition root registers them (the 2021 contract's adapter lives in
 * `apps/api/src/compat/v2021/wills/`); with none registered each is the module's own behaviour.
 *
 * - {@link registerMykadUploadReading}: which wizard part a MyKad image upload (`POST /wasiat/{id}/document`,
 *   type `mykad-front`/`mykad-back`) needs open: by default its own part, `document`, which follows the testator's
 *   particulars (part `c`); a reading may answer `c` — the images with the particulars, before they are saved
 *   (the 2021 client uploads both images first; ADR 0255).
 */
import type { FastifyRequest } from 'fastify';

/** The part a MyKad image needs open: `document` (ours) or `c` (with the particulars, before they are saved). */
type MykadUploadPart = 'document' | 'c';

/** A reading: the upload's request → the part its MyKad image needs open. */
type MykadUploadReading = (req: FastifyRequest) => MykadUploadPart;

let mykadUploadReading: MykadUploadReading = () => 'document';

/** Register how MyKad uploads are read (once, at start; the last registration wins). */
export function registerMykadUploadReading(fn: MykadUploadReading) {
  mykadUploadReading = fn;
}

/** The part a MyKad image upload needs open (the registered reading; `document` when none is registered). */
export const mykadUploadPart: MykadUploadReading = (req) => mykadUploadReading(req);
