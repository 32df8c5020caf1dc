/**
 * The certificate of an earlier version of a hibah (`GET /hibah/{id}/certificate?version=n`, ADR 0098): a
 * version made by an amendment is that amendment's amended hibah, printed by the documents module. The hibah
 * routes serve the path; the documents module registers the printer (ADR 0292), so hibah never imports
 * documents while documents reads hibah through its index.
 */
import type { Ctx } from '../../context.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import type { IssueActor } from '../../platform/documents/issued.ts';

/**
 * Prints version `versionNo` of hibah `hibahId` for `user` (null: a signed link, the current version only).
 * @returns the sealed PDF's bytes and its file name. @throws 404 when the version is unknown or not the user's.
 */
export type VersionCertificatePrinter = (
  ctx: Ctx,
  user: AuthUser | null,
  hibahId: string,
  versionNo: number,
  actor: IssueActor,
) => Promise<{ bytes: Buffer; filename: string }>;

let printer: VersionCertificatePrinter | undefined;

/** Register the printer of a hibah version's certificate (the documents module; the last registration wins). */
export function registerVersionCertificatePrinter(fn: VersionCertificatePrinter) {
  printer = fn;
}

/** Print a hibah version's certificate through the registered printer. @throws Error when none is registered. */
export const printVersionCertificate: VersionCertificatePrinter = (...args) => {
  if (!printer) throw new Error('hibah: no version certificate printer is registered (documents module)');
  return printer(...args);
};
