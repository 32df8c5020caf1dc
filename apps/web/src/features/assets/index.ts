/**
 * Public face of the assets feature (issue 40 item 6; ADR 0269): its routes, and the "from my asset map" picker the
 * will wizard's property part shows beside its form.
 */
export { AssetPicker } from './AssetPicker.tsx';
export { assetsRoutes } from './routes.tsx';
