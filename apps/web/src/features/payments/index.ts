/** Public entry of the payments feature for other features (dashboard, the will's payment part). */
export { AtbProgress } from './AtbProgress.tsx';
export { StaffTransactions } from './StaffTransactions.tsx';
