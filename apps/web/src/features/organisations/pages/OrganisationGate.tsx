/**
 * The gate of an organisation's sub-pages (`/organization/{organization_id}/…` and
 * `/organizations/{organization_id}/promo-codes`; issue 38): the organisation is read first, without a toast
 * (`GET /api/organization/{id}`). Another organisation's id (the API answers 404, or 403) gives the one
 * not-found page and the page itself is never rendered, so none of its own calls is made (before, a partner
 * got a blank or empty page under a toast per refused call). Any other failure says the page could not load.
 * Nothing is shown while the organisation loads. The server still refuses every call on its own (ADR 0020).
 */
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isNotFound } from '@/app/access.tsx';
import { NotFoundPage } from '@/app/layout/NotFoundPage.tsx';
import { useOrganisation } from '../api.ts';

/** Render `children` once the organisation of the address's `:organization_id` is found; see the file comment. */
export function OrganisationGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { organization_id: id } = useParams();
  const org = useOrganisation(id, { silent: true });
  if (org.error)
    return isNotFound(org.error) ? <NotFoundPage /> : <Text role="alert">{t('dashboard.load_failed')}</Text>;
  if (!org.data) return null;
  return children;
}
