/**
 * Individu sub-page of /organization/{organization_id} (spec §2 Organisations; ADR 0019): an individual
 * organisation's particulars and its owner account, via `GET|POST /api/organization/{id}/individu`
 * (apps/api/src/modules/organisations/manage-routes.ts).
 */
import { Button, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { can } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api } from '@/lib/api.ts';
import { successToast } from '@/lib/notify.tsx';
import type { Staff } from '../api.ts';
import { Detail } from '../components/Detail.tsx';
import { Frame, role } from './Frame.tsx';

interface Individu {
  individual: boolean;
  organization: { id: string; name: string; code: string; mykad_number: string | null; email: string | null };
  owner: Staff | null;
}

/**
 * /organization/{id}/individu — the Individu page (spec §2; ADR 0019): an individual organisation's
 * particulars and its owner account (a Partner with the organisation's MyKad); staff with `staff:manage`
 * create the owner account once, which e-mails the owner an invitation to set a password.
 */
export function IndividuPage() {
  const { t } = useTranslation();
  const { organization_id: orgId = '' } = useParams();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['organization', orgId, 'individu'],
    queryFn: async () => api.get<Individu>(`organization/${orgId}/individu`),
  });
  const d = q.data;
  if (!d) return null;
  const createOwner = async () => {
    await api.post(`organization/${orgId}/individu`, {});
    successToast(t('organisations.ui.invited'));
    await qc.invalidateQueries({ queryKey: ['organization', orgId] });
  };
  return (
    <Frame
      title={t('organisations.ui.individu')}
      actions={
        d.individual &&
        !d.owner &&
        can(role(), 'staff:manage') && <Button onClick={createOwner}>{t('organisations.ui.create_owner')}</Button>
      }
    >
      <Detail
        items={[
          [t('organisations.f.name'), d.organization.name],
          [t('organisations.f.code'), d.organization.code],
          [t('organisations.f.mykad_number'), d.organization.mykad_number],
          [t('organisations.f.email'), d.organization.email],
        ]}
      />
      <Title order={2} size="h4">
        {t('organisations.ui.owner')}
      </Title>
      {!d.individual ? (
        <p>{t('organisations.ui.not_individual')}</p>
      ) : d.owner ? (
        <Detail
          items={[
            [t('organisations.f.name'), d.owner.name],
            [t('organisations.f.username'), d.owner.username],
            [t('organisations.f.email'), d.owner.email],
            [t('organisations.f.access'), t(`organisations.access.${d.owner.user_access.status}`)],
          ]}
        />
      ) : (
        <p>{t('organisations.ui.no_owner')}</p>
      )}
    </Frame>
  );
}
