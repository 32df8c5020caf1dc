/**
 * Routes of the amendments feature (spec §2 Will, Search, Verification lists, Trusts; issues 4 and 5):
 * apply and pay, the wizard /wasiat/{wasiat_id}/pindaan-* (parts a–i, the MyKad and eKYC page pindaan-ekyc,
 * property pages, draft review), the officer lists, the client's list, search (carian), the public witness
 * page opened from the signed link, and hibah amendments (ADR 0038): /trust/part-listpindaan,
 * /trust/pindaan/{amendment_id}/… (with its MyKad & eKYC part `ekyc`, ADR 0097),
 * /trust/pengesahan/list-pindaan-hibah.
 */
import type { RouteObject } from 'react-router';
import type { FeatureRoutes } from '@/app/routes-types.ts';

const page = (path: string, load: () => Promise<{ Component: React.ComponentType }>): RouteObject => ({
  path,
  lazy: load,
});
const people = () => import('./parts/PeopleParts.tsx');
const property = () => import('./parts/PropertyParts.tsx');
const flow = () => import('./parts/FlowParts.tsx');
const lists = () => import('./pages/AmendmentListPage.tsx');
const search = () => import('./pages/SearchPages.tsx');
const list = (path: string, titleKey: string, props: { status?: string; search?: boolean; filter?: boolean } = {}) =>
  page(path, async () => {
    const { AmendmentListPage } = await lists();
    return { Component: () => <AmendmentListPage titleKey={titleKey} {...props} /> };
  });

const wizard: RouteObject = {
  lazy: async () => ({ Component: (await import('./components/AmendmentWizard.tsx')).AmendmentWizard }),
  children: [
    page('/wasiat/:wasiat_id/pindaan-a', async () => ({ Component: (await flow()).PindaanA })),
    page('/wasiat/:wasiat_id/pindaan-b', async () => ({ Component: (await people()).PindaanB })),
    page('/wasiat/:wasiat_id/pindaan-ekyc', async () => ({
      Component: (await import('./parts/IdentityPart.tsx')).PindaanEkyc,
    })),
    page('/wasiat/:wasiat_id/pindaan-c', async () => ({ Component: (await people()).PindaanC })),
    page('/wasiat/:wasiat_id/pindaan-d', async () => ({ Component: (await property()).PindaanD })),
    page('/wasiat/:wasiat_id/pindaan-harta-tak-alih', async () => {
      const { PropertyPage } = await property();
      return { Component: () => <PropertyPage kind="immoveables" /> };
    }),
    page('/wasiat/:wasiat_id/pindaan-harta-alih', async () => {
      const { PropertyPage } = await property();
      return { Component: () => <PropertyPage kind="moveables" /> };
    }),
    page('/wasiat/:wasiat_id/pindaan-e', async () => ({ Component: (await people()).PindaanE })),
    page('/wasiat/:wasiat_id/pindaan-f', async () => ({ Component: (await flow()).PindaanF })),
    page('/wasiat/:wasiat_id/pindaan-g', async () => ({ Component: (await flow()).PindaanG })),
    page('/wasiat/:wasiat_id/pindaan-h', async () => ({ Component: (await flow()).PindaanH })),
    page('/wasiat/:wasiat_id/pindaan-i', async () => ({ Component: (await people()).PindaanI })),
    page('/wasiat/:wasiat_id/pindaan-draf', async () => ({ Component: (await flow()).PindaanDraft })),
  ],
};

const hibahParts = () => import('./hibah/HibahAmendmentParts.tsx');
/** The hibah amendment's page and its parts (ADR 0038); the property pages are the will wizard's. */
const hibahAmendment: RouteObject = {
  path: '/trust/pindaan/:amendment_id',
  lazy: async () => ({ Component: (await import('./hibah/HibahAmendmentFrame.tsx')).HibahAmendmentFrame }),
  children: [
    { index: true, lazy: async () => ({ Component: (await hibahParts()).HibahSummaryPart }) },
    page('penerima', async () => ({ Component: (await hibahParts()).HibahReceiversPart })),
    page('harta-tak-alih', async () => {
      const { PropertyPage } = await property();
      return { Component: () => <PropertyPage kind="immoveables" /> };
    }),
    page('harta-alih', async () => {
      const { PropertyPage } = await property();
      return { Component: () => <PropertyPage kind="moveables" /> };
    }),
    page('penjaga', async () => ({ Component: (await hibahParts()).HibahCaretakersPart })),
    page('saksi', async () => ({ Component: (await hibahParts()).HibahWitnessesPart })),
    page('mesej', async () => ({ Component: (await hibahParts()).HibahMessagePart })),
    page('ekyc', async () => ({
      Component: (await import('./hibah/HibahIdentityPart.tsx')).HibahIdentityPart,
    })),
    page('hantar', async () => ({ Component: (await hibahParts()).HibahSubmitPart })),
    page('draf', async () => ({ Component: (await hibahParts()).HibahDraftPart })),
  ],
};

export const amendmentsRoutes: FeatureRoutes = {
  public: [
    page('/pindaan/saksi/:witness_id', async () => ({
      Component: (await import('./pages/WitnessPage.tsx')).WitnessPage,
    })),
  ],
  private: [
    page('/wasiat/MohonPindaan', async () => ({ Component: (await import('./pages/ApplyPage.tsx')).ApplyPage })),
    page('/wasiat/:wasiat_id/pindaanPayVerified', async () => ({
      Component: (await import('./pages/PayVerifiedPage.tsx')).PayVerifiedPage,
    })),
    wizard,
    list('/wasiat/pengesahan/pindaan', 'amendments.lists.pengesahan', { status: '1' }),
    list('/wasiat/pengesahan/list-pindaan', 'amendments.lists.list_pindaan', { status: '1,3' }),
    list('/wasiat/pengesahan/list-pindaan-saksi', 'amendments.lists.list_pindaan_saksi', { status: '4' }),
    list('/wasiat/pindaan/senarai-pindaan', 'amendments.lists.senarai', { filter: true }),
    list('/wasiat/pindaan/senarai-pindaan/search', 'amendments.lists.search', { search: true }),
    list('/pindaan/list', 'amendments.lists.mine', { filter: true }),
    page('/trust/part-listpindaan', async () => ({
      Component: (await import('./hibah/ListPindaanPage.tsx')).ListPindaanPage,
    })),
    hibahAmendment,
    page('/trust/pengesahan/list-pindaan-hibah', async () => ({
      Component: (await import('./hibah/VerifyListPage.tsx')).VerifyListPage,
    })),
    page('/carian/semak', async () => ({ Component: (await search()).SemakPage })),
    page('/carian/senarai', async () => ({ Component: (await search()).SenaraiPage })),
    ...(['a', 'b', 'c', 'd', 'e'] as const).map((k) =>
      page(`/carian/status-${k}`, async () => {
        const { StatusListPage } = await search();
        return { Component: () => <StatusListPage which={k} /> };
      }),
    ),
  ],
};
