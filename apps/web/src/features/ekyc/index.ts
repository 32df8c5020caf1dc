/** What other features use from the eKYC feature: the MyKad reading panel and the agent's eKYC link. */
export { EkycLinkPanel } from './EkycLinkPanel.tsx';
export { hasReading, type MykadOcr, MykadReading } from './MykadReading.tsx';
