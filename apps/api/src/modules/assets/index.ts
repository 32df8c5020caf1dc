/**
 * The assets module's public surface (DESIGN.md §2; ADR 0217): the asset and nominee map a testator keeps during
 * life (issue 40 item 6; ADR 0269) — its routes and its yearly review job. A name is added when another module
 * needs it (the estate file of issue 40 item 4 will want the map: queries.ts `readMap`).
 */
export { liveEntriesOf } from './queries.ts';
export { ASSET_REVIEW_JOB, runAssetReviews } from './review.ts';
