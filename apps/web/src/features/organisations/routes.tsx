/**
 * Routes of the organisations feature (spec §2 "Organisations"), all behind login, code-split:
 * /organization/type/{type}, /organization/rakan/, /organization/create, /organization/{type}/register,
 * /organization/{organization_id} with edit, branch (create, {branch_id}, edit), user (create, {user_id},
 * edit), pricing (create, {pricing_id}, edit), preference (edit), product (list, create, {product_id}, edit);
 * /organizations/{organization_id}/promo-codes. Which role may open which page: app/page-access.ts. Every page of
 * one organisation but its main page (which does it itself) is behind OrganisationGate (issue 38).
 */
import type { RouteObject } from 'react-router';
import type { FeatureRoutes } from '@/app/routes-types.ts';

const page = (path: string, load: () => Promise<{ Component: React.ComponentType }>): RouteObject => ({
  path,
  lazy: load,
});
/**
 * A page of one organisation (`:organization_id`) behind OrganisationGate: another organisation's id gives the
 * not-found page and the page's own calls are not made (issue 38).
 */
const orgPage = (path: string, load: () => Promise<{ Component: React.ComponentType }>): RouteObject =>
  page(path, async () => {
    const [{ Component: Page }, { OrganisationGate }] = await Promise.all([
      load(),
      import('./pages/OrganisationGate.tsx'),
    ]);
    return {
      Component: () => (
        <OrganisationGate>
          <Page />
        </OrganisationGate>
      ),
    };
  });
const sub = async () => import('./pages/SubPages.tsx');
const products = async () => import('./pages/ProductPages.tsx');
const form = async () => ({ Component: (await import('./pages/OrganisationFormPage.tsx')).OrganisationFormPage });

/** Routes of the organisations feature. */
export const organisationsRoutes: FeatureRoutes = {
  public: [],
  private: [
    page('/organization/type/:type', async () => ({
      Component: (await import('./pages/OrganisationListPage.tsx')).OrganisationListPage,
    })),
    page('/organization/rakan', async () => ({
      Component: (await import('./pages/OrganisationListPage.tsx')).PartnerListPage,
    })),
    page('/organization/mine', async () => ({
      Component: (await import('./pages/OrganisationPage.tsx')).MyOrganisationRedirect,
    })),
    page('/organization/create', form),
    page('/organization/:type/register', form),
    page('/organization/:organization_id', async () => ({
      Component: (await import('./pages/OrganisationPage.tsx')).OrganisationPage,
    })),
    orgPage('/organization/:organization_id/edit', form),
    orgPage('/organization/:organization_id/branch/create', async () => ({ Component: (await sub()).BranchFormPage })),
    orgPage('/organization/:organization_id/branch/:branch_id', async () => ({ Component: (await sub()).BranchPage })),
    orgPage('/organization/:organization_id/branch/:branch_id/edit', async () => ({
      Component: (await sub()).BranchFormPage,
    })),
    orgPage('/organization/:organization_id/user/create', async () => ({ Component: (await sub()).StaffFormPage })),
    orgPage('/organization/:organization_id/user/:user_id', async () => ({ Component: (await sub()).StaffPage })),
    orgPage('/organization/:organization_id/user/:user_id/edit', async () => ({
      Component: (await sub()).StaffFormPage,
    })),
    orgPage('/organization/:organization_id/individu', async () => ({ Component: (await sub()).IndividuPage })),
    orgPage('/organization/:organization_id/pricing/create', async () => ({
      Component: (await sub()).PricingFormPage,
    })),
    orgPage('/organization/:organization_id/pricing/:pricing_id', async () => ({
      Component: (await sub()).PricingPage,
    })),
    orgPage('/organization/:organization_id/pricing/:pricing_id/edit', async () => ({
      Component: (await sub()).PricingFormPage,
    })),
    orgPage('/organization/:organization_id/preference/edit', async () => ({
      Component: (await sub()).PreferenceFormPage,
    })),
    orgPage('/organization/:organization_id/product', async () => ({ Component: (await products()).ProductListPage })),
    orgPage('/organization/:organization_id/product/create', async () => ({
      Component: (await products()).ProductFormPage,
    })),
    orgPage('/organization/:organization_id/product/:product_id', async () => ({
      Component: (await products()).ProductPage,
    })),
    orgPage('/organization/:organization_id/product/:product_id/edit', async () => ({
      Component: (await products()).ProductFormPage,
    })),
    orgPage('/organizations/:organization_id/promo-codes', async () => ({
      Component: (await import('./pages/PromoCodesPage.tsx')).PromoCodesPage,
    })),
  ],
};
