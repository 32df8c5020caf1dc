/**
 * Branch sub-pages of /organization/{organization_id} (spec §2 Organisations): branch create, {branch_id} and
 * edit. The form checks the domain's `branchSchema`, then calls `POST /api/branch` or `GET|PATCH /api/branch/{id}`
 * (apps/api/src/modules/organisations/manage-routes.ts).
 */
import { Button } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { branchSchema, can } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '@/lib/api.ts';
import { successToast } from '@/lib/notify.tsx';
import type { Branch } from '../api.ts';
import { Detail } from '../components/Detail.tsx';
import { EntityForm, type FieldSpec } from '../components/EntityForm.tsx';
import { Frame, role, STATUS, str } from './Frame.tsx';

const BRANCH_FIELDS: FieldSpec[] = [
  { name: 'branch_name', label: 'organisations.f.branch_name', required: true },
  { name: 'code', label: 'organisations.f.code' },
  { name: 'email', label: 'organisations.f.email', kind: 'email' },
  { name: 'phone_number', label: 'organisations.f.phone_number' },
  { name: 'address', label: 'organisations.f.address', required: true },
  { name: 'postcode', label: 'organisations.f.postcode', required: true },
  { name: 'city', label: 'organisations.f.city', required: true },
  { name: 'state', label: 'organisations.f.state', kind: 'state', required: true },
  { name: 'status', label: 'organisations.f.status', kind: 'select', options: STATUS },
];

const useBranch = (id: string | undefined) =>
  useQuery({
    queryKey: ['branch', id],
    enabled: !!id,
    queryFn: async () => (await api.get<{ branch: Branch }>(`branch/${id}`)).branch,
  });

/** /organization/{id}/branch/create and /organization/{id}/branch/{branch_id}/edit. */
export function BranchFormPage() {
  const { t } = useTranslation();
  const { organization_id: orgId = '', branch_id } = useParams();
  const b = useBranch(branch_id);
  const navigate = useNavigate();
  const qc = useQueryClient();
  if (branch_id && !b.data) return null;
  const d = b.data;
  return (
    <Frame title={branch_id ? t('organisations.ui.edit_branch') : t('organisations.ui.add_branch')}>
      <EntityForm
        testId="branch-form"
        fields={BRANCH_FIELDS}
        defaults={Object.fromEntries(
          BRANCH_FIELDS.map((f) => [f.name, str(d?.[f.name as keyof Branch] ?? (f.name === 'status' ? 1 : ''))]),
        )}
        schema={branchSchema.omit({ organization_id: true })}
        submitLabel={t('organisations.ui.save')}
        onSubmit={async (body) => {
          const payload = { ...body, organization_id: orgId };
          const r = branch_id
            ? await api.patch<{ branch: Branch }>(`branch/${branch_id}`, payload)
            : await api.post<{ branch: Branch }>('branch', payload);
          await qc.invalidateQueries({ queryKey: ['organization', orgId] });
          await qc.invalidateQueries({ queryKey: ['branch'] });
          successToast(t('organisations.ui.saved'));
          navigate(`/organization/${orgId}/branch/${r.branch.id}`);
        }}
      />
    </Frame>
  );
}

/** /organization/{id}/branch/{branch_id}. */
export function BranchPage() {
  const { t } = useTranslation();
  const { organization_id: orgId, branch_id } = useParams();
  const b = useBranch(branch_id).data;
  if (!b) return null;
  return (
    <Frame
      title={b.branch_name}
      actions={
        can(role(), 'branch:manage') && (
          <Button component={Link} to={`/organization/${orgId}/branch/${b.id}/edit`} variant="default">
            {t('organisations.ui.edit')}
          </Button>
        )
      }
    >
      <Detail
        items={[
          [t('organisations.f.code'), b.code],
          [t('organisations.f.email'), b.email],
          [t('organisations.f.phone_number'), b.phone_number],
          [t('organisations.f.address'), [b.address, b.postcode, b.city, b.state].filter(Boolean).join(', ')],
          [t('organisations.f.status'), b.status === 1 ? t('organisations.ui.active') : t('organisations.ui.inactive')],
          [t('organisations.ui.headquarters'), b.is_headquarter ? t('organisations.ui.yes') : t('organisations.ui.no')],
        ]}
      />
    </Frame>
  );
}
