/**
 * Fixtures of the deaths tests (issue 40 items 1 and 2): a person with a registered will at the demo partner
 * organisation (the one a verified death tells), a reporter whose own eKYC passed, and a report's body.
 */
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { TestApp } from '../../../test/harness.ts';
import { branches, organizations, user_ekyc, wills } from '../../db/schema/index.ts';
import { dataUrl, faceCrop, syntheticMykad } from '../ekyc/test-images.ts';
import { type Client, newClient, PNG_A } from '../wills/test-fixtures.ts';

/** Registered on 23 Nov 2026, 14:05 in Kuala Lumpur. */
const REGISTERED_AT = new Date('2026-11-23T06:05:00Z');

/** A client with a registered will (status 2, a W number) registered with the demo organisation. */
export async function personWithRegisteredWill(t: TestApp): Promise<Client & { willId: string; wasiatNo: string }> {
  const c = await newClient(t);
  const [org] = await t.ctx.db.select().from(organizations).where(eq(organizations.code, 'DEMO'));
  const [branch] = await t.ctx.db.select().from(branches).where(eq(branches.organization_id, org.id));
  const wasiatNo = `W2026-9${String(randomInt(0, 99_999)).padStart(5, '0')}`;
  const [w] = await t.ctx.db
    .insert(wills)
    .values({
      user_id: c.id,
      created_by: c.id,
      organization_id: org.id,
      branch_id: branch.id,
      wasiat_type: 1,
      plan: 'basic',
      status: 2,
      parts_done: ['a', 'b', 'payment', 'c', 'document', 'ekyc', 'd', 'f', 'g'],
      wasiat_no: wasiatNo,
      registered_at: REGISTERED_AT,
    })
    .returning();
  return { ...c, willId: w.id, wasiatNo };
}

/** A client whose own eKYC passed (ADR 0147): one who may report a death. */
export async function verifiedReporter(t: TestApp): Promise<Client> {
  const c = await newClient(t);
  await t.ctx.db.insert(user_ekyc).values({ user_id: c.id, ekyc_verified_at: new Date(), ekyc_method: 'Face' });
  return c;
}

/** A report's body for `ic` (a death on 1 Dec 2026, certificate BD 123456 unless given). */
export const reportBody = (ic: string, over: Record<string, unknown> = {}) => ({
  deceased_ic_number: ic,
  date_of_death: '2026-12-01',
  certificate_no: 'BD 123456',
  certificate: PNG_A,
  certificate_filename: 'sijil.png',
  relationship: 'heir',
  ...over,
});

/** A valid MyKad nobody has registered (born 1 Jan 1970). */
export const unregisteredMykad = () =>
  `700101${String(randomInt(10, 60))}${String(randomInt(0, 9999)).padStart(4, '0')}`;

let faces: Promise<{ mykad_image: string; selfie_image: string; other_selfie: string }> | undefined;

/**
 * The face eKYC images of a release's identity step (ADR 0295), as the e2e fixtures make them
 * (e2e/fixtures/make-mykad-images.ts): a MyKad front with face "d" and a selfie of the same face (a match), and a
 * selfie of another person (`other_selfie`, face "f": below the pass mark). Made once per test file.
 */
export function releaseFaces() {
  faces ??= (async () => {
    const jpeg = (b: Buffer, width: number) => sharp(b).resize({ width }).jpeg({ quality: 75 }).toBuffer();
    return {
      mykad_image: dataUrl(await jpeg(await syntheticMykad('d', { grey: false }), 428)),
      selfie_image: dataUrl(await jpeg(await faceCrop('d', 0.8), 320)),
      other_selfie: dataUrl(await jpeg(await faceCrop('f', 0.8), 320)),
    };
  })();
  return faces;
}
