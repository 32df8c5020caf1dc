/**
 * Preference sub-page of /organization/{organization_id} (spec §2 Organisations): preference edit. The form
 * checks the domain's `preferenceSchema`, then calls `GET|PATCH /api/organization/{id}/preference`
 * (apps/api/src/modules/organisations/manage-routes.ts).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { preferenceSchema, STOCK_ACCOUNT_TYPES } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { api } from '@/lib/api.ts';
import { successToast } from '@/lib/notify.tsx';
import { EntityForm, type FieldSpec } from '../components/EntityForm.tsx';
import { Frame, str } from './Frame.tsx';
import { PREFERENCE_FLAGS, PREFERENCE_TOTALS } from './OrganisationPage.tsx';

/** /organization/{id}/preference/edit: flags as yes (1) / no (2), totals (empty = no limit). */
export function PreferenceFormPage() {
  const { t } = useTranslation();
  const { organization_id: orgId = '' } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const pref = useQuery({
    queryKey: ['organization', orgId, 'preference'],
    queryFn: async () =>
      (await api.get<{ preference: Record<string, unknown> }>(`organization/${orgId}/preference`)).preference,
  });
  if (!pref.data) return null;
  const fields: FieldSpec[] = [
    ...PREFERENCE_FLAGS.map((f) => ({ name: f, label: `organisations.pref.${f}`, kind: 'yesno' as const })),
    ...PREFERENCE_TOTALS.map((f) => ({
      name: f,
      label: `organisations.pref.${f}`,
      kind: 'number' as const,
      description: 'organisations.ui.empty_no_limit',
    })),
    {
      name: 'stock_account_type',
      label: 'organisations.pref.stock_account_type',
      kind: 'select',
      options: STOCK_ACCOUNT_TYPES.map((s) => ({ value: s, label: `organisations.pref.stock_account_types.${s}` })),
    },
    { name: 'fixed_property_name', label: 'organisations.pref.fixed_property_name' },
    { name: 'fixed_stock_name', label: 'organisations.pref.fixed_stock_name' },
  ];
  const d = pref.data;
  return (
    <Frame title={t('organisations.ui.edit_preference')}>
      <EntityForm
        testId="preference-form"
        fields={fields}
        defaults={Object.fromEntries(fields.map((f) => [f.name, f.kind === 'yesno' ? d[f.name] : str(d[f.name])]))}
        schema={preferenceSchema}
        submitLabel={t('organisations.ui.save')}
        onSubmit={async (body) => {
          await api.patch(`organization/${orgId}/preference`, body);
          await qc.invalidateQueries({ queryKey: ['organization', orgId] });
          successToast(t('organisations.ui.saved'));
          navigate(`/organization/${orgId}`);
        }}
      />
    </Frame>
  );
}
