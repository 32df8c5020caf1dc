/** Public entry of the payments feature for other features (dashboard). */
export { StaffTransactions } from './StaffTransactions.tsx';
