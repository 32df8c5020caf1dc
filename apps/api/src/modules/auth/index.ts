/**
 * The auth module's public surface (DESIGN.md §2; ADR 0217): other modules and the composition root import
 * only from here. It holds what they use today; a name is added when another module needs it.
 */

export type { Access, AuthUser } from '../../platform/auth/guard.ts';
export { guardPlugin, requireUser, userCan } from '../../platform/auth/guard.ts';
export { assertChannelChange, channelsDiffer, mailChannelChanged } from './channels.ts';
// Invitations to set a password (ADR 0243), sent by the organisations and users modules.
export { INVITATION_DAYS, latestInvitation, sendInvitation } from './invitations.ts';
// The edge adapter's registrations (compat/v2021/auth/; ADR 0135): the contract a login opens, the user shape's additions.
export type { UserShape, UserShapeFacts } from './serialize-user.ts';
export { registerUserShape } from './serialize-user.ts';
// An administrator's password link for another user (compat/v2021/organisations/original-admin.ts; ADR 0226).
export { registerLoginContract, requestPasswordReset, serializeUser } from './service.ts';
// The second factor of staff logins (ADR 0081), used by the security module's routes and the composition root.
export {
  enrol,
  regenerateRecoveryCodes,
  resetTwoFactor,
  seedDemoTwoFactor,
  twoFactorStatus,
  verifySecondFactor,
} from './two-factor.ts';
