/**
 * Registration of the domain modules' routes (one folder per module, DESIGN.md §2). Each route declares
 * `config.access` (auth/guard.ts); a route without it stops the server from starting.
 */
import type { FastifyInstance } from 'fastify';
import {
  absolutePayLinkOnRoutes,
  amendmentOnFlatRoutes,
  ekycOnWillRoutes,
  hibahAmendmentPartsOnFlatRoutes,
  hibahListOnRoutes,
  hibahOnFlatRoutes,
  memberPickerOnRoutes,
  membersOnRoutes,
  organisationBodiesOnRoutes,
  organisationOneOnRoutes,
  organisationsOnRoutes,
  originalAdminRoutes,
  originalEdge,
  paymentsOnWillRoutes,
  routeTokenRoutes,
  willStaffCallsOnRoutes,
  willsOnRoutes,
} from './compat/v2021/index.ts';
import type { Ctx } from './context.ts';
import { acceptancesRoutes } from './modules/acceptances/routes.ts';
import { amendmentsRoutes } from './modules/amendments/routes.ts';
import { assetsRoutes } from './modules/assets/routes.ts';
import { clientsRoutes } from './modules/clients/routes.ts';
import { consentsRoutes } from './modules/consents/routes.ts';
import { deathsRoutes } from './modules/deaths/routes.ts';
import { documentsRoutes } from './modules/documents/routes.ts';
import { ekycRoutes } from './modules/ekyc/routes.ts';
import { estatesRoutes } from './modules/estates/routes.ts';
import { ezQurbanRoutes } from './modules/ezqurban/routes.ts';
import { faraidRoutes } from './modules/faraid/routes.ts';
import { grantsRoutes } from './modules/grants/routes.ts';
import { hibahRoutes } from './modules/hibah/routes.ts';
import { institutionsRoutes } from './modules/institutions/routes.ts';
import { noticesRoutes } from './modules/notices/routes.ts';
import { organisationsRoutes } from './modules/organisations/routes.ts';
import { otpRoutes } from './modules/otp/routes.ts';
import { paymentsRoutes } from './modules/payments/routes.ts';
import { postcodesRoutes } from './modules/postcodes/routes.ts';
import { remindersRoutes } from './modules/reminders/routes.ts';
import { reportsRoutes } from './modules/reports/routes.ts';
import { securityRoutes } from './modules/security/routes.ts';
import { supportRoutes } from './modules/support/routes.ts';
import { tekunRoutes } from './modules/tekun/routes.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { willsRoutes } from './modules/wills/routes.ts';
import { auditRoutes } from './platform/audit/routes.ts';
import { registerStorageReconciliation } from './platform/files/reconcile.ts';
import { jobsRoutes } from './platform/jobs/routes.ts';
import { registerMailOutboxJob } from './platform/mail/outbox.ts';

