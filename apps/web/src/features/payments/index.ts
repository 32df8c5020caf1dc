/**
 * Public entry of the payments feature for other features (dashboard, the will's payment part, the offline choice of
 * the hibah, amendment and ezQurban payment screens).
 */
export { AtbProgress } from './AtbProgress.tsx';
export { latestFailureReason, paymentOptions, shareLink, uploadSlip } from './api.ts';
export { emptyModeValues, ModeFields, type ModeValues, modeBody } from './ModeFields.tsx';
export { OfflinePendingGate } from './OfflineDeclaration.tsx';
export { OfflinePayment } from './OfflinePayment.tsx';
export { StaffTransactions } from './StaffTransactions.tsx';
