/** What other features may use from the amendments feature (DESIGN.md §9.1). */
export { WillVersionPanel } from './components/WillVersionPanel.tsx';