export async function registerModules(api: FastifyInstance, ctx: Ctx) {
  // The file store against the rows, daily (ADR 0220).
  registerStorageReconciliation();
  // The mail outbox's retry job, every minute, for every module's mails (ADR 0280).
  registerMailOutboxJob();
  // The 2021 client's requests and refusals at the edge: query, null ids, states, field-named 422s (ADR 0255).
  originalEdge(api);
  // The 2021 staff's decline, reason, PDPA-reset and type-change bodies of a will's PATCH (issue 20, ADR 0182):
  // the first hook on that route, as when the wills module declared it itself.
  willStaffCallsOnRoutes(api, ctx);
  // The 2021 organisation bodies (2021 keys, partial PATCHes, the headquarters call; ADRs 0135–0138) and member
  // calls (`POST user` variant (d), the user-edit body of `PATCH user-access/{id}`; ADR 0164): the first hooks on
  // those routes, as when the organisations module declared them itself.
  organisationBodiesOnRoutes(api, ctx.db);
  membersOnRoutes(api, ctx);
  // The 2021 client's parts E–G of a hibah amendment onto its draft (issue 20, ADR 0180): before the hibah's own.
  hibahAmendmentPartsOnFlatRoutes(api, ctx);
  // The 2021 client's hibah calls on the wills module's flat paths (issue 20, ADR 0162): before those routes; it
  // also registers its readings and paths into the hibah module's routes (ADR 0240).
  hibahOnFlatRoutes(api, ctx);
  // Its hibah reads: the particulars, the product code as text, part F's shares (issue 20, ADR 0181; issue 39).
  hibahListOnRoutes(api, ctx);
  // The 2021 client's will-amendment calls on the wills and payments paths (issue 20, ADR 0163).
  amendmentOnFlatRoutes(api, ctx);
  // The 2021 client's cash and transfer payments as PATCHes of the will (issue 20, ADR 0163).
  paymentsOnWillRoutes(api, ctx);
  // The 2021 client's manual eKYC as a PATCH of the will: our staff review (issue 20, ADR 0182).
  ekycOnWillRoutes(api, ctx);
  // The will as the 2021 client reads it, and its MyKad images before its particulars (issue 39, ADR 0255).
  willsOnRoutes(api, ctx);
  // Its price lists in ringgit, member list and profile testators (issue 39, ADR 0255).
  organisationsOnRoutes(api, ctx);
  // Its organisation `1` (a client's fallback in part C) read as theirs or the provider (issue 39, ADR 0256).
  organisationOneOnRoutes(api, ctx);
  // Its agent picker: `user_accesses` with the organisation's agents for a caller who does not manage it.
  memberPickerOnRoutes(api);
  // Its gateway pay link absolute on our origin (issue 39 item 6, ADR 0256).
  absolutePayLinkOnRoutes(api, ctx);
  await usersRoutes(api, ctx);
  await organisationsRoutes(api, ctx);
  // Its organisation-administration calls without a counterpart of ours: logo, profile picture, testators,
  // pending approvals, an administrator's password link, placing a membership (issue 20; ADR 0164).
  await originalAdminRoutes(api, ctx);
  await willsRoutes(api, ctx);
  await paymentsRoutes(api, ctx);
  await documentsRoutes(api, ctx);
  await faraidRoutes(api, ctx);
  await clientsRoutes(api, ctx);
  await ekycRoutes(api, ctx);
  // The 2021 client's eKYC route token (issue 20, ADR 0182), beside the ekyc module's routes.
  await routeTokenRoutes(api, ctx);
  await otpRoutes(api, ctx);
  await reportsRoutes(api, ctx);
  await auditRoutes(api, ctx);
  await hibahRoutes(api, ctx);
  await amendmentsRoutes(api, ctx);
  await securityRoutes(api, ctx);
  await tekunRoutes(api, ctx);
  await ezQurbanRoutes(api, ctx);
  await postcodesRoutes(api, ctx);
  await supportRoutes(api, ctx);
  await jobsRoutes(api, ctx);
  await grantsRoutes(api, ctx);
  await remindersRoutes(api, ctx);
  await noticesRoutes(api, ctx);
  // After a death: reports, verification, the lock, the "is there a will?" inquiry (issue 40; ADRs 0261, 0262).
  await deathsRoutes(api, ctx);
  // The right office for a verified deceased's estate (issue 40 item 7; ADR 0271).
  await estatesRoutes(api, ctx);
  // The heirs' consent to bequests to heirs or beyond one third (issue 40 item 5; ADR 0275).
  await consentsRoutes(api, ctx);
  // The asset and nominee map during life (issue 40 item 6; ADR 0269).
  await assetsRoutes(api, ctx);
  // The institutions a bequest may go to: councils, mosques, charities, waqf (issue 41 item 7; ADR 0268).
  await institutionsRoutes(api, ctx);
  // The executor and guardians a registered will names accept or decline (issue 41 item 3; ADR 0276).
  await acceptancesRoutes(api, ctx);
}
