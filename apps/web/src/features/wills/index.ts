/** What other features may use from the wills feature (DESIGN.md §9.1 feature boundaries). */

export { Busy } from './components/Busy.tsx';
export { Notice } from './components/Notice.tsx';
export { WillStatusBadge, willStatusLabelKey } from './components/WillStatus.tsx';
export { formatMalaysianDateTime } from './lib/datetime.ts';
